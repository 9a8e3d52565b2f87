package realtime

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"bridgework/backend/jsonappend"
)

// The transport's own server → client event types. The domains name theirs (chat.EventMessage,
// notify.EventNew, tasks.EventSubmissionStatus…; DESIGN.md §4) and publish them through the app.
const (
	// TypeReady is the server's answer to a valid auth frame; data is {"userId": "..."}.
	TypeReady = "ready"
	// TypePong answers a client "ping"; data echoes the ping's data.
	TypePong = "pong"
	// TypeResync tells clients that this instance may have missed events (for
	// example while Redis was unreachable) and that they should refetch what
	// they show. The app sends it from RedisOptions.OnReconnect; the Redis broker sends it to the
	// users of a publish that failed.
	TypeResync = "resync"
)

// The transport's own client → server frame types; any other frame goes to Options.OnClientEvent.
const (
	ClientAuth = "auth"
	ClientPing = "ping"
)

// Event is the one frame shape on the socket and on the broker:
// {"type": "...", "data": {...}, "id": "...", "at": "RFC 3339"}.
type Event struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
	ID   string          `json:"id,omitempty"`
	At   time.Time       `json:"at,omitzero"`

	// encoded is the event as it arrived from the broker, when it did: the hub sends those
	// bytes as they are rather than encode the event again.
	encoded []byte
}

// frame is the event's encoding for the socket.
func (ev Event) frame() ([]byte, error) {
	if ev.encoded != nil {
		return ev.encoded, nil
	}
	return json.Marshal(ev)
}

// NewEvent marshals data and stamps the event with a time-ordered id (UUID v7)
// and the current UTC time, so clients can ask for "everything since <id>". Its frame is
// encoded here, once, for the broker and every socket: an event is not changed after. Data that
// writes its own JSON (a jsonappend.Appender, such as a task alert) is written straight into the
// frame.
func NewEvent(typ string, data any) (Event, error) {
	ev, appendData, err := newEvent(typ, data)
	if err != nil {
		return Event{}, err
	}
	size := len(ev.Type) + len(ev.ID) + len(time.RFC3339Nano) + 40
	if raw, ok := appendData.(rawJSON); ok {
		size += len(raw)
	} else {
		size += 512 // a task alert is about 400 bytes
	}
	b, start, end, err := ev.appendFrame(make([]byte, 0, size), appendData)
	if err != nil {
		return Event{}, err
	}
	ev.encoded, ev.Data = b, json.RawMessage(b[start:end:end])
	return ev, nil
}

// appendEvent appends the frame of a new event of typ carrying data (as NewEvent makes it) to b:
// for PublishEach, which writes thousands of them into the messages it sends, and would only copy
// each event's frame there.
func appendEvent(b []byte, typ string, data any) ([]byte, error) {
	ev, appendData, err := newEvent(typ, data)
	if err != nil {
		return b, err
	}
	b, _, _, err = ev.appendFrame(b, appendData)
	return b, err
}

// newEvent is an event of typ without its data and frame yet: its id and time, and data as it
// will write itself.
func newEvent(typ string, data any) (Event, jsonappend.Appender, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return Event{}, nil, fmt.Errorf("realtime: event id: %w", err)
	}
	appendData, ok := data.(jsonappend.Appender)
	if !ok {
		raw, err := json.Marshal(data)
		if err != nil {
			return Event{}, nil, fmt.Errorf("realtime: marshal %s data: %w", typ, err)
		}
		appendData = rawJSON(raw)
	}
	return Event{Type: typ, ID: id.String(), At: time.Now().UTC()}, appendData, nil
}

// rawJSON is data already marshalled.
type rawJSON []byte

func (r rawJSON) AppendJSON(b []byte) ([]byte, error) { return append(b, r...), nil }

// appendFrame appends ev's frame, with data as its data, as json.Marshal writes it: without going
// over the data again (Marshal checks and compacts a RawMessage: a second pass over every event
// of a fan-out to 10,000 users) and without an allocation for each of its other fields. start and
// end are where the data lies in b.
func (ev *Event) appendFrame(b []byte, data jsonappend.Appender) (out []byte, start, end int, err error) {
	b = jsonappend.String(append(b, `{"type":`...), ev.Type)
	b = append(b, `,"data":`...)
	start = len(b)
	if b, err = data.AppendJSON(b); err != nil {
		return b, 0, 0, fmt.Errorf("realtime: marshal %s data: %w", ev.Type, err)
	}
	end = len(b)
	b = jsonappend.String(append(b, `,"id":`...), ev.ID)
	if b, err = jsonappend.Time(append(b, `,"at":`...), ev.At); err != nil {
		return b, 0, 0, fmt.Errorf("realtime: event time: %w", err)
	}
	return append(b, '}'), start, end, nil
}

// NewResync is a TypeResync event, made when it is sent: its id and time say when the client was
// told to catch up.
func NewResync() Event { return mustEvent(TypeResync, struct{}{}) }

// mustEvent is for frames the package builds itself from data that always marshals.
func mustEvent(typ string, data any) Event {
	ev, err := NewEvent(typ, data)
	if err != nil {
		panic(err)
	}
	return ev
}

// authData is the payload of the first client frame.
type authData struct {
	Token string `json:"token"`
}
