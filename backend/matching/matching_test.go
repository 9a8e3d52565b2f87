package matching

import (
	"slices"
	"testing"
	"time"

	"bridgework/backend/tasks"
)

var t0 = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

// TestSignals_derive: certificates count approved work per student and category and prove each
// named skill once per certificate, whatever its case; a reply is timed from the other side's
// last message and only then, its median kept; the latest payment names the currency; activity is
// the latest of everything fed.
func TestSignals_derive(t *testing.T) {
	s := NewSignals()
	s.Certificate("ana", "design", []string{"Figma", "figma ", "CSS"}, t0.Add(-48*time.Hour))
	s.Certificate("ana", "design", []string{"Figma"}, t0.Add(-24*time.Hour))
	s.Certificate("ana", "", nil, t0.Add(-72*time.Hour))
	s.Rated("ana", Rating{Sum: 14, Count: 3})
	s.Paid("ana", "EUR")
	s.Paid("ana", "INR")
	// ana answers bo after 10 min, then after 30 min; a second message of hers in a row is no
	// reply; bo's answers are timed for bo.
	s.Message("bo", "ana", t0)
	s.Message("ana", "bo", t0.Add(10*time.Minute))
	s.Message("ana", "bo", t0.Add(11*time.Minute))
	s.Message("bo", "ana", t0.Add(2*time.Hour))
	s.Message("ana", "bo", t0.Add(2*time.Hour+30*time.Minute))
	s.Active("ana", t0.Add(-time.Hour))

	people, skills, cats := s.Rows()
	var ana, bo Person
	for _, p := range people {
		switch p.UserID {
		case "ana":
			ana = p
		case "bo":
			bo = p
		}
	}
	if ana.Approved != 3 || ana.Rating != (Rating{14, 3}) || ana.Currency != "INR" {
		t.Errorf("ana %+v: want 3 approved, rating 14/3, INR", ana)
	}
	if ana.Replies != 2 || ana.ReplySeconds != 1800 {
		t.Errorf("ana's replies %d, median %d s; want 2 and the upper median 1800", ana.Replies, ana.ReplySeconds)
	}
	if bo.Replies != 1 || bo.ReplySeconds != int((2*time.Hour-11*time.Minute).Seconds()) {
		t.Errorf("bo's replies %d, median %d s", bo.Replies, bo.ReplySeconds)
	}
	if ana.LastActiveAt == nil || !ana.LastActiveAt.Equal(t0.Add(-time.Hour)) {
		t.Errorf("ana last active %v, want an hour before t0", ana.LastActiveAt)
	}
	wantSkills := []SkillProof{{NameKey: "css", UserID: "ana", Name: "CSS", Proofs: 1}, {NameKey: "figma", UserID: "ana", Name: "Figma", Proofs: 2}}
	if !slices.Equal(skills, wantSkills) {
		t.Errorf("skills %+v, want %+v", skills, wantSkills)
	}
	if want := []CategoryWork{{Category: "design", UserID: "ana", Approved: 2}}; !slices.Equal(cats, want) {
		t.Errorf("categories %+v, want %+v", cats, want)
	}
}

// TestReasons_sayWhatScored: each signal that scored has its words, and one that did not (a
// rating below MinRatings, too few replies, old activity) has none.
func TestReasons_sayWhatScored(t *testing.T) {
	lastWeek := t0.Add(-3 * 24 * time.Hour)
	c := Candidate{Proved: []Proof{{"React", 3}, {"CSS", 1}}, Claimed: []string{"Go"}, Category: "design", CategoryApproved: 2,
		Rating: Rating{Sum: 24, Count: 5}, Replies: 4, ReplySeconds: 1200, LastActiveAt: &lastWeek}
	want := []string{"React and CSS proved in up to 3 approved tasks", "lists Go on their profile", "rated 4.8 from 5 startups",
		"2 tasks approved in design", "active this week", "usually replies within an hour"}
	if got := c.explain(t0); !slices.Equal(got, want) {
		t.Errorf("reasons %q, want %q", got, want)
	}
	long := t0.Add(-90 * 24 * time.Hour)
	quiet := Candidate{Proved: []Proof{{"React", 1}}, Rating: Rating{Sum: 10, Count: 2}, Replies: 2, ReplySeconds: 60, LastActiveAt: &long}
	if got := quiet.explain(t0); !slices.Equal(got, []string{"React proved in 1 approved task"}) {
		t.Errorf("reasons %q, want the proof alone", got)
	}

	p := Pick{Task: tasks.Task{Currency: "INR", Deadline: t0.Add(6*24*time.Hour + time.Hour)}, Proved: []string{"React"}, Claimed: []string{"CSS"},
		SavedSearch: true, InCurrency: true, StartupApproved: 4, StartupPaid: 4, StartupRating: Rating{Sum: 9, Count: 3}}
	want = []string{"you proved React in approved work", "asks for CSS, on your profile", "matches one of your saved searches",
		"pays in INR", "startup paid 4 of 4 approvals", "startup rated 3.0 from 3 students", "6 days to the deadline"}
	if got := p.explain(t0); !slices.Equal(got, want) {
		t.Errorf("pick reasons %q, want %q", got, want)
	}
	p.StartupDisputed = 2
	if got := p.explain(t0); !slices.Contains(got, "startup has 2 payments in dispute") || slices.Contains(got, "startup paid 4 of 4 approvals") {
		t.Errorf("a startup with disputes: %q", got)
	}
}

// TestIndexOf_entries: a discoverable student has an entry per skill they proved (proved, even
// when they list it too) or only list (claimed), and per category of their approved work, each
// carrying their points; a hidden one has none. StudentPoints adds rating, activity and replies.
func TestIndexOf_entries(t *testing.T) {
	recent := t0.Add(-24 * time.Hour)
	p := Person{UserID: "ana", Approved: 2, Rating: Rating{Sum: 15, Count: 3}, Replies: 3, ReplySeconds: 7200, LastActiveAt: &recent}
	if got := StudentPoints(p, t0); got != 20+ActiveWeekPoints+ReplyDayPoints {
		t.Errorf("points %d, want %d", got, 20+ActiveWeekPoints+ReplyDayPoints)
	}
	p.Points = 35
	got := IndexOf(p, true, []string{"react", "css"}, []SkillProof{{NameKey: "react", UserID: "ana", Name: "React", Proofs: 2}},
		[]CategoryWork{{Category: "design", UserID: "ana", Approved: 2}})
	want := []IndexEntry{
		{Key: "s:react", UserID: "ana", Proved: 1, Points: 35, Approved: 2},
		{Key: "s:css", UserID: "ana", Claimed: 1, Points: 35, Approved: 2},
		{Key: "c:design", UserID: "ana", CategoryApproved: 2, Points: 35, Approved: 2},
	}
	if !slices.Equal(got, want) {
		t.Errorf("entries %+v, want %+v", got, want)
	}
	if hidden := IndexOf(p, false, []string{"react"}, nil, nil); hidden != nil {
		t.Errorf("a hidden student's entries: %+v", hidden)
	}
	if keys := MatchKeys(Need{Skills: []string{"React", " react", "CSS"}, Category: "design"}); !slices.Equal(keys, []string{"s:react", "s:css", "c:design"}) {
		t.Errorf("keys %q", keys)
	}
}
