// Package apperr is the one error type the product's services return. The HTTP layer maps its
// Code to a status in one table; any other error is logged there and shown as "Internal error.".
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Code is a machine-readable error class, sent to clients as "code".
type Code string

const (
	Invalid         Code = "invalid"
	Unauthorized    Code = "unauthorized"
	Forbidden       Code = "forbidden"
	NotFound        Code = "not_found"
	Conflict        Code = "conflict"
	Gone            Code = "gone" // existed and will not come back, e.g. an expired signed link
	TooLarge        Code = "too_large"
	UnsupportedType Code = "unsupported_type"
	Throttled       Code = "throttled"
	Unavailable     Code = "unavailable" // a dependency cannot be reached for now; retry after RetryAfter
	Internal        Code = "internal"
)

// Error is an error a user may see: its Message is shown as is.
type Error struct {
	Code    Code
	Message string
	// Fields holds per-field messages of a validation error, keyed by JSON field name.
	Fields map[string]string
	// RetryAfter tells a throttled client, or one refused while a dependency is unavailable,
	// when to come back.
	RetryAfter time.Duration
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// New returns an Error with a code and a message.
func New(code Code, message string) *Error { return &Error{Code: code, Message: message} }

// Field returns a validation error for one field.
func Field(field, message string) *Error {
	return &Error{Code: Invalid, Message: message, Fields: map[string]string{field: message}}
}

// CodeOf returns the code of err, or Internal when err is not an *Error.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// Validator collects field messages in the order the rules are checked, so the first broken rule
// becomes the error's Message, and keeps only the first message per field.
type Validator struct {
	first  string
	fields map[string]string
}

// Check records message for field when ok is false and the field has no message yet.
// It returns ok, so dependent rules can be chained.
func (v *Validator) Check(ok bool, field, message string) bool {
	if ok {
		return true
	}
	if v.fields == nil {
		v.fields = map[string]string{}
	}
	if _, seen := v.fields[field]; !seen {
		v.fields[field] = message
		if v.first == "" {
			v.first = message
		}
	}
	return false
}

// Err returns the collected validation error, or nil when every rule held.
func (v *Validator) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	return &Error{Code: Invalid, Message: v.first, Fields: v.fields}
}
