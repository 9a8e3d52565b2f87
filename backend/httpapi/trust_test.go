package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"bridgework/backend/ratings"
	"bridgework/backend/store"
)

// TestRevisions_overHTTP: request changes with notes, resubmit as revision 2, approve; the
// timeline reaches both sides, and a startup's cap on rounds holds.
func TestRevisions_overHTTP(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, student := e.registerStartup("Rounds Inc"), e.registerStudent("Rhea")
		id := e.postTask(startup, map[string]any{"revisionRounds": 1})
		e.submitLink(student, id, "https://example.com/v1")
		if res := e.requestChanges(startup, id, student.ID, "  "); res.Status != http.StatusBadRequest ||
			res.fieldError("reviewNotes") != "Review notes are required to request changes" {
			t.Errorf("changes without notes: %d %s", res.Status, res.Raw)
		}
		res := e.requestChanges(startup, id, student.ID, "Add tests")
		if res.Status != http.StatusOK || res.field("message") != "Changes requested" {
			t.Fatalf("request changes: %d %s", res.Status, res.Raw)
		}
		mine := decodeList(t, e.do("GET", "/api/student/tasks/all?scope=mine", student.Token, nil))
		if len(mine) != 1 || mine[0]["displayStatus"] != "changes_requested" {
			t.Fatalf("the student's task: %v", mine)
		}
		if res := e.submitLink(student, id, "https://example.com/v2"); res.Status != http.StatusOK {
			t.Fatalf("resubmit: %d %s", res.Status, res.Raw)
		}
		if res := e.requestChanges(startup, id, student.ID, "Again"); res.Status != http.StatusConflict ||
			!strings.Contains(res.field("message"), "used all 1 revision rounds") {
			t.Errorf("a second round on a one-round task: %d %s", res.Status, res.Raw)
		}
		if res := e.decideClosing(startup, id, student.ID); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		for who, path := range map[string]string{"startup": "/api/startup/tasks/" + id, "student": "/api/student/tasks/all?scope=mine"} {
			token := startup.Token
			if who == "student" {
				token = student.Token
			}
			res := e.do("GET", path, token, nil)
			var task map[string]any
			if who == "student" {
				task = decodeList(t, res)[0]
			} else {
				task = res.Body
			}
			if task["revisionRounds"] != 1.0 {
				t.Errorf("%s: revisionRounds %v", who, task["revisionRounds"])
			}
			sub := task["submissions"].([]any)[0].(map[string]any)
			revs := sub["revisions"].([]any)
			if sub["revision"] != 2.0 || len(revs) != 2 {
				t.Fatalf("%s sees %v", who, sub)
			}
			first, second := revs[0].(map[string]any), revs[1].(map[string]any)
			if first["link"] != "https://example.com/v1" || first["status"] != "changes_requested" || first["reviewNotes"] != "Add tests" ||
				second["link"] != "https://example.com/v2" || second["status"] != "approved" || second["reviewedAt"] == nil {
				t.Errorf("%s's timeline: %v", who, revs)
			}
		}
	})
}

// TestClosingTask_overHTTP: approving with closeTask closes the other open work with its notice;
// with closeTask false the task stays open for more students.
func TestClosingTask_overHTTP(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Close Inc")
		ann, ben, cat := e.registerStudent("Ann"), e.registerStudent("Ben"), e.registerStudent("Cat")
		open, closing := e.postTask(startup, nil), e.postTask(startup, nil)
		for _, s := range []user{ann, ben} {
			e.submitLink(s, open, "https://example.com/"+s.ID)
			e.submitLink(s, closing, "https://example.com/"+s.ID)
		}
		if res := e.decideKeepingOpen(startup, open, ann.ID); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		if res := e.submitLink(cat, open, "https://example.com/cat"); res.Status != http.StatusOK {
			t.Errorf("a task left open takes more work: %d %s", res.Status, res.Raw)
		}
		if status, _ := e.submissionStatus(startup, open, ben.ID); status != "pending" {
			t.Errorf("Ben's work on the open task is %q", status)
		}
		if res := e.decideClosing(startup, closing, ann.ID); res.Status != http.StatusOK {
			t.Fatalf("approve and close: %d %s", res.Status, res.Raw)
		}
		status, taskStatus := e.submissionStatus(startup, closing, ben.ID)
		if status != "closed" || taskStatus != "completed" {
			t.Errorf("after the close: Ben's %q, the task %q", status, taskStatus)
		}
		notes := decodeList(t, e.do("GET", "/api/student/notifications", ben.Token, nil))
		if len(notes) == 0 || !strings.HasPrefix(notes[0]["message"].(string), "This task was filled") {
			t.Errorf("Ben's bell: %v", notes)
		}
		if res := e.submitLink(cat, closing, "https://example.com/late"); res.Status != http.StatusConflict {
			t.Errorf("submitting to a closed task: %d %s", res.Status, res.Raw)
		}
	})
}

