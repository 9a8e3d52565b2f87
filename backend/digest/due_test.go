package digest

import (
	"slices"
	"testing"
	"time"
)

// TestDue walks the rules that decide whether a digest goes: away long enough, each type's mode
// and cadence, and one mail per MinInterval unless a type is immediate.
func TestDue(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	s := &Service{OfflineAfter: 15 * time.Minute, MinInterval: time.Hour}
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	sent := func(d time.Duration) *time.Time { at := ago(d); return &at }
	with := func(m Mode) Settings { return Settings{Messages: m, Submissions: Hourly, TaskAlerts: Hourly} }
	messages := func(sentAt *time.Time) []Pending { return []Pending{{Type: Messages, SentAt: sentAt}} }
	cases := []struct {
		name    string
		r       Recipient
		pending []Pending
		online  bool
		want    []Type
	}{
		{"away long enough, never mailed", Recipient{Settings: Defaults, LastSeen: ago(16 * time.Minute)}, messages(nil), false, []Type{Messages}},
		{"seen 14 minutes ago", Recipient{Settings: Defaults, LastSeen: ago(14 * time.Minute)}, messages(nil), false, nil},
		{"a tab open", Recipient{Settings: Defaults, LastSeen: ago(time.Hour)}, messages(nil), true, nil},
		{"hourly, last digest 59 minutes ago", Recipient{Settings: Defaults, LastSeen: ago(time.Hour), LastMail: ago(59 * time.Minute)}, messages(sent(59 * time.Minute)), false, nil},
		{"hourly, last digest an hour ago", Recipient{Settings: Defaults, LastSeen: ago(time.Hour), LastMail: ago(time.Hour)}, messages(sent(time.Hour)), false, []Type{Messages}},
		{"another type mailed 10 minutes ago holds this one", Recipient{Settings: Defaults, LastSeen: ago(time.Hour), LastMail: ago(10 * time.Minute)}, messages(sent(3 * time.Hour)), false, nil},
		{"daily, 23 hours after", Recipient{Settings: with(Daily), LastSeen: ago(time.Hour), LastMail: ago(23 * time.Hour)}, messages(sent(23 * time.Hour)), false, nil},
		{"daily, a day after", Recipient{Settings: with(Daily), LastSeen: ago(time.Hour), LastMail: ago(24 * time.Hour)}, messages(sent(24 * time.Hour)), false, []Type{Messages}},
		{"off", Recipient{Settings: with(Off), LastSeen: ago(time.Hour)}, messages(nil), false, nil},
		{"immediate, just left", Recipient{Settings: with(Immediate), LastSeen: ago(time.Second), LastMail: ago(time.Minute)}, messages(sent(time.Minute)), false, []Type{Messages}},
		{"immediate, still here", Recipient{Settings: with(Immediate), LastSeen: ago(time.Second)}, messages(nil), true, nil},
		{"immediate brings the due hourly types along", Recipient{Settings: with(Immediate), LastSeen: ago(20 * time.Minute), LastMail: ago(time.Minute)},
			[]Pending{{Type: Messages, SentAt: sent(time.Minute)}, {Type: Submissions, SentAt: sent(2 * time.Hour)}, {Type: TaskAlerts, SentAt: sent(30 * time.Minute)}}, false,
			[]Type{Messages, Submissions}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := s.due(c.r, c.pending, c.online, now); !slices.Equal(got, c.want) {
				t.Fatalf("due = %v, want %v", got, c.want)
			}
		})
	}
}
