package httpapi_test

import (
	"net/http"
	"testing"

	"bridgework/backend/textcheck"
)

// One text rule on both databases (spec §5): a NUL is a 400 naming the field, never a
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

// TestText_noDirectionOverridesInMessages: a chat message, review notes and a rating comment are
// shown on one line too (the conversation list, the bell, a mail's quote), where a right-to-left
// override makes "Invoice \u202egpj.exe" read "Invoice exe.jpg": they refuse the override,
// embedding and isolate characters as titles do, and nothing is stored. Arabic and Hebrew with
// newlines, which need none of them, are kept exactly.
func TestText_noDirectionOverridesInMessages(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student, startup := e.registerStudent("Rana"), e.registerStartup("Nimbus Labs")
		for _, c := range []rune{0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069} {
			content := "Invoice " + string(c) + "gpj.exe"
			res := e.do("POST", "/api/chat/send", student.Token, map[string]any{"receiver": startup.ID, "content": content})
			if res.Status != http.StatusBadRequest || res.fieldError("content") != textcheck.Message {
				t.Errorf("chat message with U+%04X: %d %s, want 400 with the message on content", c, res.Status, res.Raw)
			}
		}
		if thread := list[message](t, e.do("GET", "/api/chat/"+startup.ID, student.Token, nil)); len(thread) != 0 {
			t.Errorf("thread after the refused messages: %+v", thread)
		}
		if convs := list[conversation](t, e.do("GET", "/api/chat/conversations", startup.Token, nil)); len(convs) != 0 {
			t.Errorf("conversations after the refused messages: %+v", convs)
		}

		id := e.postTask(startup, nil)
		e.submitLink(student, id, "https://example.com/rana")
		bidi := "Looks good \u202egpj.exe"
		for name, res := range map[string]response{
			"approval notes":        e.decide(startup, id, student.ID, true, bidi),
			"rejection notes":       e.decide(startup, id, student.ID, false, bidi),
			"request-changes notes": e.requestChanges(startup, id, student.ID, bidi),
		} {
			if res.Status != http.StatusBadRequest || res.fieldError("reviewNotes") != textcheck.Message {
				t.Errorf("%s with an override: %d %s, want 400 with the message on reviewNotes", name, res.Status, res.Raw)
			}
		}
		if status, _ := e.submissionStatus(startup, id, student.ID); status != "pending" {
			t.Errorf("the submission after the refused decisions: %s, want pending", status)
		}
		if bell := decodeList(t, e.do("GET", "/api/student/notifications", student.Token, nil)); len(bell) != 0 {
			t.Errorf("the student's bell after the refused decisions: %v", bell)
		}

		// Right-to-left text with newlines is a message like any other.
		rtl := "مرحبا، الفاتورة مرفقة.\nשלום, החשבונית מצורפת.\nThanks"
		if m := e.send(student, startup, rtl); m.Content != rtl {
			t.Errorf("stored %q, want %q", m.Content, rtl)
		}
		if thread := list[message](t, e.do("GET", "/api/chat/"+student.ID, startup.Token, nil)); len(thread) != 1 || thread[0].Content != rtl {
			t.Errorf("the startup's thread: %+v", thread)
		}
		if res := e.decide(startup, id, student.ID, true, "עבודה מצוינת.\nشكراً"); res.Status != http.StatusOK {
			t.Fatalf("approval with Hebrew and Arabic notes: %d %s", res.Status, res.Raw)
		}
		res := e.do("POST", "/api/ratings", startup.Token, map[string]any{"taskId": id, "studentId": student.ID, "stars": 5, "comment": bidi})
		if res.Status != http.StatusBadRequest || res.fieldError("comment") != textcheck.Message {
			t.Errorf("a rating comment with an override: %d %s, want 400 with the message on comment", res.Status, res.Raw)
		}
		if mine := decodeList(t, e.do("GET", "/api/me/ratings", startup.Token, nil)); len(mine) != 0 {
			t.Errorf("ratings after the refused one: %v", mine)
		}
	})
}