// TestRatings_overHTTP: both sides rate, hidden until both did; profiles carry the summary; the
// author edits while hidden, the startup answers; nobody rates what they did not do.
func TestRatings_overHTTP(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, student, other := e.registerStartup("Stars Inc"), e.registerStudent("Sol"), e.registerStudent("Ola")
		id := e.postTask(startup, nil)
		e.submitLink(student, id, "https://example.com/sol")
		e.submitLink(other, id, "https://example.com/ola")
		if res := e.do("POST", "/api/ratings", startup.Token, map[string]any{"taskId": id, "studentId": student.ID, "stars": 5}); res.Status != http.StatusNotFound {
			t.Errorf("rating work not yet approved: %d %s", res.Status, res.Raw)
		}
		e.decide(startup, id, student.ID, true, "")

		byStartup := e.do("POST", "/api/ratings", startup.Token, map[string]any{"taskId": id, "studentId": student.ID, "stars": 4, "comment": "Good"})
		if byStartup.Status != http.StatusCreated || byStartup.Body["visible"] != false || byStartup.field("taskTitle") == "" {
			t.Fatalf("the startup's rating: %d %s", byStartup.Status, byStartup.Raw)
		}
		for _, bad := range []struct {
			who  user
			body map[string]any
			want int
		}{
			{startup, map[string]any{"taskId": id, "studentId": student.ID, "stars": 3}, http.StatusConflict},
			{startup, map[string]any{"taskId": id, "studentId": other.ID, "stars": 3}, http.StatusNotFound},
			{other, map[string]any{"taskId": id, "studentId": other.ID, "stars": 3}, http.StatusNotFound},
			{student, map[string]any{"taskId": id, "studentId": other.ID, "stars": 3}, http.StatusBadRequest},
			{student, map[string]any{"taskId": id, "studentId": student.ID, "stars": 9}, http.StatusBadRequest},
		} {
			if res := e.do("POST", "/api/ratings", bad.who.Token, bad.body); res.Status != bad.want {
				t.Errorf("rating %v: %d %s, want %d", bad.body, res.Status, res.Raw, bad.want)
			}
		}
		if list := decodeList(t, e.do("GET", "/api/users/"+student.ID+"/ratings", student.Token, nil)); len(list) != 0 {
			t.Fatalf("the student sees the startup's rating before rating back: %v", list)
		}
		if mine := decodeList(t, e.do("GET", "/api/me/ratings", startup.Token, nil)); len(mine) != 1 || mine[0]["visible"] != false {
			t.Errorf("the startup's own ratings: %v", mine)
		}
		if res := e.do("PUT", "/api/ratings/"+byStartup.field("_id"), student.Token, map[string]any{"stars": 1}); res.Status != http.StatusNotFound {
			t.Errorf("the ratee editing: %d %s", res.Status, res.Raw)
		}
		if res := e.do("PUT", "/api/ratings/"+byStartup.field("_id"), startup.Token, map[string]any{"stars": 4, "comment": "Good, on reflection"}); res.Status != http.StatusOK || res.field("comment") != "Good, on reflection" {
			t.Errorf("the author editing before the student rated: %d %s", res.Status, res.Raw)
		}
		byStudent := e.do("POST", "/api/ratings", student.Token, map[string]any{"taskId": id, "studentId": student.ID, "stars": 5, "comment": "Clear brief"})
		if byStudent.Status != http.StatusCreated || byStudent.Body["visible"] != true {
			t.Fatalf("the student's rating: %d %s", byStudent.Status, byStudent.Raw)
		}
		about := decodeList(t, e.do("GET", "/api/users/"+student.ID+"/ratings", other.Token, nil))
		if len(about) != 1 || about[0]["stars"] != 4.0 || about[0]["rater"].(map[string]any)["name"] != "Stars Inc" {
			t.Errorf("ratings about the student: %v", about)
		}
		profile := e.do("GET", "/api/users/"+startup.ID, student.Token, nil)
		if r := profile.Body["rating"].(map[string]any); r["count"] != 1.0 || r["average"] != nil {
			t.Errorf("the startup's rating summary with one rating: %v", r)
		}

		ratingID := byStartup.field("_id")
		answerOn := byStudent.field("_id")
		if res := e.do("POST", "/api/ratings/"+answerOn+"/answer", startup.Token, map[string]any{"answer": "Thank you!"}); res.Status != http.StatusOK || res.field("answer") != "Thank you!" {
			t.Errorf("the startup's answer: %d %s", res.Status, res.Raw)
		}
		if res := e.do("POST", "/api/ratings/"+ratingID+"/answer", startup.Token, map[string]any{"answer": "Me?"}); res.Status != http.StatusNotFound {
			t.Errorf("answering a rating about someone else: %d %s", res.Status, res.Raw)
		}
		if res := e.do("GET", "/api/users/"+store.NewID()+"/ratings", student.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("ratings of an unknown user: %d %s", res.Status, res.Raw)
		}
	})
}

