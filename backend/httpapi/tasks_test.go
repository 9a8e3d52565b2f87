package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"bridgework/backend/store"
)

// validTask is a Post New Work body that passes every rule; tests override fields.
func validTask(overrides map[string]any) map[string]any {
	body := map[string]any{
		"title": "Build a landing page", "description": "A responsive landing page for our beta.",
		"workType": "technical", "category": "web-development", "skills": []string{"React, CSS", "Figma"},
		"estimatedHours": 10, "deadline": time.Now().AddDate(0, 1, 0).Format("2006-01-02"),
		"budget": map[string]any{"min": 100, "max": 300},
	}
	for k, v := range overrides {
		if v == nil {
			delete(body, k)
		} else {
			body[k] = v
		}
	}
	return body
}

// postTask posts a task as startup and returns its id once the post's saved-search alerts, which
// go out after the answer, have gone out too.
func (e *env) postTask(startup user, overrides map[string]any) string {
	e.t.Helper()
	res := e.do("POST", "/api/startup/tasks", startup.Token, validTask(overrides))
	if res.Status != http.StatusCreated {
		e.t.Fatalf("post task: %d %s", res.Status, res.Raw)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.app.Alerts.Wait(ctx); err != nil {
		e.t.Fatalf("post task: its alerts: %v", err)
	}
	return res.field("_id")
}

func (e *env) submitLink(student user, taskID, link string) response {
	e.t.Helper()
	return e.do("POST", "/api/student/tasks/"+taskID+"/submit-link", student.Token, map[string]any{"link": link})
}

func (e *env) review(startup user, taskID, studentID string) response {
	e.t.Helper()
	return e.do("POST", "/api/startup/tasks/"+taskID+"/review", startup.Token, map[string]any{"studentId": studentID})
}

func (e *env) decide(startup user, taskID, studentID string, approve bool, notes string) response {
	e.t.Helper()
	return e.do("POST", "/api/startup/tasks/"+taskID+"/approve", startup.Token,
		map[string]any{"studentId": studentID, "approve": approve, "reviewNotes": notes})
}

// submissionStatus reads the student's submission status through the owner's task detail.
func (e *env) submissionStatus(startup user, taskID, studentID string) (status, taskStatus string) {
	e.t.Helper()
	res := e.do("GET", "/api/startup/tasks/"+taskID, startup.Token, nil)
	if res.Status != http.StatusOK {
		e.t.Fatalf("task detail: %d %s", res.Status, res.Raw)
	}
	for _, s := range res.Body["submissions"].([]any) {
		sub := s.(map[string]any)
		if sub["student"].(map[string]any)["_id"] == studentID {
			status = sub["status"].(string)
		}
	}
	return status, res.field("status")
}

// items is a list answer's array; nil when the answer is not one.
func items(r response) []map[string]any {
	var out []map[string]any
	_ = json.Unmarshal(r.Raw, &out)
	return out
}

func TestTasks_fullFlow(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Nimbus Labs")
		student := e.registerStudent("Asha")
		id := e.postTask(startup, nil)

		if res := e.submitLink(student, id, "https://github.com/asha/landing"); res.Status != http.StatusOK {
			t.Fatalf("submit: %d %s", res.Status, res.Raw)
		}
		// A resubmission before review replaces the link: still one submission.
		if res := e.submitLink(student, id, "https://github.com/asha/landing-v2"); res.Status != http.StatusOK {
			t.Fatalf("resubmit: %d %s", res.Status, res.Raw)
		}
		detail := e.do("GET", "/api/startup/tasks/"+id, startup.Token, nil)
		subs := detail.Body["submissions"].([]any)
		if len(subs) != 1 || subs[0].(map[string]any)["link"] != "https://github.com/asha/landing-v2" {
			t.Fatalf("after resubmission: %s", detail.Raw)
		}
		if detail.field("status") != "submitted" || detail.field("displayStatus") != "open" {
			t.Errorf("status %q display %q, want submitted/open", detail.field("status"), detail.field("displayStatus"))
		}

		if res := e.review(startup, id, student.ID); res.Status != http.StatusOK || res.field("message") != "Submission moved to under review" {
			t.Fatalf("review: %d %s", res.Status, res.Raw)
		}
		res := e.do("POST", "/api/startup/tasks/"+id+"/approve", startup.Token,
			map[string]any{"studentId": student.ID, "approve": true, "reviewNotes": "Great work", "closeTask": true})
		if res.Status != http.StatusOK || res.field("message") != "Work approved!" {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		cert := res.Body["certificate"].(map[string]any)
		number := cert["certificateNumber"].(string)
		if !strings.HasPrefix(number, "BW-") || len(number) != 19 {
			t.Errorf("certificate number %q", number)
		}

		detail = e.do("GET", "/api/startup/tasks/"+id, startup.Token, nil)
		if detail.field("status") != "completed" || detail.Body["completedAt"] == nil {
			t.Errorf("task after approval: %s", detail.Raw)
		}
		if a, _ := detail.Body["assignedStudent"].(map[string]any); a["_id"] != student.ID {
			t.Errorf("assignedStudent = %v, want the student", detail.Body["assignedStudent"])
		}
		sub := detail.Body["submissions"].([]any)[0].(map[string]any)
		if sub["status"] != "approved" || sub["reviewNotes"] != "Great work" {
			t.Errorf("submission after approval: %v", sub)
		}

		dash := e.do("GET", "/api/student/dashboard", student.Token, nil)
		stats := dash.Body["stats"].(map[string]any)
		if stats["completed"] != 1.0 || stats["certificates"] != 1.0 || stats["activeTasks"] != 0.0 {
			t.Errorf("student stats %v", stats)
		}
		done := dash.Body["recentlyCompleted"].([]any)
		if len(done) != 1 || done[0].(map[string]any)["displayStatus"] != "completed" || done[0].(map[string]any)["certificateId"] != cert["_id"] {
			t.Errorf("recently completed %v", done)
		}

		list := e.do("GET", "/api/student/certificates", student.Token, nil)
		certs := decodeList(t, list)
		if len(certs) != 1 || certs[0]["certificateNumber"] != number {
			t.Fatalf("certificates: %s", list.Raw)
		}
		verify := e.do("GET", "/api/certificates/verify/"+number, "", nil)
		if verify.Status != http.StatusOK || verify.Body["valid"] != true {
			t.Fatalf("verify: %d %s", verify.Status, verify.Raw)
		}
		if c := verify.Body["certificate"].(map[string]any); c["studentName"] != "Asha Tester" || c["title"] != "Build a landing page" {
			t.Errorf("verified certificate %v", c)
		}
		notes := decodeList(t, e.do("GET", "/api/student/notifications", student.Token, nil))
		if len(notes) != 2 || !strings.Contains(notes[0]["message"].(string), "approved") || notes[0]["link"] != "/certificates" {
			t.Errorf("student notifications %v", notes)
		}
	})
}

