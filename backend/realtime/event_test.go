package realtime

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
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
	// A type and an id that need escaping, and a time in another zone, through encodeFrame alone.
	paris := time.FixedZone("Paris", 3600)
	for _, typ := range []string{`a"b`, `<&>`, "tab\t", "é", "\u2028"} {
		ev := Event{Type: typ, Data: json.RawMessage(`{}`), ID: typ + "-id", At: time.Date(2026, 11, 27, 23, 0, 0, 123400, paris)}
		var err error
		if ev.encoded, err = encodeFrame(ev); err != nil {
			t.Fatal(err)
		}
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
