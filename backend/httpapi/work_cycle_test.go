package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The work cycle as the spec's own client drives it: the calls below are sent as it sends them
// (spec §7), with none of the fields the SPA adds.

// taskOf reads a task as its startup sees it.
func (e *env) taskOf(startup user, taskID string) response {
	e.t.Helper()
	res := e.do("GET", "/api/startup/tasks/"+taskID, startup.Token, nil)
	if res.Status != http.StatusOK {
		e.t.Fatalf("task %s: %d %s", taskID, res.Status, res.Raw)
	}
	return res
}

// submissionOf is the student's submission among the task's, as its startup sees it.
func (e *env) submissionOf(startup user, taskID, studentID string) map[string]any {
	e.t.Helper()
	for _, raw := range e.taskOf(startup, taskID).Body["submissions"].([]any) {
		sub := raw.(map[string]any)
		if sub["student"].(map[string]any)["_id"] == studentID {
			return sub
		}
	}
	e.t.Fatalf("no submission of %s on %s", studentID, taskID)
	return nil
}

// notificationTexts are the messages of the user's bell, newest first.
func (e *env) notificationTexts(u user, path string) []string {
	e.t.Helper()
	var out []string
	for _, n := range decodeList(e.t, e.do("GET", path, u.Token, nil)) {
		out = append(out, n["message"].(string))
	}
	return out
}

func anyContains(list []string, substr string) bool {
	for _, s := range list {
		if strings.Contains(s, substr) {
			return true
		}
	}
	return false
}

// TestSpecClient_approvalCompletesTheTask: the spec's approve {studentId, approve: true,
// reviewNotes} completes the task (status, completedAt, assignedStudent), takes it off the
// market, closes the other open submissions (pending, under review, changes requested) with
// "This task was filled", telling their students live and in the bell, issues one certificate,
// and refuses a second decision with 409. closeTask false is the choice to keep it open.
func TestSpecClient_approvalCompletesTheTask(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Spec Client Co")
		ada, bob, cy, dee := e.registerStudent("Ada"), e.registerStudent("Bob"), e.registerStudent("Cy"), e.registerStudent("Dee")
		id := e.postTask(startup, map[string]any{"title": "Spec approval"})
		for _, s := range []user{ada, bob, cy} {
			if res := e.submitLink(s, id, "https://example.com/"+s.ID); res.Status != http.StatusOK {
				t.Fatalf("submit: %d %s", res.Status, res.Raw)
			}
		}
		e.review(startup, id, bob.ID)
		e.requestChanges(startup, id, cy.ID, "Add tests")
		bobSocket := e.connect(bob)

		res := e.do("POST", "/api/startup/tasks/"+id+"/approve", startup.Token,
			map[string]any{"studentId": ada.ID, "approve": true, "reviewNotes": "Great work"})
		if res.Status != http.StatusOK || res.field("message") != "Work approved!" {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		task := e.taskOf(startup, id)
		assigned, _ := task.Body["assignedStudent"].(map[string]any)
		if task.field("status") != "completed" || task.Body["completedAt"] == nil || assigned["_id"] != ada.ID {
			t.Errorf("task after the spec's approval: status %q, completedAt %v, assignedStudent %v; want completed, set, Ada",
				task.field("status"), task.Body["completedAt"], task.Body["assignedStudent"])
		}
		for _, s := range []user{bob, cy} {
			if got := e.submissionOf(startup, id, s.ID); got["status"] != "closed" || got["reviewNotes"] != "This task was filled" {
				t.Errorf("%s's submission: %v %q, want closed with This task was filled", s.Email, got["status"], got["reviewNotes"])
			}
			if texts := e.notificationTexts(s, "/api/student/notifications"); !anyContains(texts, "This task was filled") {
				t.Errorf("%s's bell %q has no word of the task being filled", s.Email, texts)
			}
		}
		bobSocket.readUntil("submission.status", `"status":"closed"`)

		// Off the market, for the public and for a student who never submitted.
		for _, path := range []string{"/api/tasks", "/api/student/tasks/all?scope=available"} {
			for _, listed := range e.walkList(path, dee.Token) {
				if listed["_id"] == id {
					t.Errorf("%s still lists the completed task", path)
				}
			}
		}
		if res := e.submitLink(dee, id, "https://example.com/late"); res.Status != http.StatusConflict {
			t.Errorf("submitting to the completed task: %d %s, want 409", res.Status, res.Raw)
		}
		if n := len(decodeList(t, e.do("GET", "/api/student/certificates", ada.Token, nil))); n != 1 {
			t.Errorf("%d certificates, want 1", n)
		}
		for _, s := range []user{ada, bob} {
			if res := e.decide(startup, id, s.ID, true, ""); res.Status != http.StatusConflict {
				t.Errorf("a second decision: %d %s, want 409", res.Status, res.Raw)
			}
		}
		dash := e.do("GET", "/api/student/dashboard", ada.Token, nil)
		if stats, _ := dash.Body["stats"].(map[string]any); stats["completed"] != float64(1) || stats["activeTasks"] != float64(0) {
			t.Errorf("Ada's dashboard stats %v, want completed 1 and active 0", dash.Body["stats"])
		}

		// closeTask false: the explicit choice to keep the task open for more students.
		open := e.postTask(startup, map[string]any{"title": "Keep open"})
		e.submitLink(ada, open, "https://example.com/a")
		e.submitLink(bob, open, "https://example.com/b")
		if res := e.decideKeepingOpen(startup, open, ada.ID); res.Status != http.StatusOK {
			t.Fatalf("approve keeping open: %d %s", res.Status, res.Raw)
		}
		if task := e.taskOf(startup, open); task.field("status") == "completed" || task.Body["assignedStudent"] != nil {
			t.Errorf("closeTask false completed the task: %s", task.Raw)
		}
		if got := e.submissionOf(startup, open, bob.ID); got["status"] != "pending" {
			t.Errorf("Bob's submission on the open task: %v, want pending", got["status"])
		}
	})
}