func decodeList(t testing.TB, r response) []map[string]any {
	t.Helper()
	if r.Status != http.StatusOK {
		t.Fatalf("list: %d %s", r.Status, r.Raw)
	}
	var out []map[string]any
	if err := json.Unmarshal(r.Raw, &out); err != nil {
		t.Fatalf("not a JSON array: %s", r.Raw)
	}
	return out
}

// TestTasks_PostValidation: every post-work rule of spec §5 answers 400 with a message on its field.
func TestTasks_PostValidation(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Rules Inc")
		cases := []struct {
			name, field, message string
			overrides            map[string]any
		}{
			{"title required", "title", "Title is required", map[string]any{"title": "  "}},
			{"title too long", "title", "Title must be at most 200 characters", map[string]any{"title": strings.Repeat("t", 201)}},
			{"description required", "description", "Description is required", map[string]any{"description": nil}},
			{"work type required", "workType", "Work type is required", map[string]any{"workType": ""}},
			{"work type unknown", "workType", "Work type must be technical or non-technical", map[string]any{"workType": "magic"}},
			{"category required", "category", "Category is required", map[string]any{"category": nil}},
			{"category of another work type", "category", "Choose a category of the selected work type", map[string]any{"category": "marketing"}},
			{"skills required", "skills", "Skills are required", map[string]any{"skills": []string{" , "}}},
			{"skills missing", "skills", "Skills are required", map[string]any{"skills": nil}},
			{"estimated hours required", "estimatedHours", "Estimated hours is required", map[string]any{"estimatedHours": nil}},
			{"estimated hours below 1", "estimatedHours", "Estimated hours must be at least 1", map[string]any{"estimatedHours": 0.5}},
			{"estimated hours not a number", "estimatedHours", "estimatedHours must be a number", map[string]any{"estimatedHours": "ten"}},
			{"deadline required", "deadline", "Deadline is required", map[string]any{"deadline": ""}},
			{"deadline not a date", "deadline", "Deadline must be a date", map[string]any{"deadline": "next week"}},
			{"deadline in the past", "deadline", "Deadline cannot be in the past", map[string]any{"deadline": "2020-01-01"}},
			{"budget negative", "budget", "Budget must be between 0 and 1000000000", map[string]any{"budget": map[string]any{"min": -1}}},
			{"budget max below min", "budget", "Budget max must be at least budget min", map[string]any{"budget": map[string]any{"min": 500, "max": 100}}},
			{"priority unknown", "priority", "Priority must be low, medium or high", map[string]any{"priority": "asap"}},
			{"image not an upload", "imageUrl", "Images must be uploaded files", map[string]any{"imageUrl": "https://evil.example/x.png"}},
			{"attachment not an upload", "attachments", "Attachments must be uploaded files", map[string]any{"attachments": []map[string]any{{"name": "a", "url": "http://169.254.169.254/"}}}},
			{"assigned student unknown", "assignedStudent", "Choose a student from the list", map[string]any{"assignedStudent": store.NewID()}},
			{"assigned student is a startup", "assignedStudent", "Choose a student from the list", map[string]any{"assignedStudent": startup.ID}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res := e.do("POST", "/api/startup/tasks", startup.Token, validTask(tc.overrides))
				if res.Status != http.StatusBadRequest || res.fieldError(tc.field) != tc.message {
					t.Errorf("%d %s; want 400 with %s: %q", res.Status, res.Raw, tc.field, tc.message)
				}
			})
		}
		list := e.do("GET", "/api/startup/tasks", startup.Token, nil)
		if list.totalCount() != 0 {
			t.Errorf("refused posts created tasks: %s", list.Raw)
		}

		// The defaults and the comma-separated skills.
		res := e.do("POST", "/api/startup/tasks", startup.Token, validTask(map[string]any{"budget": nil}))
		if res.Status != http.StatusCreated || res.field("priority") != "medium" || res.field("status") != "open" {
			t.Fatalf("valid post: %d %s", res.Status, res.Raw)
		}
		if skills := res.Body["skills"].([]any); fmt.Sprint(skills) != "[React CSS Figma]" {
			t.Errorf("skills = %v, want split and trimmed", skills)
		}
	})
}

