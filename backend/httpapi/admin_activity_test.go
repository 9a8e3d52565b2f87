package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bridgework/backend/admin"
)

// TestAdmin_activity counts known data into its weeks: this week's sign-ups, submission and
// certificate, a sign-up moved three weeks back and a submission two weeks back. All three tasks
// are open: approving one student's work without closing the task leaves it taking others.
func TestAdmin_activity(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		adminUser := e.admin()
		student, early := e.registerStudent("Active"), e.registerStudent("Early")
		startup := e.registerStartup("Weekly Inc")
		done, waiting := e.postTask(startup, map[string]any{"title": "Done task"}), e.postTask(startup, map[string]any{"title": "Waiting task"})
		e.postTask(startup, map[string]any{"title": "Open task"})
		e.submitLink(student, done, "https://github.com/active/done")
		e.submitLink(student, waiting, "https://github.com/active/waiting")
		if res := e.decideKeepingOpen(startup, done, student.ID); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		now := time.Now()
		db := e.app.DB
		if err := db.Exec("UPDATE users SET created_at = ? WHERE id = ?", now.AddDate(0, 0, -21), early.ID).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Exec("UPDATE submissions SET submitted_at = ? WHERE task_id = ?", now.AddDate(0, 0, -14), waiting).Error; err != nil {
			t.Fatal(err)
		}

		res := e.do("GET", "/api/admin/activity", adminUser.Token, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("activity: %d %s", res.Status, res.Raw)
		}
		byStatus := res.Body["submissionsByStatus"].(map[string]any)
		want := map[string]float64{"pending": 1, "under-review": 0, "changes_requested": 0, "approved": 1, "rejected": 0, "closed": 0}
		for status, n := range want {
			if byStatus[status] != n {
				t.Errorf("submissionsByStatus[%s] = %v, want %v (%v)", status, byStatus[status], n, byStatus)
			}
		}
		weeks := res.Body["weeks"].([]any)
		if len(weeks) != admin.ActivityWeeks {
			t.Fatalf("%d weeks, want %d", len(weeks), admin.ActivityWeeks)
		}
		thisMonday := admin.WeekStart(now)
		type figures struct{ signups, submissions, certificates float64 }
		expected := map[int]figures{11: {2, 1, 1}, 9: {0, 1, 0}, 8: {1, 0, 0}}
		for i, w := range weeks {
			week := w.(map[string]any)
			if monday := thisMonday.AddDate(0, 0, -7*(11-i)).Format(time.DateOnly); week["week"] != monday {
				t.Errorf("weeks[%d].week = %v, want %s", i, week["week"], monday)
			}
			got := figures{week["signups"].(float64), week["submissions"].(float64), week["certificates"].(float64)}
			if got != expected[i] {
				t.Errorf("weeks[%d] = %+v, want %+v", i, got, expected[i])
			}
		}
		this := res.Body["thisWeek"].(map[string]any)
		if this["week"] != thisMonday.Format(time.DateOnly) || this["signups"] != 2.0 || this["submissions"] != 1.0 ||
			this["certificates"] != 1.0 || this["openTasks"] != 3.0 {
			t.Errorf("thisWeek = %v", this)
		}
	})
}

