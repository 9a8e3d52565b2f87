package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A startup's control of its tasks: edit (PUT), close with a reason, withdraw (DELETE), repost.

func (e *env) editTask(startup user, taskID string, overrides map[string]any) response {
	e.t.Helper()
	return e.do("PUT", "/api/startup/tasks/"+taskID, startup.Token, validTask(overrides))
}

func (e *env) closeTask(startup user, taskID, reason string) response {
	e.t.Helper()
	return e.do("POST", "/api/startup/tasks/"+taskID+"/close", startup.Token, map[string]any{"reason": reason})
}

// auditCount is how many entries of type the trail holds on target.
func (e *env) auditCount(typ, target string) int64 {
	e.t.Helper()
	return e.count("audit_events", "type = ? AND target = ?", typ, target)
}

// TestTaskControl_whoMay: only the task's own startup edits, closes, withdraws or reposts it;
// another startup finds no such task, as on the other startup task routes.
func TestTaskControl_whoMay(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		owner, other, student, admin := e.registerStartup("Owner Co"), e.registerStartup("Other Co"), e.registerStudent("Sam"), e.admin()
		calls := map[string]func(u user, id string) response{
			"edit":     func(u user, id string) response { return e.editTask(u, id, map[string]any{"title": "Changed"}) },
			"close":    func(u user, id string) response { return e.closeTask(u, id, "We found someone") },
			"withdraw": func(u user, id string) response { return e.do("DELETE", "/api/startup/tasks/"+id, u.Token, nil) },
			"repost": func(u user, id string) response {
				return e.do("POST", "/api/startup/tasks/"+id+"/repost", u.Token, nil)
			},
		}
		owned := map[string]int{"edit": http.StatusOK, "close": http.StatusOK, "withdraw": http.StatusOK, "repost": http.StatusCreated}
		for name, call := range calls {
			t.Run(name, func(t *testing.T) {
				id := e.postTask(owner, map[string]any{"title": "Whose " + name})
				if name == "repost" {
					e.closeTask(owner, id, "Closed to repost")
				}
				for who, want := range map[string]struct {
					u      user
					status int
				}{"another startup": {other, http.StatusNotFound}, "a student": {student, http.StatusForbidden},
					"the admin": {admin, http.StatusForbidden}, "signed out": {user{}, http.StatusUnauthorized}} {
					if res := call(want.u, id); res.Status != want.status {
						t.Errorf("%s: %d %s, want %d", who, res.Status, res.Raw, want.status)
					}
				}
				if got := e.taskOf(owner, id).field("title"); got != "Whose "+name {
					t.Errorf("refused calls changed the title to %q", got)
				}
				if res := call(owner, id); res.Status != owned[name] {
					t.Errorf("owner: %d %s, want %d", res.Status, res.Raw, owned[name])
				}
			})
		}
	})
}

