package httpapi_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"bridgework/backend/config"
	"bridgework/backend/store"
)

// A task's budget carries its currency: the form's, else the server's DEFAULT_CURRENCY; anything
// but a three-letter code is refused with the field's message (docs/api-contract.md, "Pay and the
// task page").
func TestTasks_currency(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { c.DefaultCurrency = "EUR" }, func(t *testing.T, e *env) {
		startup := e.registerStartup("Nimbus Labs")
		defaulted := e.postTask(startup, nil)
		inr := e.postTask(startup, map[string]any{"currency": "INR"})
		for _, bad := range []string{"usd", "US", "DOLLAR", "€", "12A"} {
			res := e.do("POST", "/api/startup/tasks", startup.Token, validTask(map[string]any{"currency": bad}))
			if res.Status != http.StatusBadRequest || res.fieldError("currency") != "Currency must be a three-letter ISO 4217 code" {
				t.Errorf("currency %q: %d %s", bad, res.Status, res.Raw)
			}
		}
		for id, want := range map[string]string{defaulted: "EUR", inr: "INR"} {
			if res := e.do("GET", "/api/tasks/"+id, "", nil); res.field("currency") != want {
				t.Errorf("task page currency %q, want %s: %s", res.field("currency"), want, res.Raw)
			}
			if res := e.do("GET", "/api/startup/tasks/"+id, startup.Token, nil); res.field("currency") != want {
				t.Errorf("startup task currency %q, want %s", res.field("currency"), want)
			}
		}
		for _, task := range items(e.do("GET", "/api/tasks", "", nil)) {
			if task["currency"] == nil || task["currency"] == "" {
				t.Errorf("list item without currency: %v", task)
			}
		}
	})
}

// paid=true keeps tasks with a budget; sort=pay puts the highest budget max first.
func TestTasks_paidFilterAndPaySort(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Nimbus Labs")
		budget := func(min, max int) map[string]any {
			return map[string]any{"budget": map[string]any{"min": min, "max": max}}
		}
		unpaid := e.postTask(startup, budget(0, 0))
		small := e.postTask(startup, budget(50, 100))
		large := e.postTask(startup, budget(100, 900))
		upTo := e.postTask(startup, budget(0, 400))
		noBudget := e.postTask(startup, map[string]any{"budget": nil})

		ids := func(path string) []string {
			t.Helper()
			res := e.do("GET", path, "", nil)
			if res.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", path, res.Status, res.Raw)
			}
			var out []string
			for _, task := range items(res) {
				out = append(out, task["_id"].(string))
			}
			return out
		}
		got := ids("/api/tasks?sort=pay")
		if len(got) != 5 || got[0] != large || got[1] != upTo || got[2] != small {
			t.Errorf("sort=pay: %v, want %s, %s, %s first", got, large, upTo, small)
		}
		paid := ids("/api/tasks?paid=true&sort=pay")
		if len(paid) != 3 || paid[0] != large || paid[1] != upTo || paid[2] != small {
			t.Errorf("paid=true&sort=pay: %v", paid)
		}
		for _, id := range paid {
			if id == unpaid || id == noBudget {
				t.Errorf("paid=true lists unpaid task %s", id)
			}
		}
		if all := ids("/api/tasks?paid=false"); len(all) != 5 {
			t.Errorf("paid=false: %d tasks, want 5", len(all))
		}
		if res := e.do("GET", "/api/tasks?sort=budget", "", nil); res.Status != http.StatusBadRequest ||
			res.fieldError("sort") != "Sort by deadline, title or pay" {
			t.Errorf("sort=budget: %d %s", res.Status, res.Raw)
		}
		if res := e.do("GET", "/api/tasks?paid=yes", "", nil); res.Status != http.StatusBadRequest ||
			res.fieldError("paid") != "paid must be true or false" {
			t.Errorf("paid=yes: %d %s", res.Status, res.Raw)
		}
	})
}

