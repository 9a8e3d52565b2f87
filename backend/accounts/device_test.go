package accounts

import (
	"strings"
	"testing"
	"time"
)

func TestDeviceCookie(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	s := &Service{Tokens: &Tokens{Secret: []byte("device-cookie-test-secret-0123456789")}, Now: func() time.Time { return now }}
	value, err := s.issueDevice("user-1")
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := s.verifyDevice(value, "user-1"); !ok || d.userID != "user-1" || d.nonce == "" {
		t.Fatalf("a fresh cookie: %+v %v", d, ok)
	}
	second, _ := s.issueDevice("user-1")
	first, _ := s.verifyDevice(value, "user-1")
	if again, _ := s.verifyDevice(second, "user-1"); again.nonce == first.nonce {
		t.Error("two sign-ins share a nonce: their failure budgets would be one")
	}

	otherServer := &Service{Tokens: &Tokens{Secret: []byte("another-secret-another-secret-012345")}, Now: s.Now}
	foreign, _ := otherServer.issueDevice("user-1")
	rejected := map[string]struct{ value, user string }{
		"another account":    {value, "user-2"},
		"no account":         {value, ""},
		"flipped signature":  {flipLast(value), "user-1"},
		"empty":              {"", "user-1"},
		"payload changed":    {strings.Replace(value, "user-1", "user-2", 1), "user-2"},
		"other server's key": {foreign, "user-1"},
	}
	for name, tc := range rejected {
		if _, ok := s.verifyDevice(tc.value, tc.user); ok {
			t.Errorf("%s: accepted", name)
		}
	}

	now = now.Add(DeviceCookieTTL - time.Minute)
	if _, ok := s.verifyDevice(value, "user-1"); !ok {
		t.Error("refused a minute before it expires")
	}
	now = now.Add(2 * time.Minute)
	if _, ok := s.verifyDevice(value, "user-1"); ok {
		t.Error("accepted after it expired")
	}
}

// flipLast changes a string's last character.
func flipLast(s string) string {
	replacement := "A"
	if strings.HasSuffix(s, "A") {
		replacement = "B"
	}
	return s[:len(s)-1] + replacement
}