// TestTaskControl_edit: an edit is checked as a post is, with the same messages; the students
// who submitted hear of it live and read the new deadline; the trail records what changed; the
// budget stays once an approval was paid at it, and an ended task takes no edit.
func TestTaskControl_edit(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada := e.registerStartup("Edit Co"), e.registerStudent("Ada")
		id := e.postTask(startup, map[string]any{"title": "Typo deadline", "seats": 2})
		e.submitLink(ada, id, "https://example.com/ada")
		live := e.connect(ada)

		for field, override := range map[string]map[string]any{
			"title":    {"title": "  "},
			"deadline": {"deadline": "2001-01-01"},
			"imageUrl": {"imageUrl": "https://evil.example/x.png"},
		} {
			put, post := e.editTask(startup, id, override), e.do("POST", "/api/startup/tasks", startup.Token, validTask(override))
			if put.Status != http.StatusBadRequest || put.fieldError(field) == "" || put.fieldError(field) != post.fieldError(field) {
				t.Errorf("PUT %v: %d %q, want the post's 400 %q", override, put.Status, put.fieldError(field), post.fieldError(field))
			}
		}

		deadline := time.Now().AddDate(0, 2, 0).Format("2006-01-02")
		res := e.editTask(startup, id, map[string]any{"title": "Fixed deadline", "deadline": deadline, "seats": 9, "currency": "EUR"})
		if res.Status != http.StatusOK || res.field("title") != "Fixed deadline" || !strings.HasPrefix(res.field("deadline"), deadline) {
			t.Fatalf("edit: %d %s", res.Status, res.Raw)
		}
		if res.Body["seats"] != float64(2) || res.field("currency") != "USD" {
			t.Errorf("places and currency stay as posted: %v %v", res.Body["seats"], res.Body["currency"])
		}
		live.readUntil("task.updated", `"change":"edited"`)
		page := e.do("GET", "/api/tasks/"+id, ada.Token, nil)
		if !strings.HasPrefix(page.field("deadline"), deadline) || page.field("title") != "Fixed deadline" {
			t.Errorf("the student's page: %s", page.Raw)
		}
		if n := e.auditCount("task.edited", id); n != 1 {
			t.Errorf("%d task.edited entries, want 1", n)
		}
		if res := e.editTask(startup, id, map[string]any{"title": "Fixed deadline", "deadline": deadline}); res.Status != http.StatusOK || e.auditCount("task.edited", id) != 1 {
			t.Errorf("an edit that changes nothing: %d, %d entries", res.Status, e.auditCount("task.edited", id))
		}

		if res := e.decideKeepingOpen(startup, id, ada.ID); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		res = e.editTask(startup, id, map[string]any{"title": "Fixed deadline", "deadline": deadline, "budget": map[string]any{"min": 100, "max": 900}})
		if res.Status != http.StatusConflict || !strings.Contains(res.field("message"), "budget cannot change once a submission is approved") {
			t.Errorf("budget after an approval: %d %s", res.Status, res.Raw)
		}
		if res := e.editTask(startup, id, map[string]any{"title": "Still editable", "deadline": deadline}); res.Status != http.StatusOK {
			t.Errorf("other fields after an approval: %d %s", res.Status, res.Raw)
		}
		e.closeTask(startup, id, "Enough")
		if res := e.editTask(startup, id, nil); res.Status != http.StatusConflict || !strings.Contains(res.field("message"), "repost it") {
			t.Errorf("edit of a closed task: %d %s", res.Status, res.Raw)
		}
	})
}

