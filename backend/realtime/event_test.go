package realtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"bridgework/backend/jsonappend"
)

// TestNewEvent_frameIsWhatMarshalWrites: the frame NewEvent encodes by hand is byte for byte what
// encoding/json writes for the same event, for data of every shape and for types and ids that
// need escaping.
func TestNewEvent_frameIsWhatMarshalWrites(t *testing.T) {
	for _, data := range []any{
		nil, 42, "<b>Tom & Jerry</b> \u2028", []string{"a", "b"},
		map[string]any{"text": "héllo", "n": 1.5, "nested": map[string]any{"ok": true}},
		struct {
			Title string `json:"title"`
			Empty string `json:"empty,omitempty"`
		}{Title: "A \"quoted\" title"},
	} {
		ev, err := NewEvent("chat.message", data)
		if err != nil {
			t.Fatal(err)
		}
		checkFrame(t, ev)
	}
	// A type and an id that need escaping, and a time in another zone, through appendFrame alone.
	paris := time.FixedZone("Paris", 3600)
	for _, typ := range []string{`a"b`, `<&>`, "tab\t", "é", "\u2028"} {
		ev := Event{Type: typ, ID: typ + "-id", At: time.Date(2026, 11, 27, 23, 0, 0, 123400, paris)}
		frame, start, end, err := ev.appendFrame(nil, rawJSON(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		ev.encoded, ev.Data = frame, frame[start:end]
		checkFrame(t, ev)
	}
}

// checkFrame compares ev's frame with what json.Marshal writes for it.
func checkFrame(t *testing.T, ev Event) {
	t.Helper()
	frame, err := ev.frame()
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(Event{Type: ev.Type, Data: ev.Data, ID: ev.ID, At: ev.At})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(frame, want) {
		t.Errorf("frame\n%s\nwant\n%s", frame, want)
	}
}

// appended is data that writes its own JSON, as a task alert does.
type appended struct{ Title string }

func (a appended) AppendJSON(b []byte) ([]byte, error) {
	if a.Title == "fail" {
		return b, errors.New("cannot encode")
	}
	return append(jsonappend.String(append(b, `{"Title":`...), a.Title), '}'), nil
}

// TestNewEvent_dataThatAppendsItself: data that writes its own JSON is written into the frame as
// it writes it, its Data is that part of the frame (appending to it leaves the frame alone), and
// its error is NewEvent's.
func TestNewEvent_dataThatAppendsItself(t *testing.T) {
	ev, err := NewEvent("task.alert", appended{Title: `A "quoted" <title> é`})
	if err != nil {
		t.Fatal(err)
	}
	checkFrame(t, ev)
	want, _ := json.Marshal(appended{Title: `A "quoted" <title> é`})
	if string(ev.Data) != string(want) {
		t.Errorf("data %s, want %s", ev.Data, want)
	}
	frame, _ := ev.frame()
	before := string(frame)
	_ = append(ev.Data, "garbage"...)
	if string(frame) != before {
		t.Errorf("appending to Data changed the frame:\n%s", frame)
	}
	if _, err := NewEvent("task.alert", appended{Title: "fail"}); err == nil {
		t.Error("an appender's error was not NewEvent's")
	}
}
