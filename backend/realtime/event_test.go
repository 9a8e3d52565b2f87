package realtime

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestNewEvent_frameIsWhatMarshalWrites: the frame NewEvent encodes by hand is byte for byte what
// encoding/json writes for the same event, for data of every shape (escaping included).
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
		frame, err := ev.frame()
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(Event{Type: ev.Type, Data: ev.Data, ID: ev.ID, At: ev.At})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(frame, want) {
			t.Errorf("data %v: frame\n%s\nwant\n%s", data, frame, want)
		}
	}
}