// TestTaskControl_close: the reason is required and bounded; closing closes the open work and
// tells its students (bell with the reason, live event), keeps approved work, takes the task off
// the open market and out of new submissions, and is recorded; a second close is refused.
func TestTaskControl_close(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada, bob, cy := e.registerStartup("Close Co"), e.registerStudent("Ada"), e.registerStudent("Bob"), e.registerStudent("Cy")
		id := e.postTask(startup, map[string]any{"title": "Closing soon", "seats": 3})
		e.submitLink(ada, id, "https://example.com/ada")
		e.submitLink(bob, id, "https://example.com/bob")
		e.decide(startup, id, bob.ID, true, "Great")
		live := e.connect(ada)

		for reason, want := range map[string]string{"": "Say why you are closing this task", "   ": "Say why you are closing this task",
			strings.Repeat("x", 501): "The reason must be at most 500 characters"} {
			if res := e.closeTask(startup, id, reason); res.Status != http.StatusBadRequest || res.fieldError("reason") != want {
				t.Errorf("reason %.10q: %d %s, want 400 %q", reason, res.Status, res.Raw, want)
			}
		}
		res := e.closeTask(startup, id, "  We hired in house.  ")
		if res.Status != http.StatusOK || res.field("status") != "closed" || res.field("closedReason") != "We hired in house." || res.field("closedAt") == "" {
			t.Fatalf("close: %d %s", res.Status, res.Raw)
		}
		statuses := map[string]string{}
		for _, raw := range res.Body["submissions"].([]any) {
			sub := raw.(map[string]any)
			statuses[sub["student"].(map[string]any)["_id"].(string)] = sub["status"].(string)
		}
		if statuses[ada.ID] != "closed" || statuses[bob.ID] != "approved" {
			t.Errorf("submissions after the close: %v", statuses)
		}
		live.readUntil("submission.status", `"reason":"We hired in house."`)
		var bell []map[string]any
		_ = json.Unmarshal(e.do("GET", "/api/student/notifications", ada.Token, nil).Raw, &bell)
		if len(bell) == 0 || !strings.Contains(bell[0]["message"].(string), `closed "Closing soon"`) || bell[0]["quote"] != "We hired in house." {
			t.Errorf("Ada's bell: %v", bell)
		}
		if page := e.do("GET", "/api/tasks/"+id, ada.Token, nil); page.field("displayStatus") != "closed" {
			t.Errorf("Ada's page: %s", page.Raw)
		}
		if res := e.do("GET", "/api/tasks/"+id, "", nil); res.Status != http.StatusNotFound {
			t.Errorf("a closed task's page signed out: %d", res.Status)
		}
		if list := decodeList(t, e.do("GET", "/api/tasks?search=Closing+soon", "", nil)); len(list) != 0 {
			t.Errorf("a closed task on the open market: %v", list)
		}
		if res := e.submitLink(cy, id, "https://example.com/cy"); res.Status != http.StatusConflict {
			t.Errorf("submit to a closed task: %d %s", res.Status, res.Raw)
		}
		if res := e.closeTask(startup, id, "Again"); res.Status != http.StatusConflict || res.field("message") != "This task is already closed." {
			t.Errorf("second close: %d %s", res.Status, res.Raw)
		}
		if counts := e.do("GET", "/api/startup/tasks/counts", startup.Token, nil); counts.Body["closed"] != float64(1) {
			t.Errorf("counts %s", counts.Raw)
		}
		if n := e.auditCount("task.closed", id); n != 1 {
			t.Errorf("%d task.closed entries, want 1", n)
		}

		done := e.postTask(startup, nil)
		e.submitLink(cy, done, "https://example.com/cy")
		e.decide(startup, done, cy.ID, true, "")
		if res := e.closeTask(startup, done, "Late"); res.Status != http.StatusConflict || res.field("message") != "This task is already completed." {
			t.Errorf("close a completed task: %d %s", res.Status, res.Raw)
		}
	})
}

// TestTaskControl_withdraw: a task nobody submitted to is deleted; once someone has, it is not.
func TestTaskControl_withdraw(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada := e.registerStartup("Withdraw Co"), e.registerStudent("Ada")
		empty := e.postTask(startup, nil)
		if res := e.do("DELETE", "/api/startup/tasks/"+empty, startup.Token, nil); res.Status != http.StatusOK || res.field("message") != "Task withdrawn" {
			t.Fatalf("withdraw: %d %s", res.Status, res.Raw)
		}
		if res := e.do("GET", "/api/startup/tasks/"+empty, startup.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("a withdrawn task: %d", res.Status)
		}
		if n := e.auditCount("task.withdrawn", empty); n != 1 {
			t.Errorf("%d task.withdrawn entries", n)
		}
		if res := e.do("DELETE", "/api/startup/tasks/"+empty, startup.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("withdraw twice: %d", res.Status)
		}
		taken := e.postTask(startup, nil)
		e.submitLink(ada, taken, "https://example.com/ada")
		res := e.do("DELETE", "/api/startup/tasks/"+taken, startup.Token, nil)
		if res.Status != http.StatusConflict || !strings.Contains(res.field("message"), "Students have submitted work to this task") {
			t.Errorf("withdraw with work: %d %s", res.Status, res.Raw)
		}
		if e.taskOf(startup, taken).field("status") != "submitted" {
			t.Error("the refused withdrawal changed the task")
		}
	})
}

