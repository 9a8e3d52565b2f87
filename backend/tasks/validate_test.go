package tasks

import (
	"errors"
	"strings"
	"testing"
	"time"

	"bridgework/backend/apperr"
)

func TestValidatePost_deadline(t *testing.T) {
	now := time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)
	hours := 4.0
	for _, tc := range []struct {
		deadline string
		message  string // "" when accepted
	}{
		{"2026-12-01", ""},
		{"2026-11-24", ""},
		{"2026-11-23", "Deadline cannot be in the past"}, // over everywhere: it is 03:00 on the 24th at UTC−12
		{"2028-11-24", ""}, // two years ahead, to the day
		{"2026-11-22", "Deadline cannot be in the past"},
		{"2028-11-25", "Deadline must be within two years"},
		{"2205-01-01", "Deadline must be within two years"},
		{"2026-02-30", "Deadline must be a date"},
	} {
		_, err := validatePost(PostInput{
			Title: "Write docs", Description: "API docs", WorkType: "non-technical", Category: "writing",
			Skills: []string{"Markdown"}, EstimatedHours: &hours, Deadline: tc.deadline,
		}, now, "USD")
		var e *apperr.Error
		switch {
		case tc.message == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.deadline, err)
		case tc.message != "" && (!errors.As(err, &e) || e.Fields["deadline"] != tc.message):
			t.Errorf("%s: error %v, want %q", tc.deadline, err, tc.message)
		}
	}
}

// TestPastDeadline: a deadline day ends when it has ended everywhere on Earth, at midnight
// UTC−12: a task due on the 23rd takes work until 12:00 UTC on the 24th, and may be posted until then.
func TestPastDeadline(t *testing.T) {
	task := &Task{Deadline: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)}
	for _, tc := range []struct {
		now  time.Time
		past bool
	}{
		{time.Date(2026, 11, 23, 23, 59, 0, 0, time.UTC), false},
		{time.Date(2026, 11, 24, 11, 59, 59, 0, time.UTC), false},
		{time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC), true},
		{time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), true},
	} {
		if got := PastDeadline(task, tc.now); got != tc.past {
			t.Errorf("PastDeadline at %s = %v, want %v", tc.now, got, tc.past)
		}
	}
	hours := 4.0
	in := PostInput{Title: "Write docs", Description: "API docs", WorkType: "non-technical", Category: "writing",
		Skills: []string{"Markdown"}, EstimatedHours: &hours, Deadline: "2026-11-23"}
	if _, err := validatePost(in, time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC), "USD"); err != nil {
		t.Errorf("posting for the 23rd at 08:00 UTC on the 24th (still the 23rd at UTC−12): %v", err)
	}
}

// A submitted link must be one the startup can open (docs/api-contract.md, "Pay and the task
// page").
func TestValidateLink(t *testing.T) {
	const (
		invalid = "Please enter a valid URL starting with http:// or https://"
		private = "Use a public link: the startup cannot open localhost, private-network or IP addresses"
	)
	for _, tc := range []struct{ link, message string }{
		{"https://github.com/rosa/landing", ""},
		{"  http://rosa.dev/work?x=1  ", ""},
		{"https://WWW.Example.COM./page", ""},
		{"", "Link is required"},
		{"github.com/rosa", invalid},
		{"ftp://example.com/file", invalid},
		{"https://user:pass@example.com/", invalid},
		{"https://probe.io@evil.io/", invalid},
		{"https://github.com/rosa/my landing", invalid},
		{"https://github.com/rosa/<landing>", invalid},
		{"https://github.com/rosa/a>b", invalid},
		{`https://github.com/rosa/"landing"`, invalid},
		{"https://github.com/rosa/100%", invalid},
		{"https://example.com/" + strings.Repeat("ü", 700), "Link must be at most 2000 characters"},
		{"http://localhost:3000/", private},
		{"http://LOCALHOST/", private},
		{"http://app.localhost/", private},
		{"http://127.0.0.1:8080/", private},
		{"http://10.0.0.5/", private},
		{"http://192.168.1.20/site", private},
		{"http://[::1]:5173/", private},
		{"http://93.184.216.34/", private},
		{"http://127.1/", private},
		{"http://intranet/wiki", private},
		{"http://printer.local/", private},
		{"http://build.corp/", private},
		{"http://router.home.arpa/", private},
		{"http://service.internal/", private},
	} {
		_, err := ValidateLink(tc.link)
		var e *apperr.Error
		switch {
		case tc.message == "" && err != nil:
			t.Errorf("%q: refused: %v", tc.link, err)
		case tc.message != "" && (!errors.As(err, &e) || e.Fields["link"] != tc.message):
			t.Errorf("%q: error %v, want %q", tc.link, err, tc.message)
		}
	}
}

// A link is stored as the URI a browser opens: an international name in IDNA form, non-ASCII
// percent-encoded, the rest (a query, a fragment) as typed.
func TestValidateLink_storesAnRFC3986URI(t *testing.T) {
	for link, want := range map[string]string{
		" https://github.com/rosa/landing?tab=readme&x=%20y#install ": "https://github.com/rosa/landing?tab=readme&x=%20y#install",
		"https://münchen.de/straße":                                   "https://xn--mnchen-3ya.de/stra%C3%9Fe",
	} {
		if got, err := ValidateLink(link); err != nil || got != want {
			t.Errorf("ValidateLink(%q) = %q, %v; want %q", link, got, err, want)
		}
	}
}

// A task's currency is an upper-case three-letter code; none is the server's default.
func TestValidatePost_currency(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	hours := 4.0
	for _, tc := range []struct{ currency, want, message string }{
		{"", "EUR", ""},
		{"GBP", "GBP", ""},
		{" INR ", "INR", ""},
		{"usd", "", "Currency must be a three-letter ISO 4217 code"},
		{"US", "", "Currency must be a three-letter ISO 4217 code"},
		{"DOLLARS", "", "Currency must be a three-letter ISO 4217 code"},
		{"$", "", "Currency must be a three-letter ISO 4217 code"},
	} {
		task, err := validatePost(PostInput{
			Title: "Write docs", Description: "API docs", WorkType: "non-technical", Category: "writing",
			Skills: []string{"Markdown"}, EstimatedHours: &hours, Deadline: "2026-12-01", Currency: tc.currency,
		}, now, "EUR")
		var e *apperr.Error
		switch {
		case tc.message == "" && (err != nil || task.Currency != tc.want):
			t.Errorf("%q: got %v, %v; want %s", tc.currency, task, err, tc.want)
		case tc.message != "" && (!errors.As(err, &e) || e.Fields["currency"] != tc.message):
			t.Errorf("%q: error %v, want %q", tc.currency, err, tc.message)
		}
	}
}

// Sorting by pay is allowed; an unknown sort names every choice.
func TestValidateQuery_sort(t *testing.T) {
	for _, sort := range []string{"", "deadline", "title", "newest", "pay"} {
		if err := ValidateQuery(Query{Sort: sort}); err != nil {
			t.Errorf("%q refused: %v", sort, err)
		}
	}
	var e *apperr.Error
	if err := ValidateQuery(Query{Sort: "budget"}); !errors.As(err, &e) || e.Fields["sort"] != "Sort by deadline, title or pay" {
		t.Errorf("budget: %v", err)
	}
}
