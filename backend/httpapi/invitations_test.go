package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// Invitations (docs/matching contract, "Invitations"): a startup invites a student to its open
// task; the student accepts or declines; both sides hear it live and in the bell.

func (e *env) invite(startup user, taskID, studentID, message string) response {
	e.t.Helper()
	return e.do("POST", "/api/startup/tasks/"+taskID+"/invitations", startup.Token,
		map[string]any{"studentId": studentID, "message": message})
}

// mustInvite invites and returns the invitation's id.
func (e *env) mustInvite(startup user, taskID string, student user) string {
	e.t.Helper()
	res := e.invite(startup, taskID, student.ID, "")
	if res.Status != http.StatusCreated {
		e.t.Fatalf("invite: %d %s", res.Status, res.Raw)
	}
	return res.field("_id")
}

func (e *env) answerInvitation(student user, id, action string, body any) response {
	e.t.Helper()
	return e.do("POST", "/api/student/invitations/"+id+"/"+action, student.Token, body)
}

// setFlags saves a student's choices about being found.
func (e *env) setFlags(student user, flags map[string]any) {
	e.t.Helper()
	if res := e.do("PUT", "/api/student/profile", student.Token, flags); res.Status != http.StatusOK {
		e.t.Fatalf("save flags: %d %s", res.Status, res.Raw)
	}
}

// listed reports whether the task's id is among the list's items at path, read as u.
func (e *env) listed(path string, u user, taskID string) bool {
	e.t.Helper()
	for _, it := range e.walkList(path, u.Token) {
		if it["_id"] == taskID {
			return true
		}
	}
	return false
}

// bellLink is the link of u's notification (from their bell at path) whose message holds substr.
func (e *env) bellLink(u user, path, substr string) string {
	e.t.Helper()
	for _, n := range decodeList(e.t, e.do("GET", path, u.Token, nil)) {
		if strings.Contains(n["message"].(string), substr) {
			link, _ := n["link"].(string)
			return link
		}
	}
	e.t.Fatalf("no notification of %q in the bell", substr)
	return ""
}

