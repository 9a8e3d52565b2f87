package httpapi_test

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"
)

// stateOf is everything a review action may change, to check that a refused one changed nothing.
type stateOf struct {
	submission, link, task string
	certificates, notes    int
}

func (e *env) state(startup, student user, taskID string) stateOf {
	e.t.Helper()
	res := e.do("GET", "/api/startup/tasks/"+taskID, startup.Token, nil)
	s := stateOf{task: res.field("status")}
	for _, raw := range res.Body["submissions"].([]any) {
		sub := raw.(map[string]any)
		if sub["student"].(map[string]any)["_id"] == student.ID {
			s.submission, s.link = sub["status"].(string), sub["link"].(string)
		}
	}
	s.certificates = len(decodeList(e.t, e.do("GET", "/api/student/certificates", student.Token, nil)))
	s.notes = len(decodeList(e.t, e.do("GET", "/api/student/notifications", student.Token, nil)))
	return s
}

// decideClosing approves the student's work and closes the task with it.
func (e *env) decideClosing(startup user, taskID, studentID string) response {
	e.t.Helper()
	return e.do("POST", "/api/startup/tasks/"+taskID+"/approve", startup.Token,
		map[string]any{"studentId": studentID, "approve": true, "closeTask": true})
}

// decideKeepingOpen approves the student's work and keeps the task open for more students.
func (e *env) decideKeepingOpen(startup user, taskID, studentID string) response {
	e.t.Helper()
	return e.do("POST", "/api/startup/tasks/"+taskID+"/approve", startup.Token,
		map[string]any{"studentId": studentID, "approve": true, "closeTask": false})
}

// reject rejects the student's work at /reject, the route beside /approve with approve false.
func (e *env) reject(startup user, taskID, studentID, notes string) response {
	e.t.Helper()
	return e.do("POST", "/api/startup/tasks/"+taskID+"/reject", startup.Token,
		map[string]any{"studentId": studentID, "reviewNotes": notes})
}

func (e *env) requestChanges(startup user, taskID, studentID, notes string) response {
	e.t.Helper()
	return e.do("POST", "/api/startup/tasks/"+taskID+"/request-changes", startup.Token,
		map[string]any{"studentId": studentID, "reviewNotes": notes})
}

