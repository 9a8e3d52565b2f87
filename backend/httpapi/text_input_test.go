package httpapi_test

import (
	"net/http"
	"testing"

	"bridgework/backend/textcheck"
)

// One text rule on both databases (issue 11, item 5): a NUL is a 400 naming the field, never a
// 500 on PostgreSQL nor stored on SQLite; text in any script is kept as it was sent.
func TestText_controlCharactersRefusedUnicodeKept(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student, startup := e.registerStudent("Zofia"), e.registerStartup("Nimbus")

		refused := []struct {
			what, method, path, token, field string
			body                             map[string]any
		}{
			{"chat message", "POST", "/api/chat/send", student.Token, "content",
				map[string]any{"receiver": startup.ID, "content": "hi\x00there"}},
			{"task title", "POST", "/api/startup/tasks", startup.Token, "title", validTask(map[string]any{"title": "Landing\x00page"})},
			{"nested profile field", "POST", "/api/student/profile", student.Token, "experience.0.title",
				map[string]any{"firstName": "Zofia", "lastName": "Tester", "experience": []map[string]any{{"title": "Intern\x00", "company": "Nimbus"}}}},
			{"profile name with a bidi override", "POST", "/api/student/profile", student.Token, "firstName",
				map[string]any{"firstName": "Zofia\u202e", "lastName": "Tester"}},
		}
		for _, r := range refused {
			res := e.do(r.method, r.path, r.token, r.body)
			if res.Status != http.StatusBadRequest || res.fieldError(r.field) != textcheck.Message {
				t.Errorf("%s: %d %s, want 400 with the message on %s", r.what, res.Status, res.Raw, r.field)
			}
		}
		// Nothing of the refused requests was stored.
		if thread := list[message](t, e.do("GET", "/api/chat/"+startup.ID, student.Token, nil)); len(thread) != 0 {
			t.Errorf("thread after a refused message: %+v", thread)
		}
		if res := e.do("GET", "/api/startup/tasks", startup.Token, nil); res.totalCount() != 0 {
			t.Errorf("tasks after a refused post: %s", res.Raw)
		}

		// Text in other scripts, tabs and newlines in multi-line fields, and direction marks in
		// a description are kept exactly.
		bio := "Studentka informatyki.\nअनन्या की दोस्त, 王小明的同学.\tעברית \u202bמוטמעת\u202c"
		saved := e.do("POST", "/api/student/profile", student.Token, map[string]any{
			"firstName": "Zofia", "lastName": "Gęślą-Jaźń", "bio": bio,
		})
		if saved.Status >= 300 {
			t.Fatalf("save profile: %d %s", saved.Status, saved.Raw)
		}
		profile := e.do("GET", "/api/student/profile", student.Token, nil)
		user, _ := profile.Body["user"].(map[string]any)
		if user == nil {
			user = profile.Body
		}
		if user["bio"] != bio || user["lastName"] != "Gęślą-Jaźń" {
			t.Errorf("read back bio %q last name %q", user["bio"], user["lastName"])
		}
	})
}