// TestInvitations_inviteAndAccept: the student hears of the invitation live and in the bell,
// finds it in their list, accepts it; the startup hears the answer live; the task of one seat is
// then the student's and leaves the open market for another student.
func TestInvitations_inviteAndAccept(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada, bob := e.registerStartup("Invite Co"), e.registerStudent("Ada"), e.registerStudent("Bob")
		taskID := e.postTask(startup, map[string]any{"title": "One seat", "currency": "EUR"})
		adaLive, startupLive := e.connect(ada), e.connect(startup)

		res := e.invite(startup, taskID, ada.ID, "  Your React work fits.  ")
		if res.Status != http.StatusCreated {
			t.Fatalf("invite: %d %s", res.Status, res.Raw)
		}
		id := res.field("_id")
		task, _ := res.Body["task"].(map[string]any)
		if res.field("status") != "pending" || res.field("message") != "Your React work fits." || res.Body["answeredAt"] != nil ||
			task["title"] != "One seat" || task["currency"] != "EUR" || task["seats"] != float64(1) || res.field("expiresAt") != task["deadline"] {
			t.Errorf("the invitation: %s", res.Raw)
		}
		if got := res.Body["startup"].(map[string]any)["companyName"]; got != "Invite Co" {
			t.Errorf("startup.companyName %v", got)
		}
		if got := res.Body["student"].(map[string]any)["firstName"]; got != "Ada" {
			t.Errorf("student.firstName %v", got)
		}
		adaLive.readUntil("invitation.new", id)
		if link := e.bellLink(ada, "/api/student/notifications", "invited you"); link != "/student/invitations" {
			t.Errorf("the student's bell links to %q", link)
		}
		mine := e.walkList("/api/student/invitations", ada.Token)
		if len(mine) != 1 || mine[0]["_id"] != id || mine[0]["status"] != "pending" {
			t.Errorf("the student's list: %v", mine)
		}
		if len(e.walkList("/api/student/invitations", bob.Token)) != 0 {
			t.Error("another student lists the invitation")
		}
		if !e.listed("/api/student/tasks/all", bob, taskID) {
			t.Fatal("the task is not on the open market before the accept")
		}

		accepted := e.answerInvitation(ada, id, "accept", nil)
		if accepted.Status != http.StatusOK || accepted.field("status") != "accepted" || accepted.Body["answeredAt"] == nil {
			t.Fatalf("accept: %d %s", accepted.Status, accepted.Raw)
		}
		var answered struct {
			ID, Status string
		}
		startupLive.readUntil("invitation.answered", id)
		last := startupLive.seen[len(startupLive.seen)-1]
		if err := json.Unmarshal(last.Data, &answered); err != nil || answered.Status != "accepted" {
			t.Errorf("invitation.answered data %s (%v)", last.Data, err)
		}
		startupLive.readUntil("task.updated", taskID)
		if link := e.bellLink(startup, "/api/startup/notifications", "accepted your invitation"); link != "/startup/tasks/"+taskID {
			t.Errorf("the startup's bell links to %q", link)
		}
		if e.listed("/api/student/tasks/all", bob, taskID) || e.listed("/api/tasks", bob, taskID) {
			t.Error("the task of one seat stays on the open market for another student")
		}
		if !e.listed("/api/student/tasks/all", ada, taskID) {
			t.Error("the accepted student does not see the task")
		}
		page := e.do("GET", "/api/tasks/"+taskID, ada.Token, nil)
		if assigned, _ := page.Body["assignedStudent"].(map[string]any); page.Status != http.StatusOK || assigned["_id"] != ada.ID {
			t.Errorf("the task's page for the accepted student: %d %s", page.Status, page.Raw)
		}
		if got := e.do("GET", "/api/tasks/"+taskID, bob.Token, nil).Status; got != http.StatusNotFound {
			t.Errorf("the task's page for another student: %d, want 404", got)
		}
		ofTask := e.walkList("/api/startup/tasks/"+taskID+"/invitations", startup.Token)
		if len(ofTask) != 1 || ofTask[0]["status"] != "accepted" {
			t.Errorf("the task's invitations: %v", ofTask)
		}
		if res := e.submitLink(ada, taskID, "https://example.com/ada"); res.Status != http.StatusOK {
			t.Errorf("the accepted student submits: %d %s", res.Status, res.Raw)
		}
	})
}

// TestInvitations_declineAndMultiSeat: a decline carries its reason to the startup, live and
// quoted in the bell; an accept on a task of more seats leaves it on the open market.
func TestInvitations_declineAndMultiSeat(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada, bob := e.registerStartup("Seats Co"), e.registerStudent("Ada"), e.registerStudent("Bob")
		taskID := e.postTask(startup, map[string]any{"title": "Three seats", "seats": 3})
		startupLive := e.connect(startup)

		declined := e.answerInvitation(ada, e.mustInvite(startup, taskID, ada), "decline", map[string]any{"reason": "Exams this month"})
		if declined.Status != http.StatusOK || declined.field("status") != "declined" || declined.field("reason") != "Exams this month" {
			t.Fatalf("decline: %d %s", declined.Status, declined.Raw)
		}
		startupLive.readUntil("invitation.answered", "Exams this month")
		if tooLong := e.answerInvitation(bob, e.mustInvite(startup, taskID, bob), "decline",
			map[string]any{"reason": strings.Repeat("x", 501)}); tooLong.Status != http.StatusBadRequest || tooLong.fieldError("reason") == "" {
			t.Errorf("a 501-character reason: %d %s", tooLong.Status, tooLong.Raw)
		}
		bobsID := e.walkList("/api/student/invitations", bob.Token)[0]["_id"].(string)
		if res := e.answerInvitation(bob, bobsID, "accept", nil); res.Status != http.StatusOK {
			t.Fatalf("accept: %d %s", res.Status, res.Raw)
		}
		carl := e.registerStudent("Carl")
		if !e.listed("/api/student/tasks/all", carl, taskID) {
			t.Error("a task of three seats left the open market on one accept")
		}
	})
}