// TestTasks_SubmitLinkValidation: the link rules of spec §5.
func TestTasks_SubmitLinkValidation(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Links Inc")
		student := e.registerStudent("Lin")
		id := e.postTask(startup, nil)
		for _, tc := range []struct{ link, message string }{
			{"", "Link is required"},
			{"   ", "Link is required"},
			{"not a url", "Please enter a valid URL starting with http:// or https://"},
			{"javascript:alert(1)", "Please enter a valid URL starting with http:// or https://"},
			{"ftp://files.example.com/x", "Please enter a valid URL starting with http:// or https://"},
			{"https://", "Please enter a valid URL starting with http:// or https://"},
			{"https://example.com/" + strings.Repeat("a", 2000), "Link must be at most 2000 characters"},
		} {
			res := e.submitLink(student, id, tc.link)
			if res.Status != http.StatusBadRequest || res.fieldError("link") != tc.message {
				t.Errorf("link %.30q: %d %s; want 400 %q", tc.link, res.Status, res.Raw, tc.message)
			}
		}
		if status, _ := e.submissionStatus(startup, id, student.ID); status != "" {
			t.Errorf("a refused link created a submission (%s)", status)
		}
	})
}

// The student's Active Tasks count leaves out work decided against them (docs/marketplace.md, "A
// first week: decisions, the student's dashboard, track records, one directory"): a rejected
// submission, and one closed when another student filled the task.
func TestStudentDashboard_activeCountLeavesDecidedWorkOut(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, rosa, other := e.registerStartup("Acme"), e.registerStudent("Rosa"), e.registerStudent("Omar")
		rejected, filled, pending := e.postTask(startup, nil), e.postTask(startup, nil), e.postTask(startup, nil)
		for _, task := range []string{rejected, filled, pending} {
			if res := e.submitLink(rosa, task, "https://example.com/"+task); res.Status != http.StatusOK {
				t.Fatalf("submit: %d %s", res.Status, res.Raw)
			}
		}
		e.submitLink(other, filled, "https://example.com/other")
		active := func() any {
			return e.do("GET", "/api/student/dashboard", rosa.Token, nil).Body["stats"].(map[string]any)["activeTasks"]
		}
		if got := active(); got != 3.0 {
			t.Fatalf("active before any decision = %v, want 3", got)
		}
		if res := e.decide(startup, rejected, rosa.ID, false, "Not this time"); res.Status != http.StatusOK {
			t.Fatalf("reject: %d %s", res.Status, res.Raw)
		}
		if res := e.decideClosing(startup, filled, other.ID); res.Status != http.StatusOK {
			t.Fatalf("approve and close: %d %s", res.Status, res.Raw)
		}
		if got := active(); got != 1.0 {
			t.Fatalf("active after a rejection and a filled task = %v, want 1", got)
		}
	})
}