// TestSpecClient_profileSaves: the spec's client saves every profile with PUT
// /api/student/profile and the caller's userId: a new student's (never created with POST) is
// created, a startup's company fields are saved with the startup form's rules and texts (its
// website kept, since that client sends none), and a userId other than the caller's is refused
// for every role.
func TestSpecClient_profileSaves(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, bob := e.registerStudent("Ada"), e.registerStudent("Bob")
		res := e.do("PUT", "/api/student/profile", ada.Token, map[string]any{"userId": ada.ID, "email": "ada@uni.example",
			"collegeEmail": "ada@uni.example", "bio": "New here", "skills": []map[string]any{{"name": "Go", "level": "beginner"}}})
		if res.Status != http.StatusOK || res.field("bio") != "New here" {
			t.Fatalf("a new student's PUT: %d %s, want 200 and the saved profile", res.Status, res.Raw)
		}
		if got := e.do("GET", "/api/student/profile", ada.Token, nil); got.field("bio") != "New here" {
			t.Errorf("profile after the PUT: %s", got.Raw)
		}

		startup := e.registerStartup("Nimbus Labs")
		if res := e.setWebsite(startup, "Nimbus Labs", "https://nimbus.io"); res.Status != http.StatusOK {
			t.Fatalf("website: %d %s", res.Status, res.Raw)
		}
		form := map[string]any{"userId": startup.ID, "companyName": "Nimbus Cloud", "industry": "Cloud",
			"companyDescription": "Servers", "companySize": "11-50"}
		res = e.do("PUT", "/api/student/profile", startup.Token, form)
		if res.Status != http.StatusOK || res.field("companyName") != "Nimbus Cloud" || res.field("companySize") != "11-50" ||
			res.field("website") != "https://nimbus.io" {
			t.Fatalf("a startup's PUT /api/student/profile: %d %s, want its company saved and its website kept", res.Status, res.Raw)
		}
		if got := e.do("GET", "/api/users/"+startup.ID, startup.Token, nil); got.field("companyDescription") != "Servers" {
			t.Errorf("the startup as stored: %s", got.Raw)
		}
		form["companyName"] = ""
		if res := e.do("PUT", "/api/student/profile", startup.Token, form); res.Status != http.StatusBadRequest ||
			res.fieldError("companyName") != "Company name is required" {
			t.Errorf("a startup's form without a company name: %d %s, want 400 Company name is required", res.Status, res.Raw)
		}

		for name, c := range map[string]struct {
			who  user
			body map[string]any
		}{
			"student naming another":   {bob, map[string]any{"userId": ada.ID, "bio": "mine now"}},
			"startup naming a student": {startup, map[string]any{"userId": ada.ID, "companyName": "Taken", "industry": "x"}},
			"student naming a startup": {ada, map[string]any{"userId": startup.ID, "bio": "x"}},
		} {
			if res := e.do("PUT", "/api/student/profile", c.who.Token, c.body); res.Status != http.StatusForbidden {
				t.Errorf("%s: %d %s, want 403", name, res.Status, res.Raw)
			}
		}
		if got := e.do("GET", "/api/student/profile", ada.Token, nil); got.field("bio") != "New here" {
			t.Errorf("a refused save changed Ada's profile: %s", got.Raw)
		}
		if res := e.do("PUT", "/api/student/profile", e.admin().Token, map[string]any{"bio": "x"}); res.Status != http.StatusForbidden {
			t.Errorf("the admin: %d, want 403", res.Status)
		}
	})
}