// TestInvitations_everyStatusAndAction: the student's two answers from every status; only a
// pending invitation takes one, the others answer 409 and change nothing.
func TestInvitations_everyStatusAndAction(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Status Co")
		// each makes an invitation of student in the status named, and returns its id.
		each := map[string]func(student user) string{
			"pending": func(student user) string {
				return e.mustInvite(startup, e.postTask(startup, nil), student)
			},
			"accepted": func(student user) string {
				id := e.mustInvite(startup, e.postTask(startup, map[string]any{"seats": 2}), student)
				e.answerInvitation(student, id, "accept", nil)
				return id
			},
			"declined": func(student user) string {
				id := e.mustInvite(startup, e.postTask(startup, nil), student)
				e.answerInvitation(student, id, "decline", nil)
				return id
			},
			"expired (past deadline)": func(student user) string {
				taskID := e.postTask(startup, nil)
				id := e.mustInvite(startup, taskID, student)
				past := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -2)
				if err := e.app.DB.Exec("UPDATE tasks SET deadline = ? WHERE id = ?", past, taskID).Error; err != nil {
					t.Fatal(err)
				}
				return id
			},
			"expired (closed)": func(student user) string {
				taskID := e.postTask(startup, nil)
				id := e.mustInvite(startup, taskID, student)
				e.closeTask(startup, taskID, "Done elsewhere")
				return id
			},
			"expired (withdrawn)": func(student user) string {
				taskID := e.postTask(startup, nil)
				id := e.mustInvite(startup, taskID, student)
				if res := e.do("DELETE", "/api/startup/tasks/"+taskID, startup.Token, nil); res.Status != http.StatusOK {
					t.Fatalf("withdraw: %d %s", res.Status, res.Raw)
				}
				return id
			},
			"expired (assigned to another)": func(student user) string {
				taskID := e.postTask(startup, nil)
				id := e.mustInvite(startup, taskID, student)
				other := e.registerStudent("Other")
				e.answerInvitation(other, e.mustInvite(startup, taskID, other), "accept", nil)
				return id
			},
		}
		for status, setUp := range each {
			for _, action := range []string{"accept", "decline"} {
				t.Run(status+"/"+action, func(t *testing.T) {
					student := e.registerStudent("Ana")
					id := setUp(student)
					before := e.walkList("/api/student/invitations", student.Token)[0]
					if want, _, _ := strings.Cut(status, " "); before["status"] != want {
						t.Fatalf("set up as %v, want %s", before["status"], want)
					}
					res := e.answerInvitation(student, id, action, nil)
					if status == "pending" {
						want := map[string]string{"accept": "accepted", "decline": "declined"}[action]
						if res.Status != http.StatusOK || res.field("status") != want {
							t.Errorf("%d %s, want 200 %s", res.Status, res.Raw, want)
						}
						return
					}
					if res.Status != http.StatusConflict {
						t.Errorf("%d %s, want 409", res.Status, res.Raw)
					}
					if after := e.walkList("/api/student/invitations", student.Token)[0]; after["status"] != before["status"] || after["answeredAt"] != before["answeredAt"] {
						t.Errorf("a refused %s changed the invitation: %v → %v", action, before, after)
					}
				})
			}
		}
	})
}

