package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

func titles(r response) []string {
	var out []string
	for _, it := range items(r) {
		out = append(out, it["title"].(string))
	}
	return out
}

func day(days int) string { return time.Now().AddDate(0, 0, days).Format("2006-01-02") }

// TestTasks_Lists: search over title, description, category and skills; the category, deadline
// and source filters; both sorts; 12 a page; and who sees which task.
func TestTasks_Lists(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Lists Inc")
		student := e.registerStudent("Lis")
		other := e.registerStudent("Oth")
		e.postTask(startup, map[string]any{"title": "Alpha API", "description": "REST endpoints", "category": "api-development", "skills": []string{"Go"}, "deadline": day(30)})
		e.postTask(startup, map[string]any{"title": "Beta visuals", "description": "Posters", "workType": "non-technical", "category": "marketing", "skills": []string{"Canva"}, "deadline": day(5)})
		e.postTask(startup, map[string]any{"title": "Gamma app", "description": "A mobile app with KOTLIN", "category": "mobile-development", "skills": []string{"Android"}, "deadline": day(10)})
		mine := e.postTask(startup, map[string]any{"title": "Delta for you", "assignedStudent": student.ID, "deadline": day(20)})
		submitted := e.postTask(startup, map[string]any{"title": "Epsilon docs", "category": "database", "skills": []string{"SQL"}, "deadline": day(15)})
		e.submitLink(student, submitted, "https://example.com/e")

		list := func(path, token string, query url.Values) response {
			t.Helper()
			res := e.do("GET", path+"?"+query.Encode(), token, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("GET %s?%s: %d %s", path, query.Encode(), res.Status, res.Raw)
			}
			return res
		}
		cases := []struct {
			name, path, token string
			query             url.Values
			want              string
		}{
			{"public: open and unassigned, soonest deadline first", "/api/tasks", "", nil, "[Beta visuals Gamma app Epsilon docs Alpha API]"},
			{"search in title", "/api/tasks", "", url.Values{"search": {"alpha"}}, "[Alpha API]"},
			{"search in description, any case", "/api/tasks", "", url.Values{"search": {"kotlin"}}, "[Gamma app]"},
			{"search in category", "/api/tasks", "", url.Values{"search": {"marketing"}}, "[Beta visuals]"},
			{"search in skills", "/api/tasks", "", url.Values{"search": {"canva"}}, "[Beta visuals]"},
			{"search, all words", "/api/tasks", "", url.Values{"search": {"mobile app"}}, "[Gamma app]"},
			{"search, LIKE wildcards are literal", "/api/tasks", "", url.Values{"search": {"%"}}, "[]"},
			{"category filter", "/api/tasks", "", url.Values{"category": {"api-development"}}, "[Alpha API]"},
			{"deadline on or before", "/api/tasks", "", url.Values{"deadline": {day(10)}}, "[Beta visuals Gamma app]"},
			{"sort by title", "/api/tasks", "", url.Values{"sort": {"title"}}, "[Alpha API Beta visuals Epsilon docs Gamma app]"},
			{"student: everything, their own tasks first", "/api/student/tasks/all", student.Token, nil, "[Epsilon docs Delta for you Beta visuals Gamma app Alpha API]"},
			{"student: available leaves out what they submitted to", "/api/student/tasks/all", student.Token, url.Values{"scope": {"available"}}, "[Beta visuals Gamma app Alpha API]"},
			{"student: available to another student", "/api/student/tasks/all", other.Token, url.Values{"scope": {"available"}}, "[Beta visuals Gamma app Epsilon docs Alpha API]"},
			{"student: mine", "/api/student/tasks/all", student.Token, url.Values{"scope": {"mine"}}, "[Epsilon docs Delta for you]"},
			{"student: mine from a startup", "/api/student/tasks/all", student.Token, url.Values{"scope": {"mine"}, "source": {"startup"}}, "[Delta for you]"},
			{"student: mine from the open market", "/api/student/tasks/all", student.Token, url.Values{"scope": {"mine"}, "source": {"non-startup"}}, "[Epsilon docs]"},
			{"student: available from a startup", "/api/student/tasks/all", student.Token, url.Values{"scope": {"available"}, "source": {"startup"}}, "[]"},
			{"student: search and filter", "/api/student/tasks/all", other.Token, url.Values{"search": {"sql"}, "category": {"database"}}, "[Epsilon docs]"},
			{"startup: open tab, newest first", "/api/startup/tasks", startup.Token, url.Values{"status": {"open"}}, "[Epsilon docs Delta for you Gamma app Beta visuals Alpha API]"},
			{"startup: search", "/api/startup/tasks", startup.Token, url.Values{"search": {"delta"}}, "[Delta for you]"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				if got := fmt.Sprint(titles(list(tc.path, tc.token, tc.query))); got != tc.want {
					t.Errorf("got %s, want %s", got, tc.want)
				}
			})
		}

		// The student sees only their own submission, and their own status.
		res := list("/api/student/tasks/all", student.Token, url.Values{"scope": {"mine"}, "search": {"epsilon"}})
		task := items(res)[0]
		if subs := task["submissions"].([]any); len(subs) != 1 || task["displayStatus"] != "submitted" {
			t.Errorf("student's task: %v", task)
		}
		e.submitLink(other, submitted, "https://example.com/other")
		res = list("/api/student/tasks/all", student.Token, url.Values{"scope": {"mine"}, "search": {"epsilon"}})
		if subs := items(res)[0]["submissions"].([]any); len(subs) != 1 || subs[0].(map[string]any)["link"] != "https://example.com/e" {
			t.Errorf("a student sees another's submission: %v", subs)
		}
		if pub := items(list("/api/tasks", "", url.Values{"search": {"epsilon"}}))[0]; len(pub["submissions"].([]any)) != 0 || pub["startup"].(map[string]any)["email"] != nil {
			t.Errorf("the public list shows submissions or emails: %v", pub)
		}
		_ = mine

		// Every role's whole view: the spec's client asks /api/student/tasks/all of each. Own
		// tasks come first whatever their status, each with the submissions its viewer may see.
		rival := e.registerStartup("Rival Inc")
		e.postTask(rival, map[string]any{"title": "Zeta rival", "deadline": day(1)})
		views := []struct {
			name, token, want string
			epsilonSubs       int
		}{
			{"the student", student.Token, "[Epsilon docs Delta for you Zeta rival Beta visuals Gamma app Alpha API]", 1},
			{"the startup", startup.Token, "[Beta visuals Gamma app Epsilon docs Delta for you Alpha API Zeta rival]", 2},
			{"another startup", rival.Token, "[Zeta rival Beta visuals Gamma app Epsilon docs Alpha API]", 0},
			{"the admin", e.admin().Token, "[Zeta rival Beta visuals Gamma app Epsilon docs Delta for you Alpha API]", 2},
		}
		for _, v := range views {
			res := list("/api/student/tasks/all", v.token, nil)
			if got := fmt.Sprint(titles(res)); got != v.want {
				t.Errorf("%s's view: %s, want %s", v.name, got, v.want)
			}
			for _, task := range items(res) {
				if task["title"] == "Epsilon docs" && len(task["submissions"].([]any)) != v.epsilonSubs {
					t.Errorf("%s sees %d submissions on Epsilon docs, want %d", v.name, len(task["submissions"].([]any)), v.epsilonSubs)
				}
			}
		}
		if res := e.do("GET", "/api/student/tasks/all?scope=mine", startup.Token, nil); res.Status != http.StatusBadRequest || res.fieldError("scope") != "Scope is only for students" {
			t.Errorf("a startup's scope: %d %s, want 400", res.Status, res.Raw)
		}

		// Tab counts under the same search.
		counts := list("/api/startup/tasks/counts", startup.Token, nil).Body
		if counts["all"] != 5.0 || counts["open"] != 5.0 || counts["under-review"] != 0.0 || counts["completed"] != 0.0 {
			t.Errorf("counts %v", counts)
		}
		if counts := list("/api/startup/tasks/counts", startup.Token, url.Values{"search": {"alpha"}}).Body; counts["all"] != 1.0 || counts["open"] != 1.0 {
			t.Errorf("counts under a search %v, want Alpha API alone", counts)
		}
		if counts := list("/api/startup/tasks/counts", rival.Token, nil).Body; counts["all"] != 1.0 {
			t.Errorf("another startup's counts %v, want its one task", counts)
		}

		for _, bad := range []url.Values{{"sort": {"price"}}, {"deadline": {"soon"}}, {"page": {"0"}}, {"page": {"x"}}, {"page": {"101"}}, {"source": {"moon"}}, {"status": {"lost"}}} {
			if res := e.do("GET", "/api/tasks?"+bad.Encode(), "", nil); res.Status != http.StatusBadRequest {
				t.Errorf("GET /api/tasks?%s: %d, want 400", bad.Encode(), res.Status)
			}
		}
	})
}

