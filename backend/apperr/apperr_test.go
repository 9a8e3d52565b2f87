package apperr

import (
	"errors"
	"fmt"
	"testing"
)

func TestValidator_keepsFirstMessagePerFieldInOrder(t *testing.T) {
	var v Validator
	v.Check(false, "email", "Email is required")
	v.Check(false, "email", "Invalid email address")
	v.Check(true, "password", "never shown")
	v.Check(false, "password", "Password is required")

	var e *Error
	if !errors.As(v.Err(), &e) {
		t.Fatalf("Err() = %v, want *Error", v.Err())
	}
	if e.Code != Invalid || e.Message != "Email is required" {
		t.Errorf("got %s %q, want invalid %q", e.Code, e.Message, "Email is required")
	}
	want := map[string]string{"email": "Email is required", "password": "Password is required"}
	if fmt.Sprint(e.Fields) != fmt.Sprint(want) {
		t.Errorf("fields = %v, want %v", e.Fields, want)
	}
}

func TestValidator_noErrorWhenAllRulesHold(t *testing.T) {
	var v Validator
	v.Check(true, "email", "x")
	if err := v.Err(); err != nil {
		t.Fatalf("Err() = %v, want nil", err)
	}
}

func TestCodeOf(t *testing.T) {
	if got := CodeOf(fmt.Errorf("wrapped: %w", New(NotFound, "gone"))); got != NotFound {
		t.Errorf("CodeOf(wrapped not found) = %s", got)
	}
	if got := CodeOf(errors.New("boom")); got != Internal {
		t.Errorf("CodeOf(plain) = %s, want internal", got)
	}
}