// TestInvitations_refused: whose task and whose invitation, who may be invited, and to what.
func TestInvitations_refused(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, other := e.registerStartup("Owner Co"), e.registerStartup("Other Co")
		ada, bob := e.registerStudent("Ada"), e.registerStudent("Bob")
		taskID := e.postTask(startup, nil)
		hidden, closed := e.registerStudent("Hidden"), e.registerStudent("Closed")
		e.setFlags(hidden, map[string]any{"discoverable": false})
		e.setFlags(closed, map[string]any{"acceptsInvitations": false})
		closedTask := e.postTask(startup, nil)
		e.closeTask(startup, closedTask, "Filled")
		assignedTask := e.postTask(startup, map[string]any{"assignedStudent": bob.ID})
		pastTask := e.postTask(startup, nil)
		past := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -2)
		if err := e.app.DB.Exec("UPDATE tasks SET deadline = ? WHERE id = ?", past, pastTask).Error; err != nil {
			t.Fatal(err)
		}
		adaInvited := e.mustInvite(startup, taskID, ada)

		for _, c := range []struct {
			name    string
			by      user
			task    string
			student string
			message string
			status  int
			text    string
		}{
			{"another startup's task", other, taskID, bob.ID, "", http.StatusNotFound, "Task not found."},
			{"an unknown task", startup, "01900000-0000-7000-8000-000000000000", bob.ID, "", http.StatusNotFound, "Task not found."},
			{"an unknown student", startup, taskID, "01900000-0000-7000-8000-000000000000", "", http.StatusNotFound, "Student not found."},
			{"a startup as the student", startup, taskID, other.ID, "", http.StatusNotFound, "Student not found."},
			{"a hidden student", startup, taskID, hidden.ID, "", http.StatusNotFound, "Student not found."},
			{"a student taking no invitations", startup, taskID, closed.ID, "", http.StatusConflict, "This student is not taking invitations right now."},
			{"twice", startup, taskID, ada.ID, "", http.StatusConflict, "You have already invited this student to this task."},
			{"a closed task", startup, closedTask, bob.ID, "", http.StatusConflict, ""},
			{"an assigned task", startup, assignedTask, ada.ID, "", http.StatusConflict, ""},
			{"a task past its deadline", startup, pastTask, bob.ID, "", http.StatusConflict, ""},
			{"a message too long", startup, taskID, bob.ID, strings.Repeat("x", 1001), http.StatusBadRequest, "The message must be at most 1000 characters"},
			{"a control character", startup, taskID, bob.ID, "hi\x07", http.StatusBadRequest, ""},
		} {
			t.Run(c.name, func(t *testing.T) {
				res := e.invite(c.by, c.task, c.student, c.message)
				if res.Status != c.status || (c.text != "" && res.field("message") != c.text) {
					t.Errorf("%d %s, want %d %q", res.Status, res.Raw, c.status, c.text)
				}
			})
		}
		if got := e.count("invitations", "1 = 1"); got != 1 {
			t.Errorf("%d invitations stored, want only Ada's", got)
		}
		for _, action := range []string{"accept", "decline"} {
			if res := e.answerInvitation(bob, adaInvited, action, nil); res.Status != http.StatusNotFound {
				t.Errorf("another student's %s: %d, want 404", action, res.Status)
			}
		}
		if res := e.do("GET", "/api/startup/tasks/"+taskID+"/invitations", other.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("another startup's task's invitations: %d, want 404", res.Status)
		}
		if got := e.walkList("/api/student/invitations", ada.Token)[0]["status"]; got != "pending" {
			t.Errorf("refused answers changed Ada's invitation to %v", got)
		}
	})
}