// TestRevisions_decisionNamesWhatItDecided: a link replaced while pending is a new revision
// (the one the startup opened stays in the history as replaced); a decision on the revision
// the reviewer saw is refused with 409 once the student moved past it, for every decision, and
// changes nothing; the approval, its certificate, notification and audit entry name the exact
// link and revision approved. The spec's client, which sends no revision, decides on the current one.
func TestRevisions_decisionNamesWhatItDecided(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada := e.registerStartup("Stale Review Co"), e.registerStudent("Ada")
		id := e.postTask(startup, map[string]any{"title": "Landing page"})
		e.submitLink(ada, id, "https://example.com/reviewed")
		opened := e.submissionOf(startup, id, ada.ID)
		if opened["revision"] != float64(1) {
			t.Fatalf("first link: revision %v", opened["revision"])
		}
		if res := e.submitLink(ada, id, "https://evil.example.com/swapped"); res.Status != http.StatusOK {
			t.Fatalf("replace: %d %s", res.Status, res.Raw)
		}
		sub := e.submissionOf(startup, id, ada.ID)
		revs := sub["revisions"].([]any)
		if sub["revision"] != float64(2) || len(revs) != 2 ||
			revs[0].(map[string]any)["status"] != "replaced" || revs[0].(map[string]any)["link"] != "https://example.com/reviewed" {
			t.Fatalf("after the replacement: %v, want revision 2 with revision 1 kept as replaced", sub)
		}
		if texts := e.notificationTexts(startup, "/api/startup/notifications"); !anyContains(texts, "changed their link (revision 2)") {
			t.Errorf("the startup's bell %q does not say the link changed", texts)
		}

		stale := "This submission changed since you opened it: review revision 2"
		before := e.state(startup, ada, id)
		for name, call := range map[string]func() response{
			"review": func() response {
				return e.do("POST", "/api/startup/tasks/"+id+"/review", startup.Token, map[string]any{"studentId": ada.ID, "revision": 1})
			},
			"approve": func() response {
				return e.do("POST", "/api/startup/tasks/"+id+"/approve", startup.Token, map[string]any{"studentId": ada.ID, "approve": true, "revision": 1})
			},
			"reject": func() response {
				return e.do("POST", "/api/startup/tasks/"+id+"/approve", startup.Token, map[string]any{"studentId": ada.ID, "approve": false, "revision": 1})
			},
			"reject at /reject": func() response {
				return e.do("POST", "/api/startup/tasks/"+id+"/reject", startup.Token, map[string]any{"studentId": ada.ID, "revision": 1})
			},
			"request-changes": func() response {
				return e.do("POST", "/api/startup/tasks/"+id+"/request-changes", startup.Token,
					map[string]any{"studentId": ada.ID, "reviewNotes": "More", "revision": 1})
			},
		} {
			if res := call(); res.Status != http.StatusConflict || res.field("message") != stale {
				t.Errorf("%s on revision 1: %d %s, want 409 %q", name, res.Status, res.Raw, stale)
			}
		}
		if got := e.state(startup, ada, id); got != before {
			t.Errorf("refused stale decisions changed %+v into %+v", before, got)
		}
		for _, revision := range []any{0, -1, "2", 1.5} {
			res := e.do("POST", "/api/startup/tasks/"+id+"/approve", startup.Token, map[string]any{"studentId": ada.ID, "approve": true, "revision": revision})
			if res.Status != http.StatusBadRequest {
				t.Errorf("revision %v: %d %s, want 400", revision, res.Status, res.Raw)
			}
		}

		res := e.do("POST", "/api/startup/tasks/"+id+"/approve", startup.Token, map[string]any{"studentId": ada.ID, "approve": true, "revision": 2})
		if res.Status != http.StatusOK {
			t.Fatalf("approve revision 2: %d %s", res.Status, res.Raw)
		}
		meta := res.Body["certificate"].(map[string]any)["metadata"].(map[string]any)
		if meta["workLink"] != "https://evil.example.com/swapped" || meta["workRevision"] != float64(2) {
			t.Errorf("certificate metadata %v, want the link and revision approved", meta)
		}
		certs := decodeList(t, e.do("GET", "/api/student/certificates", ada.Token, nil))
		if got := certs[0]["metadata"].(map[string]any); got["workLink"] != "https://evil.example.com/swapped" {
			t.Errorf("the stored certificate vouches for %v", got["workLink"])
		}
		if texts := e.notificationTexts(ada, "/api/student/notifications"); !anyContains(texts, "(revision 2, https://evil.example.com/swapped) was approved") {
			t.Errorf("the approval notification %q does not name the revision and link", texts)
		}
		var approved, issued bool
		for _, entry := range decodeList(t, e.do("GET", "/api/admin/audit", e.admin().Token, nil)) {
			detail, _ := entry["detail"].(string)
			mentions := strings.Contains(detail, "revision 2 · https://evil.example.com/swapped")
			approved = approved || entry["type"] == "submission.approved" && mentions
			issued = issued || entry["type"] == "certificate.issued" && mentions
		}
		if !approved || !issued {
			t.Errorf("audit entries name the approved work: approval %v, certificate %v; want both", approved, issued)
		}
	})
}

