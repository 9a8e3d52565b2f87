package jsonappend

import (
	"encoding/json"
	"testing"
	"time"
)

// TestAppenders_writeWhatMarshalWrites: each appender's output is byte for byte json.Marshal's,
// for strings that need escaping of every kind and times in other zones.
func TestAppenders_writeWhatMarshalWrites(t *testing.T) {
	for _, s := range []string{"", "plain-id", `a"b`, `back\slash`, "<b>Tom & Jerry</b>", "tab\tnew\nline", "é", "\u2028\u2029",
		"\x00\x1f", "bad utf-8 \xff"} {
		check(t, String(nil, s), s)
	}
	paris := time.FixedZone("Paris", 3600)
	for _, at := range []time.Time{time.Date(2026, 11, 28, 1, 2, 3, 123400, paris), time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), {}} {
		got, err := Time(nil, at)
		if err != nil {
			t.Fatal(err)
		}
		check(t, got, at)
	}
	if _, err := Time(nil, time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)); err == nil {
		t.Error("Time wrote a year json.Marshal refuses")
	}
	check(t, Bool(nil, true), true)
	check(t, Bool([]byte("x"), false)[1:], false)
}

func check(t *testing.T, got []byte, v any) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%#v: got %s, want %s", v, got, want)
	}
}
