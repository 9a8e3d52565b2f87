package realtime

import (
	"encoding/json"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
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
// encoded here, once, for the broker and every socket: an event is not changed after.
func NewEvent(typ string, data any) (Event, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return Event{}, fmt.Errorf("realtime: marshal %s data: %w", typ, err)
	}
	id, err := uuid.NewV7()
	if err != nil {
		return Event{}, fmt.Errorf("realtime: event id: %w", err)
	}
	ev := Event{Type: typ, Data: raw, ID: id.String(), At: time.Now().UTC()}
	ev.encoded, err = encodeFrame(ev)
	return ev, err
}

// encodeFrame writes ev as json.Marshal does, without going over Data again (Marshal checks and
// compacts a RawMessage: a second pass over every event of a fan-out to 10,000 users), and
// without an allocation for each of its other fields.
func encodeFrame(ev Event) ([]byte, error) {
	b := make([]byte, 0, len(ev.Type)+len(ev.Data)+len(ev.ID)+len(time.RFC3339Nano)+40)
	b = appendJSONString(append(b, `{"type":`...), ev.Type)
	b = append(append(b, `,"data":`...), ev.Data...)
	b = appendJSONString(append(b, `,"id":`...), ev.ID)
	b, err := ev.At.AppendText(append(b, `,"at":"`...)) // MarshalJSON's text, quoted
	return append(b, `"}`...), err
}

// appendJSONString appends s as encoding/json writes it: as it is, in quotes, when no byte of it
// needs escaping (an event's type and id), else through json.Marshal.
func appendJSONString(b []byte, s string) []byte {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			quoted, _ := json.Marshal(s) // a string always marshals
			return append(b, quoted...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
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
