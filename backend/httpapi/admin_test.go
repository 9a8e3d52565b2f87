package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestAdmin_totalsAndPagedLists(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		admin := e.admin()
		var students []user
		for i := 0; i < 5; i++ {
			students = append(students, e.registerStudent("Listed"))
		}
		startup := e.registerStartup("Listed Inc")
		e.postTask(startup, nil)

		totals := e.do("GET", "/api/admin/stats", admin.Token, nil)
		if totals.Status != http.StatusOK || totals.Body["students"] != 5.0 || totals.Body["startups"] != 1.0 || totals.Body["tasks"] != 1.0 {
			t.Errorf("stats: %d %s", totals.Status, totals.Raw)
		}
		page2 := e.do("GET", "/api/admin/students?page=2&per_page=2", admin.Token, nil)
		users := decodeList(t, page2)
		if len(users) != 2 || page2.totalCount() != 5 || !strings.HasSuffix(page2.links()["last"], "page=3&per_page=2") {
			t.Fatalf("page 2: %d %s %v", page2.Status, page2.Raw, page2.Header)
		}
		// Newest first: page 2 of 2 holds the third and fourth newest.
		if users[0]["_id"] != students[2].ID || users[1]["_id"] != students[1].ID {
			t.Errorf("page 2 = %v", users)
		}
		if past := e.do("GET", "/api/admin/students?page=9", admin.Token, nil); len(decodeList(t, past)) != 0 {
			t.Errorf("page past the end: %s", past.Raw)
		}
		startups := decodeList(t, e.do("GET", "/api/admin/startups", admin.Token, nil))
		if len(startups) != 1 || startups[0]["companyName"] != "Listed Inc" {
			t.Errorf("startups: %v", startups)
		}
		for _, bad := range []string{"?page=-1", "?page=x", "?per_page=101", "?per_page=-1", "?page=99999999999"} {
			if res := e.do("GET", "/api/admin/students"+bad, admin.Token, nil); res.Status != http.StatusBadRequest {
				t.Errorf("students%s: %d", bad, res.Status)
			}
		}
	})
}

func TestAdmin_studentAndStartupDashboards(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		admin := e.admin()
		student, idle := e.registerStudent("Busy"), e.registerStudent("Idle")
		startup := e.registerStartup("Posting Inc")
		done := e.postTask(startup, map[string]any{"title": "Done task"})
		active := e.postTask(startup, map[string]any{"title": "Active task"})
		e.postTask(startup, map[string]any{"title": "Open task"})
		e.submitLink(student, done, "https://github.com/busy/done")
		e.submitLink(student, active, "https://github.com/busy/active")
		if res := e.decide(startup, done, student.ID, true, "great"); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}

		res := e.do("GET", "/api/admin/dashboard/student/"+student.ID, admin.Token, nil)
		if res.Status != http.StatusOK || res.Body["user"].(map[string]any)["_id"] != student.ID {
			t.Fatalf("student dashboard: %d %s", res.Status, res.Raw)
		}
		stats := res.Body["stats"].(map[string]any)
		if stats["activeTasks"] != 1.0 || stats["completed"] != 1.0 || stats["certificates"] != 1.0 {
			t.Errorf("stats = %v", stats)
		}
		status := map[string]string{}
		for _, it := range res.Body["tasks"].([]any) {
			task := it.(map[string]any)
			status[task["title"].(string)] = task["displayStatus"].(string)
		}
		if len(status) != 2 || status["Done task"] != "completed" || status["Active task"] != "submitted" {
			t.Errorf("tasks as the student sees them = %v", status)
		}
		available := res.Body["availableTasks"].(map[string]any)
		if items := available["items"].([]any); len(items) != 1 || items[0].(map[string]any)["title"] != "Open task" {
			t.Errorf("available = %v", available)
		}
		certs := res.Body["certificates"].([]any)
		if len(certs) != 1 || certs[0].(map[string]any)["metadata"].(map[string]any)["taskTitle"] != "Done task" {
			t.Errorf("certificates = %v", certs)
		}

		res = e.do("GET", "/api/admin/dashboard/startup/"+startup.ID, admin.Token, nil)
		if res.Status != http.StatusOK || res.Body["startup"].(map[string]any)["companyName"] != "Posting Inc" || res.Body["totalTasks"] != 3.0 {
			t.Fatalf("startup dashboard: %d %s", res.Status, res.Raw)
		}
		links := map[string]string{}
		for _, it := range res.Body["tasks"].([]any) {
			task := it.(map[string]any)
			for _, s := range task["submissions"].([]any) {
				links[task["title"].(string)] = s.(map[string]any)["link"].(string)
			}
		}
		if links["Done task"] != "https://github.com/busy/done" || links["Active task"] != "https://github.com/busy/active" {
			t.Errorf("submissions by task = %v", links)
		}

		for path, want := range map[string]int{
			"/api/admin/dashboard/student/" + startup.ID: http.StatusNotFound,
			"/api/admin/dashboard/startup/" + student.ID: http.StatusNotFound,
			"/api/admin/dashboard/student/" + admin.ID:   http.StatusNotFound,
			"/api/admin/dashboard/student/nope":          http.StatusNotFound,
			"/api/admin/dashboard/student/" + idle.ID:    http.StatusOK,
		} {
			if res := e.do("GET", path, admin.Token, nil); res.Status != want {
				t.Errorf("GET %s: %d, want %d", path, res.Status, want)
			}
		}
	})
}

func TestAdmin_helpRequestsNewestFirst(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		for _, email := range []string{"first@example.com", "second@example.com", "third@example.com"} {
			body := map[string]any{"phone": "+1 555 010 4477", "email": email}
			if email == "third@example.com" {
				body["topic"], body["message"] = "certificates", "My certificate shows the wrong name."
			}
			if res := e.do("POST", "/api/help", "", body); res.Status != http.StatusCreated {
				t.Fatalf("help: %d %s", res.Status, res.Raw)
			}
		}
		res := e.do("GET", "/api/admin/help-requests?per_page=2", e.admin().Token, nil)
		list := decodeList(t, res)
		if len(list) != 2 || res.totalCount() != 3 {
			t.Fatalf("help requests: %d %s", res.Status, res.Raw)
		}
		first := list[0]
		if first["email"] != "third@example.com" || first["phone"] != "+15550104477" || first["createdAt"] == "" ||
			first["topic"] != "certificates" || first["message"] != "My certificate shows the wrong name." {
			t.Errorf("newest = %v", first)
		}
		if second := list[1]; second["topic"] != "" || second["message"] != "" {
			t.Errorf("a request without a topic or message = %v", second)
		}
	})
}