// TestTasks_Paging: 12 a page, pages never overlap, the total counts them all.
func TestTasks_Paging(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Paging Inc")
		for i := range 27 {
			e.postTask(startup, map[string]any{"title": fmt.Sprintf("Task %02d", i), "deadline": day(1 + i%3)})
		}
		seen := map[string]bool{}
		for pageN, want := range map[int]int{1: 12, 2: 12, 3: 3, 4: 0} {
			res := e.do("GET", fmt.Sprintf("/api/tasks?page=%d&per_page=12", pageN), "", nil)
			if res.totalCount() != 27 || !strings.HasSuffix(res.links()["last"], "page=3&per_page=12") || len(items(res)) != want {
				t.Fatalf("page %d: %d items, X-Total-Count %d, Link %q", pageN, len(items(res)), res.totalCount(), res.Header.Get("Link"))
			}
			for _, it := range items(res) {
				if seen[it["_id"].(string)] {
					t.Errorf("task %s on two pages", it["title"])
				}
				seen[it["_id"].(string)] = true
			}
		}
		if len(seen) != 27 {
			t.Errorf("%d tasks over all pages, want 27", len(seen))
		}

		// A student's whole view: 14 own tasks (submitted to) ahead of the other 13, the second
		// page ending the own ones and going on with the market, nothing twice or left out.
		student := e.registerStudent("Pager")
		own := map[string]bool{}
		for _, it := range items(e.do("GET", "/api/tasks?page=1&per_page=12", "", nil)) {
			e.submitLink(student, it["_id"].(string), "https://example.com/p")
			own[it["_id"].(string)] = true
		}
		for _, it := range items(e.do("GET", "/api/tasks?page=2&per_page=12", "", nil))[:2] {
			e.submitLink(student, it["_id"].(string), "https://example.com/p")
			own[it["_id"].(string)] = true
		}
		var order []bool
		whole := map[string]bool{}
		for pageN := 1; pageN <= 3; pageN++ {
			res := e.do("GET", fmt.Sprintf("/api/student/tasks/all?page=%d&per_page=12", pageN), student.Token, nil)
			if res.totalCount() != 27 {
				t.Fatalf("whole view page %d: X-Total-Count %d, want 27", pageN, res.totalCount())
			}
			for _, it := range items(res) {
				id := it["_id"].(string)
				if whole[id] {
					t.Errorf("task %s on two pages of the whole view", it["title"])
				}
				whole[id] = true
				order = append(order, own[id])
			}
		}
		if len(whole) != 27 || len(own) != 14 {
			t.Fatalf("%d tasks over the whole view's pages (%d own), want 27 (14 own)", len(whole), len(own))
		}
		for i, isOwn := range order {
			if isOwn != (i < 14) {
				t.Fatalf("position %d own=%v: the 14 own tasks must come first (%v)", i, isOwn, order)
			}
		}
	})
}