// GET /api/tasks/:id shows a listed task to anyone; an assigned one only to its student, its
// startup and the admin; a student also gets their own submission.
func TestTasks_taskPage(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Nimbus Labs")
		other := e.registerStartup("Leaf Co")
		asha, leo := e.registerStudent("Asha"), e.registerStudent("Leo")
		admin := e.admin()
		open := e.postTask(startup, map[string]any{"currency": "GBP"})
		assigned := e.postTask(startup, map[string]any{"assignedStudent": asha.ID})

		for _, tc := range []struct {
			name, id, token string
			status          int
		}{
			{"visitor, open task", open, "", http.StatusOK},
			{"student, open task", open, leo.Token, http.StatusOK},
			{"other startup, open task", open, other.Token, http.StatusOK},
			{"visitor, assigned task", assigned, "", http.StatusNotFound},
			{"other student, assigned task", assigned, leo.Token, http.StatusNotFound},
			{"other startup, assigned task", assigned, other.Token, http.StatusNotFound},
			{"assigned student", assigned, asha.Token, http.StatusOK},
			{"owning startup, assigned task", assigned, startup.Token, http.StatusOK},
			{"admin, assigned task", assigned, admin.Token, http.StatusOK},
			{"visitor, unknown id", store.NewID(), "", http.StatusNotFound},
			{"visitor, malformed id", "not-an-id", "", http.StatusNotFound},
			{"student, unknown id", store.NewID(), asha.Token, http.StatusNotFound},
		} {
			res := e.do("GET", "/api/tasks/"+tc.id, tc.token, nil)
			if res.Status != tc.status {
				t.Errorf("%s: %d %s, want %d", tc.name, res.Status, res.Raw, tc.status)
				continue
			}
			if tc.status == http.StatusNotFound && res.field("message") != "Task not found." {
				t.Errorf("%s: message %q", tc.name, res.field("message"))
			}
		}

		page := e.do("GET", "/api/tasks/"+open, "", nil)
		if page.field("title") != "Build a landing page" || page.field("currency") != "GBP" || page.Body["mySubmission"] != nil {
			t.Errorf("visitor's page: %s", page.Raw)
		}
		if startupJSON, _ := page.Body["startup"].(map[string]any); startupJSON["companyName"] != "Nimbus Labs" {
			t.Errorf("visitor's page startup: %v", page.Body["startup"])
		}

		// The student's own submission comes with the page; nobody else's does.
		if res := e.submitLink(asha, open, "https://github.com/asha/landing"); res.Status != http.StatusOK {
			t.Fatalf("submit: %d %s", res.Status, res.Raw)
		}
		mine := e.do("GET", "/api/tasks/"+open, asha.Token, nil)
		sub, _ := mine.Body["mySubmission"].(map[string]any)
		if sub == nil || sub["link"] != "https://github.com/asha/landing" || sub["status"] != "pending" || sub["revision"] != float64(1) {
			t.Fatalf("student's page: %s", mine.Raw)
		}
		if subs, _ := mine.Body["submissions"].([]any); len(subs) != 0 {
			t.Errorf("student's page lists submissions: %v", subs)
		}
		if mine.field("displayStatus") != "submitted" {
			t.Errorf("student's display status %q, want submitted", mine.field("displayStatus"))
		}
		for name, token := range map[string]string{"other student": leo.Token, "owning startup": startup.Token, "visitor": ""} {
			res := e.do("GET", "/api/tasks/"+open, token, nil)
			if res.Body["mySubmission"] != nil || len(res.Body["submissions"].([]any)) != 0 {
				t.Errorf("%s sees a submission: %s", name, res.Raw)
			}
		}

		// Once completed, the task leaves the public page but stays with who worked on it.
		e.review(startup, open, asha.ID)
		res := e.do("POST", "/api/startup/tasks/"+open+"/approve", startup.Token,
			map[string]any{"studentId": asha.ID, "approve": true, "closeTask": true})
		if res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		for name, want := range map[string]struct {
			token  string
			status int
		}{
			"visitor":   {"", http.StatusNotFound},
			"leo":       {leo.Token, http.StatusNotFound},
			"asha":      {asha.Token, http.StatusOK},
			"the owner": {startup.Token, http.StatusOK},
		} {
			if res := e.do("GET", "/api/tasks/"+open, want.token, nil); res.Status != want.status {
				t.Errorf("completed task, %s: %d, want %d", name, res.Status, want.status)
			}
		}
		// A token that no longer works is refused, not read as a visitor's.
		if res := e.do("GET", "/api/tasks/"+open, "not-a-token", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("bad token: %d", res.Status)
		}
	})
}