// ratingsClock runs e's ratings on the real time plus an offset the test moves: approvals are
// stamped with the real time, so the offset is the days passed since an approval.
type ratingsClock struct{ offset atomic.Int64 }

func newRatingsClock(e *env) *ratingsClock {
	c := &ratingsClock{}
	e.app.Ratings.Now = func() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) }
	return c
}

func (c *ratingsClock) set(sinceNow time.Duration) { c.offset.Store(int64(sinceNow)) }

// approvedWork is a task of a new startup with one student's submission approved.
type approvedWork struct {
	startup, student user
	taskID           string
}

func (e *env) approvedWork(name string) approvedWork {
	e.t.Helper()
	w := approvedWork{startup: e.registerStartup(name + " Labs"), student: e.registerStudent(name)}
	w.taskID = e.postTask(w.startup, nil)
	e.submitLink(w.student, w.taskID, "https://example.com/"+name)
	if res := e.decide(w.startup, w.taskID, w.student.ID, true, ""); res.Status != http.StatusOK {
		e.t.Fatalf("approve: %d %s", res.Status, res.Raw)
	}
	return w
}

// rate sends by's rating of the other side of the work.
func (w approvedWork) rate(e *env, by user, stars int) response {
	e.t.Helper()
	return e.do("POST", "/api/ratings", by.Token, map[string]any{"taskId": w.taskID, "studentId": w.student.ID, "stars": stars})
}

