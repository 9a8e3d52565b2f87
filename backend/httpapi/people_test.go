package httpapi_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
)

// usersOf decodes a list of users and returns them by id.
func usersOf(t *testing.T, res response) map[string]map[string]any {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("status %d %s", res.Status, res.Raw)
	}
	var list []map[string]any
	if err := json.Unmarshal(res.Raw, &list); err != nil {
		t.Fatalf("not a list: %s", res.Raw)
	}
	out := map[string]map[string]any{}
	for _, u := range list {
		out[u["_id"].(string)] = u
	}
	return out
}

// withProfile saves a student profile with the given skills and phone.
func (e *env) withProfile(s user, skills ...string) {
	e.t.Helper()
	body := fullProfile(s)
	var list []map[string]any
	for _, name := range skills {
		list = append(list, map[string]any{"name": name, "level": "intermediate"})
	}
	body["skills"] = list
	if res := e.do("POST", "/api/student/profile", s.Token, body); res.Status != http.StatusCreated {
		e.t.Fatalf("profile: %d %s", res.Status, res.Raw)
	}
}

func TestUsers_listByRoleAndSkills(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		goDev, designer, idle := e.registerStudent("Gopher"), e.registerStudent("Designer"), e.registerStudent("Idle")
		e.withProfile(goDev, "Go", "PostgreSQL")
		e.withProfile(designer, "Figma")
		startup, admin := e.registerStartup("Finder"), e.admin()

		all := usersOf(t, e.do("GET", "/api/users?role=student", startup.Token, nil))
		if len(all) != 3 || all[idle.ID] == nil {
			t.Errorf("students = %d, want 3", len(all))
		}
		if _, leaked := all[goDev.ID]["phone"]; leaked {
			t.Error("a startup sees a student's phone")
		}
		bySkill := usersOf(t, e.do("GET", "/api/users?role=student&skills=go,FIGMA", startup.Token, nil))
		if len(bySkill) != 2 || bySkill[goDev.ID] == nil || bySkill[designer.ID] == nil {
			t.Errorf("skills go or figma = %v", keys(bySkill))
		}
		repeated := usersOf(t, e.do("GET", "/api/users?role=student&skills=postgresql&skills=rust", admin.Token, nil))
		if len(repeated) != 1 || repeated[goDev.ID] == nil {
			t.Errorf("skills=postgresql&skills=rust: %v", keys(repeated))
		}
		if res := e.do("GET", "/api/users?role=student", goDev.Token, nil); res.Status != http.StatusForbidden ||
			res.field("message") != "Students cannot browse other students." {
			t.Errorf("a student lists students: %d %s", res.Status, res.Raw)
		}
		startups := usersOf(t, e.do("GET", "/api/users?role=startup", goDev.Token, nil))
		if len(startups) != 1 || startups[startup.ID] == nil {
			t.Errorf("startups = %v", keys(startups))
		}
		if adminView := usersOf(t, e.do("GET", "/api/users?role=student", admin.Token, nil)); adminView[goDev.ID]["phone"] != "+15550104477" {
			t.Error("the admin does not see the phone")
		}
		for _, bad := range []string{"/api/users", "/api/users?role=admin"} {
			if res := e.do("GET", bad, startup.Token, nil); res.Status != http.StatusBadRequest || res.fieldError("role") == "" {
				t.Errorf("GET %s: %d %s", bad, res.Status, res.Raw)
			}
		}
		browse := usersOf(t, e.do("GET", "/api/startup/students?skills=figma", startup.Token, nil))
		if len(browse) != 1 || browse[designer.ID] == nil {
			t.Errorf("browse figma = %v", keys(browse))
		}
	})
}

func keys(m map[string]map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestStudentView_pastSubmissions: a startup sees a student's submissions to its own tasks and
// approved work elsewhere, never another startup's pending or rejected ones.
func TestStudentView_pastSubmissions(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student := e.registerStudent("Worker")
		mine, other := e.registerStartup("Mine Inc"), e.registerStartup("Other Inc")
		ownTask := e.postTask(mine, map[string]any{"title": "Own task"})
		approvedElsewhere := e.postTask(other, map[string]any{"title": "Approved elsewhere"})
		pendingElsewhere := e.postTask(other, map[string]any{"title": "Pending elsewhere"})
		for _, id := range []string{ownTask, approvedElsewhere, pendingElsewhere} {
			if res := e.submitLink(student, id, "https://github.com/worker/"+id); res.Status != http.StatusOK {
				t.Fatalf("submit: %d %s", res.Status, res.Raw)
			}
		}
		if res := e.decide(other, approvedElsewhere, student.ID, true, ""); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}

		res := e.do("GET", "/api/startup/students/"+student.ID, mine.Token, nil)
		if res.Status != http.StatusOK || res.Body["student"].(map[string]any)["_id"] != student.ID {
			t.Fatalf("view: %d %s", res.Status, res.Raw)
		}
		got := map[string]string{}
		for _, s := range res.Body["submissions"].([]any) {
			sub := s.(map[string]any)
			got[sub["task"].(map[string]any)["title"].(string)] = sub["status"].(string) + " " + sub["startup"].(map[string]any)["companyName"].(string)
		}
		want := map[string]string{"Own task": "pending Mine Inc", "Approved elsewhere": "approved Other Inc"}
		if len(got) != len(want) || got["Own task"] != want["Own task"] || got["Approved elsewhere"] != want["Approved elsewhere"] {
			t.Errorf("past submissions = %v, want %v", got, want)
		}
		for _, id := range []string{mine.ID, "not-a-uuid"} {
			if res := e.do("GET", "/api/startup/students/"+id, mine.Token, nil); res.Status != http.StatusNotFound {
				t.Errorf("student view of %s: %d", id, res.Status)
			}
		}
		page := e.do("GET", "/api/startup/"+other.ID, student.Token, nil)
		if page.Status != http.StatusOK || page.Body["startup"].(map[string]any)["companyName"] != "Other Inc" {
			t.Errorf("startup page: %d %s", page.Status, page.Raw)
		}
		if res := e.do("GET", "/api/startup/"+student.ID, mine.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("startup page of a student: %d", res.Status)
		}
	})
}
