package profiles

import (
	"testing"

	"bridgework/backend/accounts"
)

// TestVisibleTo is the privacy table cell by cell; the HTTP tests prove every route applies it.
func TestVisibleTo(t *testing.T) {
	student := &accounts.User{ID: "s1", Type: accounts.Student}
	otherStudent := &accounts.User{ID: "s2", Type: accounts.Student}
	startup := &accounts.User{ID: "c1", Type: accounts.Startup}
	otherStartup := &accounts.User{ID: "c2", Type: accounts.Startup}
	admin := &accounts.User{ID: "a1", Type: accounts.Admin}
	all := Visibility{Email: true, Private: true, Resume: true}
	hire := Visibility{Email: true, Resume: true}
	for _, tc := range []struct {
		name    string
		viewer  *accounts.User
		subject *accounts.User
		want    Visibility
	}{
		{"student by themself", student, student, all},
		{"student by another student", otherStudent, student, Visibility{}},
		{"student by a startup", startup, student, hire},
		{"student by the admin", admin, student, all},
		{"student signed out", nil, student, Visibility{}},
		{"startup by itself", startup, startup, all},
		{"startup by another startup", otherStartup, startup, Visibility{Email: true}},
		{"startup by a student", student, startup, Visibility{Email: true}},
		{"startup by the admin", admin, startup, all},
		{"startup signed out", nil, startup, Visibility{}},
		{"admin by a student", student, admin, Visibility{}},
		{"admin by a startup", startup, admin, Visibility{}},
	} {
		if got := VisibleTo(tc.viewer, tc.subject.ID, tc.subject.Type); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestCanBrowseUsersOf(t *testing.T) {
	for _, tc := range []struct {
		viewer *accounts.User
		t      accounts.UserType
		want   bool
	}{
		{&accounts.User{Type: accounts.Student}, accounts.Student, false},
		{&accounts.User{Type: accounts.Student}, accounts.Startup, true},
		{&accounts.User{Type: accounts.Startup}, accounts.Student, true},
		{&accounts.User{Type: accounts.Startup}, accounts.Startup, true},
		{&accounts.User{Type: accounts.Admin}, accounts.Student, true},
		{nil, accounts.Startup, false},
	} {
		if got := CanBrowseUsersOf(tc.viewer, tc.t); got != tc.want {
			t.Errorf("%v lists %s: %v, want %v", tc.viewer, tc.t, got, tc.want)
		}
	}
}
