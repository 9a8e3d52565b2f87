package chat

import (
	"strings"
	"testing"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
)

func TestCanChat(t *testing.T) {
	student := &accounts.User{ID: "s1", Type: accounts.Student}
	otherStudent := &accounts.User{ID: "s2", Type: accounts.Student}
	startup := &accounts.User{ID: "b1", Type: accounts.Startup}
	admin := &accounts.User{ID: "a1", Type: accounts.Admin}
	cases := []struct {
		name string
		a, b *accounts.User
		want bool
	}{
		{"student with startup", student, startup, true},
		{"startup with student", startup, student, true},
		{"student with student", student, otherStudent, false},
		{"startup with itself", startup, startup, false},
		{"student with admin", student, admin, false},
		{"admin with student", admin, student, false},
		{"admin with startup", admin, startup, false},
		{"with nobody", student, nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := CanChat(tc.a, tc.b); got != tc.want {
				t.Errorf("CanChat = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestValidateSend(t *testing.T) {
	ok := SendInput{Receiver: "0193a000-0000-7000-8000-000000000001", Content: "hi"}
	cases := []struct {
		name  string
		edit  func(in *SendInput)
		field string
		want  string
	}{
		{"valid", func(*SendInput) {}, "", ""},
		{"empty", func(in *SendInput) { in.Content = "" }, "content", "Message cannot be empty"},
		{"whitespace", func(in *SendInput) { in.Content = " \n " }, "content", "Message cannot be empty"},
		{"2000 characters", func(in *SendInput) { in.Content = strings.Repeat("é", 2000) }, "", ""},
		{"2001 characters", func(in *SendInput) { in.Content = strings.Repeat("é", 2001) }, "content", "Message must be at most 2000 characters"},
		{"no receiver", func(in *SendInput) { in.Receiver = "" }, "receiver", "Receiver is required"},
		{"huge receiver", func(in *SendInput) { in.Receiver = strings.Repeat("x", 65) }, "receiver", "User not found."},
		{"huge client id", func(in *SendInput) { in.ClientID = strings.Repeat("x", 65) }, "clientId", "clientId must be at most 64 characters"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := ok
			tc.edit(&in)
			err := validateSend(in)
			if tc.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var e *apperr.Error
			if err == nil || !asAppErr(err, &e) || e.Fields[tc.field] != tc.want {
				t.Fatalf("error %v, want %s: %q", err, tc.field, tc.want)
			}
		})
	}
}

func asAppErr(err error, target **apperr.Error) bool {
	e, ok := err.(*apperr.Error)
	*target = e
	return ok
}

func TestTypingThrottle(t *testing.T) {
	var th typingThrottle
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	steps := []struct {
		key   string
		after time.Duration
		want  bool
	}{
		{"ada bob", 0, true},
		{"ada bob", 500 * time.Millisecond, false},
		{"bob ada", 500 * time.Millisecond, true}, // the other direction is another pair
		{"ada bob", typingInterval, true},
		{"ada bob", typingInterval + 10*time.Millisecond, false},
	}
	for i, s := range steps {
		if got := th.allow(s.key, start.Add(s.after)); got != s.want {
			t.Errorf("step %d (%s at +%s) = %v, want %v", i, s.key, s.after, got, s.want)
		}
	}
}