// TestRatings_doubleBlindOverHTTP: whatever a side could have read of the other's rating, it can
// answer it neither with a changed rating nor with a late one. A startup that read the student's
// 1★ once both rated cannot turn its rating into 1★; 14 days after the approval no rating is
// taken, whether the other side rated on day 3 or nobody rated. The approved submission says
// until when a rating is taken, and each rating until when it may change.
func TestRatings_doubleBlindOverHTTP(t *testing.T) {
	const fixed = "This rating can no longer be changed: it is visible to the other side now."
	const closed = "The rating window for this work has closed"
	day := 24 * time.Hour
	onBothDeployments(t, func(t *testing.T, e *env) {
		clock := newRatingsClock(e)

		w := e.approvedWork("Blind")
		given := w.rate(e, w.startup, 5)
		if given.Status != http.StatusCreated {
			t.Fatalf("the startup's rating: %d %s", given.Status, given.Raw)
		}
		id := given.field("_id")
		clock.set(2 * day)
		if res := e.do("PUT", "/api/ratings/"+id, w.startup.Token, map[string]any{"stars": 4, "comment": "Solid"}); res.Status != http.StatusOK || res.Body["stars"] != 4.0 {
			t.Errorf("edit before the student rated: %d %s", res.Status, res.Raw)
		}
		if res := w.rate(e, w.student, 1); res.Status != http.StatusCreated || res.Body["visible"] != true {
			t.Fatalf("the student's rating: %d %s", res.Status, res.Raw)
		}
		about := decodeList(t, e.do("GET", "/api/users/"+w.startup.ID+"/ratings", w.startup.Token, nil))
		if len(about) != 1 || about[0]["stars"] != 1.0 {
			t.Fatalf("the startup reads the student's rating: %v", about)
		}
		res := e.do("PUT", "/api/ratings/"+id, w.startup.Token, map[string]any{"stars": 1, "comment": "Retaliation"})
		if res.Status != http.StatusConflict || res.field("message") != fixed {
			t.Errorf("edit after both rated: %d %s, want 409 %q", res.Status, res.Raw, fixed)
		}
		mine := decodeList(t, e.do("GET", "/api/me/ratings", w.startup.Token, nil))
		if len(mine) != 1 || mine[0]["stars"] != 4.0 || mine[0]["comment"] != "Solid" || mine[0]["visible"] != true {
			t.Errorf("the startup's rating after the refused edit: %v", mine)
		} else if until, err := time.Parse(time.RFC3339Nano, mine[0]["editableUntil"].(string)); err != nil || until.After(time.Now().Add(2*day)) {
			t.Errorf("editableUntil %v (%v) of a visible rating: want the reveal, when the student rated", mine[0]["editableUntil"], err)
		}

		clock.set(0)
		late := e.approvedWork("Late")
		own := decodeList(t, e.do("GET", "/api/student/tasks/all?scope=mine", late.student.Token, nil))
		if len(own) != 1 || len(own[0]["submissions"].([]any)) != 1 {
			t.Fatalf("the student's tasks: %v", own)
		}
		closesAt, err := time.Parse(time.RFC3339Nano, fmt.Sprint(own[0]["submissions"].([]any)[0].(map[string]any)["ratingClosesAt"]))
		if err != nil || time.Until(closesAt) > ratings.EditWindow || time.Until(closesAt) < ratings.EditWindow-time.Minute {
			t.Errorf("ratingClosesAt of work approved just now: %v (%v), want in 14 days", closesAt, err)
		}
		clock.set(3 * day)
		if res := late.rate(e, late.startup, 1); res.Status != http.StatusCreated {
			t.Fatalf("the startup's rating on day 3: %d %s", res.Status, res.Raw)
		}
		clock.set(ratings.EditWindow)
		if res := late.rate(e, late.student, 5); res.Status != http.StatusConflict || res.field("message") != closed {
			t.Errorf("the student rating after 14 days, the startup on day 3: %d %s, want 409 %q", res.Status, res.Raw, closed)
		}
		if about := decodeList(t, e.do("GET", "/api/users/"+late.startup.ID+"/ratings", late.startup.Token, nil)); len(about) != 0 {
			t.Errorf("ratings about the startup after the late one was refused: %v", about)
		}

		clock.set(0)
		nobody := e.approvedWork("Nobody")
		clock.set(ratings.EditWindow)
		for _, by := range []user{nobody.startup, nobody.student} {
			if res := nobody.rate(e, by, 3); res.Status != http.StatusConflict || res.field("message") != closed {
				t.Errorf("%s rating after 14 days, nobody rated: %d %s, want 409 %q", by.Email, res.Status, res.Raw, closed)
			}
		}
	})
}

