// Package apperrtest checks validation errors in tests: the validation tables of several
// domains hold their refusals to the same standard.
package apperrtest

import (
	"errors"
	"testing"

	"bridgework/backend/apperr"
)

// Messages are the field messages a refusal must carry, in rule order: {field, message}. The
// first is also the error's own message.
type Messages [][2]string

// Refused fails t unless err is an invalid-input error with exactly want's field messages, the
// first as its message.
func Refused(t testing.TB, err error, want Messages) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.Invalid {
		t.Fatalf("error = %v, want invalid %v", err, want)
	}
	if e.Message != want[0][1] || len(e.Fields) != len(want) {
		t.Fatalf("message %q, fields %v; want %v", e.Message, e.Fields, want)
	}
	for _, m := range want {
		if e.Fields[m[0]] != m[1] {
			t.Fatalf("fields %v, want %v", e.Fields, want)
		}
	}
}