// TestInvitations_limits: INVITES_MAX_PER_TASK and INVITES_MAX_PER_STARTUP_DAY answer 429, even
// to invites sent at once; another startup's counts are its own.
func TestInvitations_limits(t *testing.T) {
	limits := func(c *config.Config) { c.InvitesPerTask, c.InvitesPerStartupDay = 3, 5 }
	onBothDeploymentsWith(t, limits, func(t *testing.T, e *env) {
		startup, other := e.registerStartup("Busy Co"), e.registerStartup("Quiet Co")
		first, second := e.postTask(startup, nil), e.postTask(startup, nil)
		students := make([]user, 8)
		for i := range students {
			students[i] = e.registerStudent("Sam")
		}
		// Eight invites to one task at once: the task's limit lets exactly three through.
		statuses := make([]int, len(students))
		var wg sync.WaitGroup
		for i, s := range students {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body, _ := json.Marshal(map[string]any{"studentId": s.ID})
				statuses[i] = e.statusOf("POST", "/api/startup/tasks/"+first+"/invitations", startup.Token, body)
			}()
		}
		wg.Wait()
		created, throttled := 0, 0
		for _, st := range statuses {
			switch st {
			case http.StatusCreated:
				created++
			case http.StatusTooManyRequests:
				throttled++
			}
		}
		if created != 3 || throttled != 5 {
			t.Fatalf("concurrent invites to one task: %v, want 3 × 201 and 5 × 429", statuses)
		}
		if res := e.invite(startup, first, students[7].ID, ""); res.Status != http.StatusTooManyRequests ||
			res.field("message") != "A task can have at most 3 invitations." {
			t.Errorf("past the task's limit: %d %s", res.Status, res.Raw)
		}
		// Two more reach the startup's five a day, on another task; the sixth waits.
		for _, s := range students[:2] {
			e.mustInvite(startup, second, s)
		}
		res := e.invite(startup, second, students[2].ID, "")
		if res.Status != http.StatusTooManyRequests || res.field("message") != "You can send at most 5 invitations a day: try again later." ||
			res.Header.Get("Retry-After") == "" {
			t.Errorf("past the startup's day: %d %s (Retry-After %q)", res.Status, res.Raw, res.Header.Get("Retry-After"))
		}
		otherTask := e.postTask(other, nil)
		if res := e.invite(other, otherTask, students[0].ID, ""); res.Status != http.StatusCreated {
			t.Errorf("another startup's first invite: %d %s", res.Status, res.Raw)
		}
		// A day later the startup's window has moved on.
		if err := e.app.DB.Exec("UPDATE invitations SET created_at = ? WHERE startup_id = ?",
			time.Now().UTC().Add(-25*time.Hour), startup.ID).Error; err != nil {
			t.Fatal(err)
		}
		if res := e.invite(startup, second, students[2].ID, ""); res.Status != http.StatusCreated {
			t.Errorf("a day later: %d %s", res.Status, res.Raw)
		}
	})
}

// TestInvitations_inTheDigest: an invitation reaches the student's digest under Invitations,
// with a link of its own to stop invitation emails; a settings form that sends no mode for
// invitations keeps the saved one.
func TestInvitations_inTheDigest(t *testing.T) {
	var sink *testenv.SMTPSink
	onBothDeploymentsWith(t, withDigests(&sink, t), func(t *testing.T, e *env) {
		rosa, acme := e.registerStudent("Rosa"), e.registerStartup("Acme")
		if res := e.do("PUT", "/api/me/notification-settings", rosa.Token, map[string]any{"messages": "off", "submissions": "off",
			"payments": "off", "invitations": "immediate", "taskAlerts": "off"}); res.Status != http.StatusOK || res.field("invitations") != "immediate" {
			t.Fatalf("settings: %d %s", res.Status, res.Raw)
		}
		if res := e.do("PUT", "/api/me/notification-settings", rosa.Token, map[string]any{"messages": "off", "submissions": "off",
			"payments": "off", "taskAlerts": "off"}); res.Status != http.StatusOK || res.field("invitations") != "immediate" {
			t.Fatalf("settings without invitations: %d %s", res.Status, res.Raw)
		}
		e.mustInvite(acme, e.postTask(acme, map[string]any{"title": "Poster"}), rosa)
		if n := e.runDigests(); n != 1 {
			t.Fatalf("%d digests, want Rosa's", n)
		}
		got := mailTo(t, sink.WaitMails(t, 1, e.deliver), rosa.Email)
		if !strings.Contains(got.Text, "Invitations") || !strings.Contains(got.Text, `Acme invited you to "Poster"`) ||
			!strings.Contains(got.Text, "Stop invitation emails") {
			t.Fatalf("the invitation digest:\n%s", got.Text)
		}
	})
}