// TestAudit_overHTTP: sign-ins, failures, password changes, decisions and the admin's views land
// on the trail; a user reads their own security events, the admin filters and pages the trail,
// and the chain verifies.
func TestAudit_overHTTP(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, student := e.registerStartup("Trail Inc"), e.registerStudent("Tia")
		if res := e.do("POST", "/api/login", "", map[string]any{"email": student.Email, "password": "wrong-password"}); res.Status != http.StatusUnauthorized {
			t.Fatalf("wrong password: %d", res.Status)
		}
		if res := e.do("POST", "/api/login", "", map[string]any{"email": student.Email, "password": "secret123"}); res.Status != http.StatusOK {
			t.Fatalf("sign in: %d %s", res.Status, res.Raw)
		}
		id := e.postTask(startup, nil)
		e.submitLink(student, id, "https://example.com/tia")
		e.decideClosing(startup, id, student.ID)
		admin := e.admin()
		if res := e.do("GET", "/api/admin/dashboard/student/"+student.ID, admin.Token, nil); res.Status != http.StatusOK {
			t.Fatalf("admin view: %d", res.Status)
		}

		mine := decodeList(t, e.do("GET", "/api/me/security-events", student.Token, nil))
		var kinds []string
		for _, ev := range mine {
			kinds = append(kinds, ev["type"].(string))
		}
		if got := strings.Join(kinds, ","); got != "signin,signin.failed" {
			t.Errorf("the student's security events, newest first: %s", got)
		}
		if other := decodeList(t, e.do("GET", "/api/me/security-events", startup.Token, nil)); len(other) != 0 {
			t.Errorf("the startup sees %d security events of others", len(other))
		}

		trail := func(query string) []map[string]any {
			return decodeList(t, e.do("GET", "/api/admin/audit"+query, admin.Token, nil))
		}
		byStartup := trail("?actor=" + startup.ID)
		var startupKinds []string
		for _, ev := range byStartup {
			startupKinds = append(startupKinds, ev["type"].(string))
		}
		// The approval of paid work opens its payment in the same transaction.
		if got := strings.Join(startupKinds, ","); got != "submission.approved,payment.changed,certificate.issued" {
			t.Errorf("the startup's entries: %s", got)
		}
		views := trail("?type=admin.viewed")
		if len(views) != 1 || views[0]["subjectId"] != student.ID || views[0]["actorId"] != admin.ID {
			t.Errorf("admin views: %v", views)
		}
		if got := trail("?type=signin,signin.failed&from=2000-01-01&to=2999-12-31"); len(got) < 2 {
			t.Errorf("sign-in entries in a wide range: %d", len(got))
		}
		if got := trail("?to=2000-01-01"); len(got) != 0 {
			t.Errorf("entries before 2000: %v", got)
		}
		page := e.do("GET", "/api/admin/audit?per_page=2", admin.Token, nil)
		if page.Status != http.StatusOK || !strings.Contains(page.Header.Get("Link"), `rel="next"`) {
			t.Errorf("a page of two: %d, Link %q", page.Status, page.Header.Get("Link"))
		}
		for _, q := range []string{"?type=nonsense", "?from=yesterday", "?to=13/13/2026"} {
			if res := e.do("GET", "/api/admin/audit"+q, admin.Token, nil); res.Status != http.StatusBadRequest {
				t.Errorf("GET /api/admin/audit%s: %d %s", q, res.Status, res.Raw)
			}
		}
		report := e.do("GET", "/api/admin/audit/verify", admin.Token, nil)
		if report.Status != http.StatusOK || report.Body["intact"] != true || report.Body["checked"].(float64) < 6 {
			t.Errorf("verify: %d %s", report.Status, report.Raw)
		}
		if err := e.app.DB.Exec("UPDATE audit_events SET detail = ? WHERE seq = 2", "edited").Error; err != nil {
			t.Fatal(err)
		}
		report = e.do("GET", "/api/admin/audit/verify", admin.Token, nil)
		if report.Body["intact"] != false || report.Body["brokenAt"] != 2.0 {
			t.Errorf("verify after an edit: %s", report.Raw)
		}
	})
}
