package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestSavedSearches_alertOnAMatchingPost (docs/api-contract.md, "Saved searches and finding your
// way in chat"): a student saves a search; a matching post reaches them live (task.alert, carrying
// the bell's notification) and in the bell, a post that does not match reaches nobody, and students
// whose searches do not match hear nothing.
func TestSavedSearches_alertOnAMatchingPost(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Alerts Inc")
		ada, bob := e.registerStudent("Ada"), e.registerStudent("Bob")
		save := func(u user, body map[string]any) string {
			res := e.do("POST", "/api/student/saved-searches", u.Token, body)
			if res.Status != http.StatusCreated {
				t.Fatalf("save %v: %d %s", body, res.Status, res.Raw)
			}
			return res.field("_id")
		}
		adas := save(ada, map[string]any{"name": "React work", "skills": []string{"react"}, "search": "dashboard"})
		save(bob, map[string]any{"name": "Design", "category": "design"})

		live := e.connect(ada)
		e.postTask(startup, map[string]any{"title": "A React dashboard", "skills": []string{"React", "CSS"}})
		live.readUntil("task.alert", adas)
		notes := decodeList(t, e.do("GET", "/api/student/notifications", ada.Token, nil))
		if len(notes) != 1 || !strings.Contains(notes[0]["message"].(string), `"React work"`) {
			t.Fatalf("Ada's bell: %v", notes)
		}
		// The alert's one frame carries what the bell lists.
		var alert struct {
			Notification map[string]any `json:"notification"`
		}
		if err := json.Unmarshal(live.seen[len(live.seen)-1].Data, &alert); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(alert.Notification) != fmt.Sprint(notes[0]) {
			t.Errorf("task.alert carries %v, want %v", alert.Notification, notes[0])
		}
		if got := decodeList(t, e.do("GET", "/api/student/notifications", bob.Token, nil)); len(got) != 0 {
			t.Errorf("Bob's search does not match, his bell: %v", got)
		}
		e.postTask(startup, map[string]any{"title": "A Vue page", "skills": []string{"Vue"}})
		if got := decodeList(t, e.do("GET", "/api/student/notifications", ada.Token, nil)); len(got) != 1 {
			t.Errorf("a task that matches nothing reached Ada: %v", got)
		}
	})
}

// TestSavedSearches_paidOnly: a search saved with the tasks page's Paid only keeps it, and its
// alerts bring paid work alone.
func TestSavedSearches_paidOnly(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Paid Alerts Inc")
		ada := e.registerStudent("Ada")
		res := e.do("POST", "/api/student/saved-searches", ada.Token, map[string]any{"name": "Paid React", "skills": []string{"react"}, "paid": true})
		if res.Status != http.StatusCreated || res.Body["paid"] != true {
			t.Fatalf("save with paid: %d %s", res.Status, res.Raw)
		}
		if list := decodeList(t, e.do("GET", "/api/student/saved-searches", ada.Token, nil)); len(list) != 1 || list[0]["paid"] != true {
			t.Fatalf("the list forgets paid: %v", list)
		}
		e.postTask(startup, map[string]any{"title": "Unpaid React page", "skills": []string{"React"}, "budget": map[string]any{"min": 0, "max": 0}})
		if got := decodeList(t, e.do("GET", "/api/student/notifications", ada.Token, nil)); len(got) != 0 {
			t.Fatalf("an unpaid task reached a paid-only search: %v", got)
		}
		e.postTask(startup, map[string]any{"title": "Paid React page", "skills": []string{"React"}})
		if got := decodeList(t, e.do("GET", "/api/student/notifications", ada.Token, nil)); len(got) != 1 || !strings.Contains(got[0]["message"].(string), "Paid React page") {
			t.Errorf("a paid task did not reach the search: %v", got)
		}
	})
}

// TestSavedSearches_manage: list, delete (own only), the limits and the form's messages.
func TestSavedSearches_manage(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, bob := e.registerStudent("Ada"), e.registerStudent("Bob")
		for _, c := range []struct {
			body         map[string]any
			field, error string
		}{
			{map[string]any{"name": "  "}, "name", "Name is required"},
			{map[string]any{"name": strings.Repeat("n", 81)}, "name", "Name must be at most 80 characters"},
			{map[string]any{"name": "x", "category": "cooking"}, "category", "Unknown category"},
			{map[string]any{"name": "x", "deadlineBefore": "soon"}, "deadlineBefore", "deadlineBefore must be a date"},
			{map[string]any{"name": "x", "source": "friends"}, "source", "Source must be startup or non-startup"},
		} {
			res := e.do("POST", "/api/student/saved-searches", ada.Token, c.body)
			if res.Status != http.StatusBadRequest || res.fieldError(c.field) != c.error {
				t.Errorf("%v: %d %s", c.body, res.Status, res.Raw)
			}
		}
		first := e.do("POST", "/api/student/saved-searches", ada.Token, map[string]any{"name": "Soon", "deadlineBefore": "2026-12-31", "skills": []string{"Go, SQL"}})
		if first.Status != http.StatusCreated || first.field("deadlineBefore") != "2026-12-31" {
			t.Fatalf("save: %d %s", first.Status, first.Raw)
		}
		for i := 1; i < 20; i++ {
			e.do("POST", "/api/student/saved-searches", ada.Token, map[string]any{"name": fmt.Sprint("Search ", i)})
		}
		if res := e.do("POST", "/api/student/saved-searches", ada.Token, map[string]any{"name": "One too many"}); res.Status != http.StatusConflict {
			t.Errorf("a 21st saved search: %d %s", res.Status, res.Raw)
		}
		list := decodeList(t, e.do("GET", "/api/student/saved-searches", ada.Token, nil))
		if len(list) != 20 || list[19]["name"] != "Soon" || fmt.Sprint(list[19]["skills"]) != "[Go SQL]" {
			t.Fatalf("Ada's list: %d, oldest %v", len(list), list[len(list)-1])
		}
		id := first.field("_id")
		if res := e.do("DELETE", "/api/student/saved-searches/"+id, bob.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("Bob deleting Ada's: %d", res.Status)
		}
		if res := e.do("DELETE", "/api/student/saved-searches/"+id, ada.Token, nil); res.Status != http.StatusOK {
			t.Errorf("Ada deleting hers: %d %s", res.Status, res.Raw)
		}
		if got := decodeList(t, e.do("GET", "/api/student/saved-searches", ada.Token, nil)); len(got) != 19 {
			t.Errorf("after the delete: %d", len(got))
		}
		if got := decodeList(t, e.do("GET", "/api/student/saved-searches", bob.Token, nil)); len(got) != 0 {
			t.Errorf("Bob sees %d searches", len(got))
		}
	})
}