// TestTaskControl_repost: only an ended task is posted again, as a new open task of the same
// startup with its fields and the body's changes; the old one stays as it ended.
func TestTaskControl_repost(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada := e.registerStartup("Repost Co"), e.registerStudent("Ada")
		id := e.postTask(startup, map[string]any{"title": "Again please", "seats": 2, "revisionRounds": 1})
		if res := e.do("POST", "/api/startup/tasks/"+id+"/repost", startup.Token, nil); res.Status != http.StatusConflict {
			t.Errorf("repost an open task: %d %s", res.Status, res.Raw)
		}
		e.closeTask(startup, id, "Wrong time")
		if res := e.do("POST", "/api/startup/tasks/"+id+"/repost", startup.Token, map[string]any{"deadline": "2001-01-01"}); res.Status != http.StatusBadRequest || res.fieldError("deadline") != "Deadline cannot be in the past" {
			t.Errorf("a past deadline: %d %s", res.Status, res.Raw)
		}
		deadline := time.Now().AddDate(0, 0, 20).Format("2006-01-02")
		res := e.do("POST", "/api/startup/tasks/"+id+"/repost", startup.Token, map[string]any{"deadline": deadline})
		if res.Status != http.StatusCreated || res.field("_id") == id || res.field("status") != "open" || res.field("title") != "Again please" ||
			!strings.HasPrefix(res.field("deadline"), deadline) || res.Body["seats"] != float64(2) || res.Body["revisionRounds"] != float64(1) {
			t.Fatalf("repost: %d %s", res.Status, res.Raw)
		}
		again := res.field("_id")
		if n := e.auditCount("task.reposted", again); n != 1 {
			t.Errorf("%d task.reposted entries", n)
		}
		if e.taskOf(startup, id).field("status") != "closed" {
			t.Error("the old task changed")
		}
		if list := decodeList(t, e.do("GET", "/api/tasks?search=Again+please", "", nil)); len(list) != 1 || list[0]["_id"] != again {
			t.Errorf("the open market: %v", list)
		}

		// A completed task's assignee is who completed it; its repost is open to everyone.
		e.submitLink(ada, again, "https://example.com/ada")
		e.decideClosing(startup, again, ada.ID)
		res = e.do("POST", "/api/startup/tasks/"+again+"/repost", startup.Token, map[string]any{"title": "Third time"})
		if res.Status != http.StatusCreated || res.Body["assignedStudent"] != nil || res.field("title") != "Third time" {
			t.Errorf("repost a completed task: %d %s", res.Status, res.Raw)
		}
	})
}

// TestTaskControl_fundedTask: closing a funded task refunds what its places did not spend, as an
// early closing approval does; a funded task is not withdrawn, nor its budget changed.
func TestTaskControl_fundedTask(t *testing.T) {
	onBothDeploymentsWithStripe(t, nil, func(t *testing.T, e *env, rec *stripeRecorder) {
		startup := e.registerStartup("Funded Co")
		id := e.postTask(startup, map[string]any{"title": "Held", "seats": 2, "budget": map[string]any{"min": 50, "max": 100}})
		_, intent := e.fund(startup, id, rec)
		if res := e.do("DELETE", "/api/startup/tasks/"+id, startup.Token, nil); res.Status != http.StatusConflict || !strings.Contains(res.field("message"), "has funding") {
			t.Errorf("withdraw a funded task: %d %s", res.Status, res.Raw)
		}
		if res := e.editTask(startup, id, map[string]any{"title": "Held", "seats": 2, "budget": map[string]any{"min": 50, "max": 200}}); res.Status != http.StatusConflict {
			t.Errorf("budget of a funded task: %d %s", res.Status, res.Raw)
		}
		if res := e.closeTask(startup, id, "Plans changed"); res.Status != http.StatusOK {
			t.Fatalf("close: %d %s", res.Status, res.Raw)
		}
		deadline := time.Now().Add(10 * time.Second)
		for e.funding(startup, id)["status"] != "refunded" && time.Now().Before(deadline) {
			e.app.Money.WorkDue(context.Background())
			time.Sleep(20 * time.Millisecond)
		}
		refunds := rec.find("POST", "/v1/refunds")
		if len(refunds) != 1 || refunds[0].Form.Get("amount") != "20000" || refunds[0].Form.Get("payment_intent") != intent {
			t.Fatalf("refunds %v, want the whole 200.00 of %s", refunds, intent)
		}
		e.checkLedger()
	})
}
