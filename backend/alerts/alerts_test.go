package alerts_test

import (
	"encoding/json"
	"testing"
	"time"

	"bridgework/backend/alerts"
	"bridgework/backend/tasks"
)

// TestMatches holds the rule a saved search applies to a new task, one filter at a time.
func TestMatches(t *testing.T) {
	day := func(s string) *time.Time { d, _ := tasks.ParseDate(s); return &d }
	task := &tasks.Task{Title: "Build a React dashboard", Description: "Charts for our sales team", Category: "web-development",
		Skills: []string{"React", "TypeScript"}, Deadline: *day("2026-12-10")}
	assigned := *task
	assigned.AssignedStudentID = "ada"
	paid := *task
	paid.BudgetMin, paid.BudgetMax, paid.Currency = 100, 200, "USD"
	for _, c := range []struct {
		name   string
		search alerts.SavedSearch
		task   *tasks.Task
		want   bool
	}{
		{"an empty search matches anything open", alerts.SavedSearch{StudentID: "ada"}, task, true},
		{"words anywhere, any case", alerts.SavedSearch{StudentID: "ada", Search: "react SALES"}, task, true},
		{"every word must be there", alerts.SavedSearch{StudentID: "ada", Search: "react python"}, task, false},
		{"a skill word", alerts.SavedSearch{StudentID: "ada", Search: "typescript"}, task, true},
		{"category", alerts.SavedSearch{StudentID: "ada", Category: "web-development"}, task, true},
		{"another category", alerts.SavedSearch{StudentID: "ada", Category: "design"}, task, false},
		{"one of the skills, any case", alerts.SavedSearch{StudentID: "ada", Skills: []string{"go", "react"}}, task, true},
		{"none of the skills", alerts.SavedSearch{StudentID: "ada", Skills: []string{"Go"}}, task, false},
		{"deadline on the day", alerts.SavedSearch{StudentID: "ada", DeadlineBefore: day("2026-12-10")}, task, true},
		{"deadline too late", alerts.SavedSearch{StudentID: "ada", DeadlineBefore: day("2026-12-09")}, task, false},
		{"from startups: only one assigned to me", alerts.SavedSearch{StudentID: "ada", Source: "startup"}, task, false},
		{"from startups: assigned to me", alerts.SavedSearch{StudentID: "ada", Source: "startup"}, &assigned, true},
		{"open to all: not one assigned to me", alerts.SavedSearch{StudentID: "ada", Source: "non-startup"}, &assigned, false},
		{"a task assigned to someone else is not mine to see", alerts.SavedSearch{StudentID: "bob"}, &assigned, false},
		{"paid only: a paid task", alerts.SavedSearch{StudentID: "ada", Paid: true}, &paid, true},
		{"paid only: not an unpaid one", alerts.SavedSearch{StudentID: "ada", Paid: true}, task, false},
	} {
		if got := c.search.Matches(c.task); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestKeys: a search is indexed by its skills, else its category, else under "any", so every
// search a task can match is among those under the task's keys.
func TestKeys(t *testing.T) {
	for _, c := range []struct {
		search alerts.SavedSearch
		want   string
	}{
		{alerts.SavedSearch{Skills: []string{"React", " Go "}, Category: "design"}, "[skill:react skill:go]"},
		{alerts.SavedSearch{Category: "design", Search: "logo"}, "[category:design]"},
		{alerts.SavedSearch{Search: "logo"}, "[any]"},
	} {
		if got := fmtKeys(c.search.Keys()); got != c.want {
			t.Errorf("%+v: keys %s, want %s", c.search, got, c.want)
		}
	}
}

func fmtKeys(keys []string) string {
	out := "["
	for i, k := range keys {
		if i > 0 {
			out += " "
		}
		out += k
	}
	return out + "]"
}

// TestAlert_appendJSONIsWhatMarshalWrites: the alert a post writes by hand for each student is
// byte for byte what encoding/json writes, for titles and names that need escaping.
func TestAlert_appendJSONIsWhatMarshalWrites(t *testing.T) {
	at := time.Date(2026, 11, 28, 1, 2, 3, 456000, time.UTC)
	for _, title := range []string{"Build a React dashboard", `A "quoted" <b>title</b> & more`, "Café ☕ \u2028"} {
		task := &tasks.Task{ID: "0193b6a0-0000-7000-8000-000000000001", Title: title}
		search := &alerts.SavedSearch{ID: "0193b6a0-0000-7000-8000-000000000002", StudentID: "ada", Name: "Web \"jobs\""}
		_, alert := alerts.NewAlert(task, search, alerts.AlertLink(task), at)
		got, err := alert.AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(alert)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("AppendJSON\n%s\nwant\n%s", got, want)
		}
	}
}