// TestTaskLists_timesAsTimeWritesThem: the task lists write every time as encoding/json writes a
// time.Time (RFC 3339 with nanoseconds, UTC), though they write them as text: a task's
// deadline, creation and completion, and a submission's time and its revision's review.
func TestTaskLists_timesAsTimeWritesThem(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, student := e.registerStartup("Stamp Inc"), e.registerStudent("Sam")
		id := e.postTask(startup, nil)
		e.submitLink(student, id, "https://example.com/stamp")
		if res := e.decideClosing(startup, id, student.ID); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		var stored struct {
			Deadline, CreatedAt, CompletedAt, SubmittedAt, ReviewedAt time.Time
		}
		err := e.app.DB.Raw(`SELECT t.deadline, t.created_at, t.completed_at, s.submitted_at, s.reviewed_at
FROM tasks t JOIN submissions s ON s.task_id = t.id WHERE t.id = ?`, id).Scan(&stored).Error
		if err != nil || stored.CompletedAt.IsZero() || stored.ReviewedAt.IsZero() {
			t.Fatalf("stored times: %+v, %v", stored, err)
		}
		asTime := func(at time.Time) string {
			b, err := json.Marshal(at.UTC())
			if err != nil {
				t.Fatal(err)
			}
			return strings.Trim(string(b), `"`)
		}
		res := e.do("GET", "/api/startup/tasks", startup.Token, nil)
		var list []struct {
			Deadline, CreatedAt, CompletedAt string
			Submissions                      []struct {
				SubmittedAt string
				Revisions   []struct{ SubmittedAt, ReviewedAt string }
			}
		}
		if err := json.Unmarshal(res.Raw, &list); err != nil || len(list) != 1 || len(list[0].Submissions) != 1 ||
			len(list[0].Submissions[0].Revisions) != 1 {
			t.Fatalf("GET /api/startup/tasks: %d %s (%v)", res.Status, res.Raw, err)
		}
		task, sub := list[0], list[0].Submissions[0]
		for _, c := range []struct{ name, got, want string }{
			{"deadline", task.Deadline, asTime(stored.Deadline)},
			{"createdAt", task.CreatedAt, asTime(stored.CreatedAt)},
			{"completedAt", task.CompletedAt, asTime(stored.CompletedAt)},
			{"submittedAt", sub.SubmittedAt, asTime(stored.SubmittedAt)},
			{"revisions[0].submittedAt", sub.Revisions[0].SubmittedAt, asTime(stored.SubmittedAt)},
			{"revisions[0].reviewedAt", sub.Revisions[0].ReviewedAt, asTime(stored.ReviewedAt)},
		} {
			if c.got != c.want {
				t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
			}
		}
	})
}
