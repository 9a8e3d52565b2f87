package accounts

import (
	"context"
	"errors"
	"testing"

	"bridgework/backend/apperr"
)

type usersByID map[string]*User

func (m usersByID) UserByID(_ context.Context, id string) (*User, error) {
	if id == "broken" {
		return nil, errors.New("database down")
	}
	if u, ok := m[id]; ok {
		return u, nil
	}
	return nil, apperr.New(apperr.NotFound, "User not found.")
}

// TestOfType: a user of the type asked for is found; one of another type and an unknown id are
// the same not-found, with the caller's message; any other error passes through.
func TestOfType(t *testing.T) {
	users := usersByID{"s1": {ID: "s1", Type: Student}, "c1": {ID: "c1", Type: Startup}}
	ctx := context.Background()
	if u, err := OfType(ctx, users, "s1", Student, "Student not found."); err != nil || u.ID != "s1" {
		t.Fatalf("a student: %v, %v", u, err)
	}
	for _, id := range []string{"c1", "nobody"} {
		_, err := OfType(ctx, users, id, Student, "Student not found.")
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.NotFound || e.Message != "Student not found." {
			t.Errorf("%s as a student: %v, want not found with the caller's message", id, err)
		}
	}
	if _, err := OfType(ctx, users, "broken", Student, "Student not found."); err == nil || apperr.CodeOf(err) == apperr.NotFound {
		t.Errorf("a failing read: %v, want the error itself", err)
	}
}
