package httpapi_test

import (
	"net/http"
	"slices"
	"testing"
)

// TestStudentDashboard_specShapesForEveryRole: the spec's client reads user and tasks from
// GET /api/student/dashboard, and asks it as every role (its profile page decides between
// creating and updating by user). A student's tasks hold their own tasks with only their own
// submission; the other roles get their user and no tasks, not a refusal.
func TestStudentDashboard_specShapesForEveryRole(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, bob := e.registerStudent("Ada"), e.registerStudent("Bob")
		startup := e.registerStartup("Shapes Inc")
		shared := e.postTask(startup, map[string]any{"title": "Shared task"})
		e.postTask(startup, map[string]any{"title": "Untouched task"})
		e.submitLink(ada, shared, "https://example.com/ada")
		e.submitLink(bob, shared, "https://example.com/bob")

		dash := e.do("GET", "/api/student/dashboard", ada.Token, nil)
		if dash.Status != http.StatusOK {
			t.Fatalf("student: %d %s", dash.Status, dash.Raw)
		}
		if u, _ := dash.Body["user"].(map[string]any); u["_id"] != ada.ID || u["id"] != ada.ID {
			t.Errorf("user = %v, want Ada", dash.Body["user"])
		}
		mine, _ := dash.Body["tasks"].([]any)
		if len(mine) != 1 {
			t.Fatalf("tasks = %v, want the one Ada submitted to", dash.Body["tasks"])
		}
		task := mine[0].(map[string]any)
		subs, _ := task["submissions"].([]any)
		if task["title"] != "Shared task" || len(subs) != 1 || subs[0].(map[string]any)["link"] != "https://example.com/ada" {
			t.Errorf("Ada's task = %v, want Shared task with only her own submission", task)
		}
		// Read beside the dashboard's own lists, and apart from them: newest first, none of the open
		// tasks the dashboard offers her.
		e.submitLink(ada, e.postTask(startup, map[string]any{"title": "Later task"}), "https://example.com/ada/later")
		dash = e.do("GET", "/api/student/dashboard", ada.Token, nil)
		var titles []string
		for _, it := range dash.Body["tasks"].([]any) {
			titles = append(titles, it.(map[string]any)["title"].(string))
		}
		available := dash.Body["availableTasks"].(map[string]any)["items"].([]any)
		if !slices.Equal(titles, []string{"Later task", "Shared task"}) || len(available) != 1 ||
			available[0].(map[string]any)["title"] != "Untouched task" {
			t.Errorf("tasks = %v and available = %v, want Ada's two newest first and the untouched one", titles, available)
		}

		for name, who := range map[string]user{"startup": startup, "admin": e.admin()} {
			res := e.do("GET", "/api/student/dashboard", who.Token, nil)
			if res.Status != http.StatusOK {
				t.Errorf("%s: %d %s, want 200", name, res.Status, res.Raw)
				continue
			}
			if u, _ := res.Body["user"].(map[string]any); u["_id"] != who.ID {
				t.Errorf("%s: user = %v", name, res.Body["user"])
			}
			if tasks, ok := res.Body["tasks"].([]any); !ok || len(tasks) != 0 {
				t.Errorf("%s: tasks = %v, want []", name, res.Body["tasks"])
			}
		}
		if res := e.do("GET", "/api/student/dashboard", "", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("signed out: %d, want 401", res.Status)
		}
	})
}

// TestStudentProfile_specPayload: the spec's client saves the profile with the form's fields plus
// userId and email (set to collegeEmail) and no names; the names given at sign-up are kept. A
// userId other than the caller's is refused and changes nothing.
func TestStudentProfile_specPayload(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, bob := e.registerStudent("Ada"), e.registerStudent("Bob")
		payload := func(userID string) map[string]any {
			return map[string]any{"userId": userID, "email": "ada@uni.example", "collegeEmail": "ada@uni.example",
				"bio": "Engines", "skills": []map[string]any{{"name": "Go", "level": "expert"}}}
		}
		for _, method := range []string{"POST", "PUT"} {
			if res := e.do(method, "/api/student/profile", bob.Token, payload(ada.ID)); res.Status != http.StatusForbidden ||
				res.field("message") != "You can only edit your own profile." {
				t.Errorf("%s naming another student: %d %s, want 403", method, res.Status, res.Raw)
			}
		}
		if res := e.do("GET", "/api/student/profile", ada.Token, nil); string(res.Raw) != "null" {
			t.Errorf("a refused save created Ada's profile: %s", res.Raw)
		}

		res := e.do("POST", "/api/student/profile", ada.Token, payload(ada.ID))
		if res.Status != http.StatusCreated || res.field("firstName") != "Ada" || res.field("lastName") != "Tester" || res.field("bio") != "Engines" {
			t.Fatalf("POST with the spec's payload: %d %s", res.Status, res.Raw)
		}
		update := payload(ada.ID)
		update["bio"] = "Analytical engines"
		res = e.do("PUT", "/api/student/profile", ada.Token, update)
		if res.Status != http.StatusOK || res.field("firstName") != "Ada" || res.field("bio") != "Analytical engines" {
			t.Fatalf("PUT with the spec's payload: %d %s", res.Status, res.Raw)
		}
		if res := e.do("PUT", "/api/student/profile", ada.Token, map[string]any{"firstName": "", "lastName": "Tester"}); res.Status != http.StatusBadRequest ||
			res.fieldError("firstName") != "First name is required" {
			t.Errorf("a name sent blank: %d %s, want 400 First name is required", res.Status, res.Raw)
		}
	})
}