// TestRevisions_replacedLinksUseNoRound: a link the student replaced on their own is a revision
// but not a round of changes: a task of one round still lets its startup ask for changes once.
func TestRevisions_replacedLinksUseNoRound(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada := e.registerStartup("Rounds Co"), e.registerStudent("Ada")
		id := e.postTask(startup, map[string]any{"revisionRounds": 1})
		for i := range 3 {
			e.submitLink(ada, id, fmt.Sprintf("https://example.com/v%d", i))
		}
		if res := e.requestChanges(startup, id, ada.ID, "Once"); res.Status != http.StatusOK {
			t.Fatalf("the one round after three links: %d %s", res.Status, res.Raw)
		}
		e.submitLink(ada, id, "https://example.com/v4")
		if res := e.requestChanges(startup, id, ada.ID, "Twice"); res.Status != http.StatusConflict {
			t.Errorf("a second round on a task of one: %d %s, want 409", res.Status, res.Raw)
		}
		if res := e.submitLink(ada, id, "https://example.com/v4"); res.Status != http.StatusOK ||
			e.submissionOf(startup, id, ada.ID)["revision"] != float64(4) {
			t.Errorf("the same link again: %d, revision %v; want 200 and no new revision", res.Status, e.submissionOf(startup, id, ada.ID)["revision"])
		}
	})
}