// TestTasks_Transitions runs every (submission status, action) pair over HTTP: allowed ones
// change the state as DESIGN §3 says, the others answer 409 and change nothing.
func TestTasks_Transitions(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Transitions Inc")
		reach := map[string]func(taskID string, student user){
			"pending": func(string, user) {},
			"under-review": func(id string, s user) {
				e.review(startup, id, s.ID)
			},
			"changes_requested": func(id string, s user) { e.requestChanges(startup, id, s.ID, "Redo the header") },
			"approved":          func(id string, s user) { e.decide(startup, id, s.ID, true, "") },
			"rejected":          func(id string, s user) { e.decide(startup, id, s.ID, false, "") },
			// Another student's closing approval closes this one.
			"closed": func(id string, s user) {
				other := e.registerStudent("Closer")
				e.submitLink(other, id, "https://example.com/other")
				e.decideClosing(startup, id, other.ID)
			},
		}
		actions := map[string]func(taskID string, student user) response{
			"review":          func(id string, s user) response { return e.review(startup, id, s.ID) },
			"approve":         func(id string, s user) response { return e.decide(startup, id, s.ID, true, "ok") },
			"approve-close":   func(id string, s user) response { return e.decideClosing(startup, id, s.ID) },
			"approve-open":    func(id string, s user) response { return e.decideKeepingOpen(startup, id, s.ID) },
			"reject":          func(id string, s user) response { return e.decide(startup, id, s.ID, false, "no") },
			"reject-route":    func(id string, s user) response { return e.reject(startup, id, s.ID, "no") },
			"request-changes": func(id string, s user) response { return e.requestChanges(startup, id, s.ID, "More tests") },
			"resubmit":        func(id string, s user) response { return e.submitLink(s, id, "https://example.com/v2") },
		}
		// allowed maps status → action → the submission and task status after it. The spec's
		// approval completes the task; one with closeTask false leaves it open for more students.
		type after struct{ submission, task string }
		allowed := map[string]map[string]after{
			"pending": {
				"review": {"under-review", "under-review"}, "approve": {"approved", "completed"},
				"approve-close": {"approved", "completed"}, "approve-open": {"approved", "open"}, "reject": {"rejected", "open"},
				"reject-route": {"rejected", "open"}, "request-changes": {"changes_requested", "under-review"}, "resubmit": {"pending", "submitted"},
			},
			"under-review": {
				"approve": {"approved", "completed"}, "approve-close": {"approved", "completed"}, "approve-open": {"approved", "open"},
				"reject": {"rejected", "open"}, "reject-route": {"rejected", "open"}, "request-changes": {"changes_requested", "under-review"},
			},
			"changes_requested": {"resubmit": {"pending", "submitted"}},
		}
		statuses := []string{"pending", "under-review", "changes_requested", "approved", "rejected", "closed"}
		actionNames := []string{"review", "approve", "approve-close", "approve-open", "reject", "reject-route", "request-changes", "resubmit"}
		for _, status := range statuses {
			for _, action := range actionNames {
				t.Run(status+"/"+action, func(t *testing.T) {
					student := e.registerStudent("Trans")
					id := e.postTask(startup, nil)
					if res := e.submitLink(student, id, "https://example.com/v1"); res.Status != http.StatusOK {
						t.Fatalf("submit: %d %s", res.Status, res.Raw)
					}
					reach[status](id, student)
					before := e.state(startup, student, id)
					if before.submission != status {
						t.Fatalf("setup reached %q, want %q", before.submission, status)
					}
					res := actions[action](id, student)
					got := e.state(startup, student, id)
					want, ok := allowed[status][action]
					if !ok {
						if res.Status != http.StatusConflict {
							t.Errorf("%s on %s: %d %s, want 409", action, status, res.Status, res.Raw)
						}
						if got != before {
							t.Errorf("refused %s on %s changed %+v into %+v", action, status, before, got)
						}
						return
					}
					if res.Status != http.StatusOK {
						t.Fatalf("%s on %s: %d %s, want 200", action, status, res.Status, res.Raw)
					}
					if got.submission != want.submission || got.task != want.task {
						t.Errorf("%s on %s: submission %q task %q, want %q %q", action, status, got.submission, got.task, want.submission, want.task)
					}
					wantCerts := 0
					if want.submission == "approved" {
						wantCerts = 1
					}
					if got.certificates != wantCerts {
						t.Errorf("%d certificates, want %d", got.certificates, wantCerts)
					}
					if action != "resubmit" && got.notes != before.notes+1 {
						t.Errorf("student notifications %d → %d, want one more", before.notes, got.notes)
					}
				})
			}
		}
	})
}

// TestTasks_Approve/concurrent: 50 approvals of one pending submission at once: exactly one
// succeeds, one certificate is issued and one notification written.
func TestTasks_Approve(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		t.Run("concurrent", func(t *testing.T) {
			startup := e.registerStartup("Race Inc")
			student := e.registerStudent("Racer")
			id := e.postTask(startup, nil)
			e.submitLink(student, id, "https://example.com/work")
			body, _ := json.Marshal(map[string]any{"studentId": student.ID, "approve": true})

			const calls = 50
			statuses := make(chan int, calls)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for range calls {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					statuses <- e.statusOf("POST", "/api/startup/tasks/"+id+"/approve", startup.Token, body)
				}()
			}
			close(start)
			wg.Wait()
			close(statuses)
			count := map[int]int{}
			for s := range statuses {
				count[s]++
			}
			if count[http.StatusOK] != 1 || count[http.StatusConflict] != calls-1 {
				t.Errorf("statuses %v, want one 200 and %d 409", count, calls-1)
			}
			var certs, notes int64
			e.app.DB.Table("certificates").Where("task_id = ?", id).Count(&certs)
			e.app.DB.Table("notifications").Where("user_id = ?", student.ID).Count(&notes)
			if certs != 1 || notes != 1 {
				t.Errorf("%d certificates and %d student notifications, want 1 and 1", certs, notes)
			}
		})
	})
}
