// Package jsonappend appends JSON values to a byte slice exactly as encoding/json writes them,
// without reflection and without an allocation of their own. It is for data built thousands at a
// time, such as the task alerts of one post, where json.Marshal was 7 % of an instance's CPU
// (docs/performance.md, "Fan-out"); anything else marshals as usual.
package jsonappend

import (
	"encoding/json"
	"time"
	"unicode/utf8"
)

// Appender is a value that writes its own JSON, what json.Marshal writes for it.
type Appender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// String appends s as encoding/json writes it: as it is, in quotes, when no byte of it needs
// escaping (ids, most titles), else through json.Marshal.
func String(b []byte, s string) []byte {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			quoted, _ := json.Marshal(s) // a string always marshals
			return append(b, quoted...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// Time appends t as time.Time's MarshalJSON writes it; like it, it fails for a year outside
// 0–9999.
func Time(b []byte, t time.Time) ([]byte, error) {
	b, err := t.AppendText(append(b, '"'))
	return append(b, '"'), err
}

// Bool appends true or false.
func Bool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}