// TestTasks_pastDeadline: a task whose deadline day has ended everywhere leaves the open
// market and refuses new submissions with 409, while the work already submitted to it can
// still be revised and reviewed.
func TestTasks_pastDeadline(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada, bob := e.registerStartup("Late Co"), e.registerStudent("Ada"), e.registerStudent("Bob")
		id := e.postTask(startup, map[string]any{"title": "Past its deadline"})
		e.submitLink(ada, id, "https://example.com/on-time")
		// Midnight UTC two days ago: the day ended everywhere twelve hours ago or more.
		past := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -2)
		if err := e.app.DB.Exec("UPDATE tasks SET deadline = ? WHERE id = ?", past, id).Error; err != nil {
			t.Fatal(err)
		}
		// New work is refused at the deadline itself, before the sweep takes the task off the market.
		if res := e.submitLink(bob, id, "https://example.com/late"); res.Status != http.StatusConflict ||
			res.field("message") != "This task's deadline has passed" {
			t.Errorf("a new submission: %d %s, want 409 This task's deadline has passed", res.Status, res.Raw)
		}
		if n, err := e.app.Tasks.UnlistPastDeadlines(context.Background()); err != nil || n != 1 {
			t.Fatalf("UnlistPastDeadlines: %d, %v; want the one task", n, err)
		}
		for _, path := range []string{"/api/tasks", "/api/student/tasks/all?scope=available", "/api/student/tasks/all"} {
			for _, listed := range e.walkList(path, bob.Token) {
				if listed["_id"] == id {
					t.Errorf("%s lists the task past its deadline", path)
				}
			}
		}
		dash := e.do("GET", "/api/student/dashboard", bob.Token, nil)
		for _, it := range dash.Body["availableTasks"].(map[string]any)["items"].([]any) {
			if it.(map[string]any)["_id"] == id {
				t.Error("the dashboard offers the task past its deadline")
			}
		}
		if page := e.do("GET", "/api/tasks/"+id, "", nil); page.Status != http.StatusOK || page.Body["deadlinePassed"] != true {
			t.Errorf("task page: %d deadlinePassed %v, want 200 true", page.Status, page.Body["deadlinePassed"])
		}
		if res := e.submitLink(ada, id, "https://example.com/revised"); res.Status != http.StatusOK {
			t.Errorf("revising work already submitted: %d %s, want 200", res.Status, res.Raw)
		}
		if res := e.decide(startup, id, ada.ID, true, ""); res.Status != http.StatusOK {
			t.Errorf("approving work already submitted: %d %s, want 200", res.Status, res.Raw)
		}
	})
}

// TestTasks_currencyAndImagesAreReal: a currency must be one ISO 4217 has; a task's image and
// attachments must be the posting startup's own task-image uploads.
func TestTasks_currencyAndImagesAreReal(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, other, ada := e.registerStartup("Real Co"), e.registerStartup("Other Co"), e.registerStudent("Ada")
		for _, code := range []string{"ZZZ", "XTS", "XAU", "usd", "US"} {
			res := e.do("POST", "/api/startup/tasks", startup.Token, validTask(map[string]any{"currency": code}))
			if res.Status != http.StatusBadRequest || res.fieldError("currency") != "Currency must be a three-letter ISO 4217 code" {
				t.Errorf("currency %q: %d %s, want 400", code, res.Status, res.Raw)
			}
		}
		for _, code := range []string{"EUR", "INR", "JPY", "XOF"} {
			if res := e.do("POST", "/api/startup/tasks", startup.Token, validTask(map[string]any{"currency": code})); res.Status != http.StatusCreated {
				t.Errorf("currency %q: %d %s, want 201", code, res.Status, res.Raw)
			}
		}

		own := e.upload("/api/uploads/task-image", startup.Token, "image", "own.png", pngBytes(t)).field("url")
		theirs := e.upload("/api/uploads/task-image", other.Token, "image", "theirs.png", pngBytes(t)).field("url")
		avatar := e.uploadAvatar(ada, pngBytes(t)).field("url")
		unknown := "/api/files/00000000-0000-7000-8000-000000000000"
		for name, c := range map[string]struct {
			body         map[string]any
			field, label string
		}{
			"another startup's image":      {map[string]any{"imageUrl": theirs}, "imageUrl", "Please upload the image again"},
			"a student's avatar":           {map[string]any{"imageUrl": avatar}, "imageUrl", "Please upload the image again"},
			"a file that does not exist":   {map[string]any{"imageUrl": unknown}, "imageUrl", "Please upload the image again"},
			"another startup's attachment": {map[string]any{"imageUrl": own, "attachments": []map[string]any{{"name": "x", "url": theirs}}}, "attachments", "Please upload the attachments again"},
		} {
			res := e.do("POST", "/api/startup/tasks", startup.Token, validTask(c.body))
			if res.Status != http.StatusBadRequest || res.fieldError(c.field) != c.label {
				t.Errorf("%s: %d %s, want 400 %s: %s", name, res.Status, res.Raw, c.field, c.label)
			}
		}
		res := e.do("POST", "/api/startup/tasks", startup.Token, validTask(map[string]any{"imageUrl": own,
			"attachments": []map[string]any{{"name": "own", "url": own}}}))
		if res.Status != http.StatusCreated || res.field("imageUrl") != own {
			t.Errorf("own uploads: %d %s, want 201", res.Status, res.Raw)
		}
	})
}