func TestAdmin_weekStartIsMondayUTC(t *testing.T) {
	for in, want := range map[string]string{
		"2026-11-26T00:51:00Z":      "2026-11-23", // a Thursday
		"2026-11-23T00:00:00Z":      "2026-11-23", // Monday's first instant
		"2026-11-22T23:59:59Z":      "2026-11-16", // Sunday ends the week before
		"2026-11-23T01:00:00+02:00": "2026-11-16", // still Sunday in UTC
		"2027-01-01T12:00:00Z":      "2026-12-28", // across the year
	} {
		at, _ := time.Parse(time.RFC3339, in)
		if got := admin.WeekStart(at).Format(time.DateOnly); got != want {
			t.Errorf("WeekStart(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestAdmin_searchSortAndPage searches students by name, e-mail and company, sorts by name or
// newest, pages the result with Link headers that keep the search, and refuses bad values.
func TestAdmin_searchSortAndPage(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		adminUser := e.admin()
		for _, name := range [][2]string{{"Zed", "Quinn"}, {"Amy", "Quinn"}, {"Bob", "Quinnell"}} {
			e.register(map[string]any{"userType": "student", "firstName": name[0], "lastName": name[1]})
		}
		other := e.register(map[string]any{"userType": "student", "firstName": "Other", "lastName": "Person"})
		e.registerStartup("Quinn Labs")
		e.registerStartup("Acme 100% Co")

		names := func(path string) ([]string, response) {
			t.Helper()
			res := e.do("GET", path, adminUser.Token, nil)
			var out []string
			for _, u := range decodeList(t, res) {
				out = append(out, u["firstName"].(string)+u["companyName"].(string))
			}
			return out, res
		}
		// Any case, in the full name; the startup called Quinn is not a student.
		if got, res := names("/api/admin/students?search=" + url.QueryEscape(" quINN ")); strings.Join(got, ",") != "Bob,Amy,Zed" || res.totalCount() != 3 {
			t.Errorf("search quinn, newest first = %v (%s)", got, res.Header.Get("X-Total-Count"))
		}
		if got, _ := names("/api/admin/students?search=amy+quinn&sort=name"); strings.Join(got, ",") != "Amy" {
			t.Errorf("search by full name = %v", got)
		}
		if got, _ := names("/api/admin/students?search=" + url.QueryEscape(strings.ToUpper(other.Email))); strings.Join(got, ",") != "Other" {
			t.Errorf("search by e-mail = %v", got)
		}
		if got, _ := names("/api/admin/students?sort=name"); strings.Join(got, ",") != "Amy,Bob,Other,Zed" {
			t.Errorf("sort by name = %v", got)
		}
		// Paging keeps the search and the order: page 2 of 2 by name holds the last one.
		got, res := names("/api/admin/students?search=quinn&sort=name&per_page=2&page=2")
		if strings.Join(got, ",") != "Zed" || res.totalCount() != 3 {
			t.Errorf("page 2 = %v", got)
		}
		if first := res.links()["first"]; !strings.Contains(first, "search=quinn") || !strings.Contains(first, "sort=name") {
			t.Errorf("Link first = %q, want the search and sort kept", first)
		}
		// Startups by company; a % is a character, not a wildcard.
		if got, _ := names("/api/admin/startups?search=quinn"); strings.Join(got, ",") != "Quinn Labs" {
			t.Errorf("startups search = %v", got)
		}
		if got, _ := names("/api/admin/startups?search=" + url.QueryEscape("100%")); strings.Join(got, ",") != "Acme 100% Co" {
			t.Errorf("startups search 100%% = %v", got)
		}
		if got, _ := names("/api/admin/startups?search=" + url.QueryEscape("e%c")); len(got) != 0 {
			t.Errorf("%% matched as a wildcard: %v", got)
		}
		if got, _ := names("/api/admin/startups?sort=name"); strings.Join(got, ",") != "Acme 100% Co,Quinn Labs" {
			t.Errorf("startups by name = %v", got)
		}
		if got, res := names("/api/admin/students?search=nobody-at-all"); len(got) != 0 || res.totalCount() != 0 {
			t.Errorf("no match = %v", got)
		}

		for query, field := range map[string]string{
			"sort=oldest":                               "sort",
			"sort=NAME":                                 "sort",
			"search=" + strings.Repeat("a", 101):        "search",
			"search=a&sort=name&page=0":                 "page",
			"search=" + strings.Repeat("é", 101) + "&x": "search",
		} {
			for _, kind := range []string{"students", "startups"} {
				res := e.do("GET", "/api/admin/"+kind+"?"+query, adminUser.Token, nil)
				if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Raw), field) {
					t.Errorf("GET /api/admin/%s?%.30s: %d %s, want 400 on %s", kind, query, res.Status, res.Raw, field)
				}
			}
		}
		if res := e.do("GET", "/api/admin/students?sort=oldest", adminUser.Token, nil); !strings.Contains(string(res.Raw), "sort must be one of newest, name") {
			t.Errorf("sort message: %s", res.Raw)
		}
	})
}