// The startup dashboard's figures each count one thing: hired, distinct students with approved
// work; working, distinct students whose work still waits on a task not yet completed.
func TestStartupDashboard_consistentCounts(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Nimbus Labs")
		asha, leo, mia := e.registerStudent("Asha"), e.registerStudent("Leo"), e.registerStudent("Mia")
		first, second := e.postTask(startup, nil), e.postTask(startup, nil)
		for _, s := range []user{asha, leo} {
			if res := e.submitLink(s, first, "https://github.com/"+s.ID+"/work"); res.Status != http.StatusOK {
				t.Fatalf("submit: %d %s", res.Status, res.Raw)
			}
		}
		// Asha twice (still one student), Mia on the second task.
		e.submitLink(asha, second, "https://github.com/asha/second")
		e.submitLink(mia, second, "https://github.com/mia/second")
		stats := func() (hired, working float64) {
			t.Helper()
			res := e.do("GET", "/api/startup/dashboard", startup.Token, nil)
			s, _ := res.Body["stats"].(map[string]any)
			if s == nil {
				t.Fatalf("dashboard: %s", res.Raw)
			}
			return s["studentsHired"].(float64), s["studentsWorking"].(float64)
		}
		if hired, working := stats(); hired != 0 || working != 3 {
			t.Errorf("before approval: hired %v working %v, want 0 and 3", hired, working)
		}
		// Approving Asha's work and closing the first task: Leo's link there no longer counts as work.
		e.review(startup, first, asha.ID)
		res := e.do("POST", "/api/startup/tasks/"+first+"/approve", startup.Token,
			map[string]any{"studentId": asha.ID, "approve": true, "closeTask": true})
		if res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		if hired, working := stats(); hired != 1 || working != 2 {
			t.Errorf("after approval: hired %v working %v, want 1 (Asha) and 2 (Asha and Mia on the open task)", hired, working)
		}
		// A second approval of Asha's work is a second approval, not a second student hired.
		e.review(startup, second, asha.ID)
		if res := e.do("POST", "/api/startup/tasks/"+second+"/approve", startup.Token,
			map[string]any{"studentId": asha.ID, "approve": true}); res.Status != http.StatusOK {
			t.Fatalf("approve Asha on the second task: %d %s", res.Status, res.Raw)
		}
		if hired, _ := stats(); hired != 1 {
			t.Errorf("after two approvals of Asha: hired %v, want 1", hired)
		}
	})
}

// The startup dashboard lists the startup's 5 newest tasks, each with its submissions and their
// revisions, and its 10 newest submissions, each with its task, student and revisions: its own
// and no other startup's.
func TestStartupDashboard_lists(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, other := e.registerStartup("Nimbus Labs"), e.registerStartup("Other Co")
		ann, ben := e.registerStudent("Ann"), e.registerStudent("Ben")
		var ids []string
		for i := range 7 {
			ids = append(ids, e.postTask(startup, map[string]any{"title": fmt.Sprintf("Task %d", i)}))
		}
		for _, id := range ids[1:] {
			e.submitLink(ann, id, "https://example.com/ann/"+id)
			e.submitLink(ben, id, "https://example.com/ben/"+id)
		}
		e.submitLink(ann, e.postTask(other, map[string]any{"title": "Not theirs"}), "https://example.com/ann/other")
		newest := ids[6]
		e.review(startup, newest, ann.ID)
		e.requestChanges(startup, newest, ann.ID, "Redo the header")
		if res := e.submitLink(ann, newest, "https://example.com/ann/v2"); res.Status != http.StatusOK {
			t.Fatalf("resubmit: %d %s", res.Status, res.Raw)
		}

		res := e.do("GET", "/api/startup/dashboard", startup.Token, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("dashboard: %d %s", res.Status, res.Raw)
		}
		var titles []string
		for _, it := range res.Body["tasks"].([]any) {
			titles = append(titles, it.(map[string]any)["title"].(string))
		}
		if want := []string{"Task 6", "Task 5", "Task 4", "Task 3", "Task 2"}; !slices.Equal(titles, want) {
			t.Errorf("tasks = %v, want %v", titles, want)
		}
		revisedOn := func(sub map[string]any) (links []string) {
			for _, r := range sub["revisions"].([]any) {
				links = append(links, r.(map[string]any)["link"].(string))
			}
			return links
		}
		wantRevisions := []string{"https://example.com/ann/" + newest, "https://example.com/ann/v2"}
		subsOf := map[string]string{}
		for _, it := range res.Body["tasks"].([]any)[0].(map[string]any)["submissions"].([]any) {
			sub := it.(map[string]any)
			student := sub["student"].(map[string]any)
			subsOf[student["_id"].(string)] = student["firstName"].(string)
			if student["_id"] == ann.ID && !slices.Equal(revisedOn(sub), wantRevisions) {
				t.Errorf("Ann's submission on the newest task has revisions %v, want %v", revisedOn(sub), wantRevisions)
			}
		}
		if len(subsOf) != 2 || subsOf[ann.ID] != "Ann" || subsOf[ben.ID] != "Ben" {
			t.Errorf("the newest task's submissions by student = %v, want Ann's and Ben's", subsOf)
		}

		subs := res.Body["submissions"].([]any)
		if len(subs) != 10 {
			t.Fatalf("%d submissions, want the 10 newest of 12", len(subs))
		}
		for i, it := range subs {
			sub := it.(map[string]any)
			task, student := sub["task"].(map[string]any), sub["student"].(map[string]any)
			if !slices.Contains(ids, task["_id"].(string)) || task["title"] == "" || student["firstName"] == "" {
				t.Errorf("submission %d: task %v, student %v", i, task, student)
			}
		}
		first := subs[0].(map[string]any)
		if first["task"].(map[string]any)["title"] != "Task 6" || !slices.Equal(revisedOn(first), wantRevisions) {
			t.Errorf("the newest submission is on %v with revisions %v, want Ann's resubmission on Task 6",
				first["task"], revisedOn(first))
		}
	})
}
