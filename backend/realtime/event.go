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
	id, err := uuid.NewV7()
	if err != nil {
		return Event{}, fmt.Errorf("realtime: event id: %w", err)
	}
	ev := Event{Type: typ, ID: id.String(), At: time.Now().UTC()}
	appendData, ok := data.(jsonappend.Appender)
	if !ok {
		raw, err := json.Marshal(data)
		if err != nil {
			return Event{}, fmt.Errorf("realtime: marshal %s data: %w", typ, err)
		}
		appendData = rawJSON(raw)
	}
	if err := ev.encode(appendData); err != nil {
		return Event{}, fmt.Errorf("realtime: marshal %s data: %w", typ, err)
	}
	return ev, nil
}

// rawJSON is data already marshalled.
type rawJSON []byte

func (r rawJSON) AppendJSON(b []byte) ([]byte, error) { return append(b, r...), nil }

// encode writes ev's frame, with data as its Data, as json.Marshal does, in one buffer: without
// going over the data again (Marshal checks and compacts a RawMessage: a second pass over every
// event of a fan-out to 10,000 users) and without an allocation for each of its other fields.
// Data becomes the frame's slice that holds it.
func (ev *Event) encode(data jsonappend.Appender) error {
	size := len(ev.Type) + len(ev.ID) + len(time.RFC3339Nano) + 40
	if raw, ok := data.(rawJSON); ok {
		size += len(raw)
	} else {
		size += 512 // a task alert is about 400 bytes
	}
	b := jsonappend.String(append(make([]byte, 0, size), `{"type":`...), ev.Type)
	b = append(b, `,"data":`...)
	start := len(b)
	b, err := data.AppendJSON(b)
	if err != nil {
		return err
	}
	end := len(b)
	b = jsonappend.String(append(b, `,"id":`...), ev.ID)
	if b, err = jsonappend.Time(append(b, `,"at":`...), ev.At); err != nil {
		return err
	}
	ev.encoded = append(b, '}')
	ev.Data = json.RawMessage(ev.encoded[start:end:end])
	return nil
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
