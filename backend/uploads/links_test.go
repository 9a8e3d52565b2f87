package uploads_test

import (
	"net/url"
	"testing"
	"time"

	"bridgework/backend/apperr"
	"bridgework/backend/uploads"
)

const fileURL = "/api/files/0193a000-0000-7000-8000-000000000001"

func TestLinks_signAndCheck(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	links := uploads.NewLinks([]byte("secret-secret-secret-secret-secret-01"))
	links.Now = func() time.Time { return now }
	signed, err := url.Parse(links.Sign(fileURL))
	if err != nil {
		t.Fatal(err)
	}
	id, _ := uploads.IDFromURL(fileURL)
	q := signed.Query()
	check := func(at time.Time) error {
		links.Now = func() time.Time { return at }
		return links.Check(id, q.Get("expires"), q.Get("signature"))
	}
	if err := check(now.Add(uploads.LinkTTL - time.Second)); err != nil {
		t.Errorf("just before expiry: %v", err)
	}
	if got := apperr.CodeOf(check(now.Add(uploads.LinkTTL))); got != apperr.Gone {
		t.Errorf("at expiry: %s, want gone", got)
	}
	if got := apperr.CodeOf(links.Check(id+"x", q.Get("expires"), q.Get("signature"))); got != apperr.Forbidden {
		t.Errorf("another id: %s, want forbidden", got)
	}
	for _, stored := range []string{"", "https://drive.example.com/cv", "/api/files/"} {
		if got := links.Sign(stored); got != stored {
			t.Errorf("Sign(%q) = %q: only our files are signed", stored, got)
		}
	}
}

func TestUnsigned(t *testing.T) {
	for in, want := range map[string]string{
		fileURL + "?expires=1&signature=ab":                   fileURL,
		fileURL + "?signature=ab&expires=1":                   fileURL,
		fileURL:                                               fileURL,
		fileURL + "?download=1":                               fileURL + "?download=1",
		fileURL + "?expires=1&signature=ab&x=1":               fileURL + "?expires=1&signature=ab&x=1",
		"https://drive.example.com/cv?expires=1&signature=ab": "https://drive.example.com/cv?expires=1&signature=ab",
		"/api/files/?expires=1&signature=ab":                  "/api/files/?expires=1&signature=ab",
	} {
		if got := uploads.Unsigned(in); got != want {
			t.Errorf("Unsigned(%q) = %q, want %q", in, got, want)
		}
	}
}
