package tasks_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/notify"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// event is one Publish call; committed says whether the change was visible in the database
// when it was published.
type event struct {
	user, typ string
	data      map[string]any
	committed bool
}

// recorder is a Publisher that keeps what it is asked to send and checks, as it is called, that
// the change it announces is already committed.
type recorder struct {
	mu        sync.Mutex
	events    []event
	committed func() bool
}

func (r *recorder) Publish(_ context.Context, eventType string, data any, userIDs ...string) {
	raw, _ := json.Marshal(data)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range userIDs {
		r.events = append(r.events, event{user: id, typ: eventType, data: m, committed: r.committed()})
	}
}

func (r *recorder) PublishEach(ctx context.Context, eventType string, dataByUser map[string]any) {
	for user, data := range dataByUser {
		r.Publish(ctx, eventType, data, user)
	}
}

func (r *recorder) take() []event {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.events
	r.events = nil
	return out
}

type fixture struct {
	svc              *tasks.Service
	rec              *recorder
	startup, student *accounts.User
	task             *tasks.Task
}

func newFixture(t *testing.T, db *gorm.DB) *fixture {
	ctx := context.Background()
	users := store.Users{DB: db}
	startup := &accounts.User{Type: accounts.Startup, Email: testenv.RandomHex(4) + "@s.co", PasswordHash: "h", CompanyName: "Acme"}
	student := &accounts.User{Type: accounts.Student, Email: testenv.RandomHex(4) + "@t.co", PasswordHash: "h", FirstName: "Ada", LastName: "Lovelace"}
	for _, u := range []*accounts.User{startup, student} {
		if err := users.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	rec := &recorder{}
	notifications := &notify.Service{Store: store.Notifications{DB: db}, Publisher: rec}
	svc := &tasks.Service{Store: store.Tasks{DB: db, AuditKey: testenv.AuditKey}, Notifier: notifications, Publisher: rec}
	hours := 5.0
	task, err := svc.Post(ctx, startup, tasks.PostInput{
		Title: "Write docs", Description: "API docs", WorkType: "non-technical", Category: "writing",
		Skills: []string{"Markdown"}, EstimatedHours: &hours, Deadline: time.Now().AddDate(0, 0, 7).Format("2006-01-02"),
	})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{svc: svc, rec: rec, startup: startup, student: student, task: task}
}

// TestService_events: every change publishes its events after the commit, to the right users,
// with the data DESIGN §4 names.
func TestService_events(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		// Published data must already be readable by another connection's query.
		f.rec.committed = func() bool {
			var n int64
			db.Table("notifications").Count(&n)
			return n > 0
		}

		if _, err := f.svc.SubmitLink(ctx, f.student, f.task.ID, "https://example.com/docs"); err != nil {
			t.Fatal(err)
		}
		want := []struct{ user, typ string }{
			{f.startup.ID, notify.EventNew},
			{f.startup.ID, notify.EventCount},
			{f.startup.ID, tasks.EventTaskUpdated},
			{f.student.ID, tasks.EventSubmissionStatus},
		}
		got := f.rec.take()
		check(t, "submit", got, want)
		if got[1].data["unread"] != 1.0 || got[2].data["taskId"] != f.task.ID || got[2].data["status"] != "submitted" {
			t.Errorf("submit events data: %+v", got)
		}

		closing := tasks.Decision{StudentID: f.student.ID, Action: tasks.ActionApprove, Notes: "Thanks"}
		if _, _, err := f.svc.Apply(ctx, f.startup.ID, f.task.ID, closing); err != nil {
			t.Fatal(err)
		}
		got = f.rec.take()
		check(t, "approve", got, []struct{ user, typ string }{
			{f.student.ID, tasks.EventSubmissionStatus},
			{f.student.ID, notify.EventNew},
			{f.student.ID, notify.EventCount},
			{f.startup.ID, tasks.EventTaskUpdated},
		})
		status := got[0].data
		if status["taskId"] != f.task.ID || status["studentId"] != f.student.ID || status["status"] != "approved" || status["taskStatus"] != "completed" {
			t.Errorf("submission.status data %v", status)
		}
		if got[2].data["unread"] != 1.0 {
			t.Errorf("student's unread count %v, want 1", got[2].data)
		}

		// A refused change publishes nothing.
		if _, _, err := f.svc.Apply(ctx, f.startup.ID, f.task.ID, tasks.Decision{StudentID: f.student.ID, Action: tasks.ActionReject}); err == nil {
			t.Fatal("rejecting an approved submission succeeded")
		}
		if got := f.rec.take(); len(got) != 0 {
			t.Errorf("a refused change published %v", got)
		}
	})
}

func check(t *testing.T, step string, got []event, want []struct{ user, typ string }) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s published %d events %+v, want %d", step, len(got), got, len(want))
	}
	for i, w := range want {
		if got[i].user != w.user || got[i].typ != w.typ {
			t.Errorf("%s event %d: %s to %s, want %s to %s", step, i, got[i].typ, got[i].user, w.typ, w.user)
		}
		if !got[i].committed {
			t.Errorf("%s event %s was published before the commit", step, got[i].typ)
		}
	}
}

// TestService_allowedTransitions walks the whole transition table: every (action × status)
// pair has a row, so a new status or action without its rows fails here.
func TestService_allowedTransitions(t *testing.T) {
	type pair struct {
		action tasks.Action
		status string
	}
	want := map[pair]string{} // the status an allowed pair leads to; absent pairs are refused
	for _, tc := range []struct {
		action tasks.Action
		status string
		to     string // "" when refused
	}{
		{tasks.ActionReview, tasks.Pending, tasks.UnderReview},
		{tasks.ActionReview, tasks.UnderReview, ""},
		{tasks.ActionReview, tasks.ChangesRequested, ""},
		{tasks.ActionReview, tasks.Approved, ""},
		{tasks.ActionReview, tasks.Rejected, ""},
		{tasks.ActionReview, tasks.Closed, ""},
		{tasks.ActionApprove, tasks.Pending, tasks.Approved},
		{tasks.ActionApprove, tasks.UnderReview, tasks.Approved},
		{tasks.ActionApprove, tasks.ChangesRequested, ""},
		{tasks.ActionApprove, tasks.Approved, ""},
		{tasks.ActionApprove, tasks.Rejected, ""},
		{tasks.ActionApprove, tasks.Closed, ""},
		{tasks.ActionReject, tasks.Pending, tasks.Rejected},
		{tasks.ActionReject, tasks.UnderReview, tasks.Rejected},
		{tasks.ActionReject, tasks.ChangesRequested, ""},
		{tasks.ActionReject, tasks.Approved, ""},
		{tasks.ActionReject, tasks.Rejected, ""},
		{tasks.ActionReject, tasks.Closed, ""},
		{tasks.ActionRequestChanges, tasks.Pending, tasks.ChangesRequested},
		{tasks.ActionRequestChanges, tasks.UnderReview, tasks.ChangesRequested},
		{tasks.ActionRequestChanges, tasks.ChangesRequested, ""},
		{tasks.ActionRequestChanges, tasks.Approved, ""},
		{tasks.ActionRequestChanges, tasks.Rejected, ""},
		{tasks.ActionRequestChanges, tasks.Closed, ""},
		{tasks.ActionResubmit, tasks.Pending, ""},
		{tasks.ActionResubmit, tasks.UnderReview, ""},
		{tasks.ActionResubmit, tasks.ChangesRequested, tasks.Pending},
		{tasks.ActionResubmit, tasks.Approved, ""},
		{tasks.ActionResubmit, tasks.Rejected, ""},
		{tasks.ActionResubmit, tasks.Closed, ""},
		{tasks.ActionClose, tasks.Pending, tasks.Closed},
		{tasks.ActionClose, tasks.UnderReview, tasks.Closed},
		{tasks.ActionClose, tasks.ChangesRequested, tasks.Closed},
		{tasks.ActionClose, tasks.Approved, ""},
		{tasks.ActionClose, tasks.Rejected, ""},
		{tasks.ActionClose, tasks.Closed, ""},
	} {
		want[pair{tc.action, tc.status}] = tc.to
	}
	for _, action := range tasks.Actions {
		for _, status := range tasks.Statuses {
			to, listed := want[pair{action, status}]
			if !listed {
				t.Errorf("no row for (%s, %s)", action, status)
				continue
			}
			got, allowed := tasks.Next(action, status)
			if allowed != (to != "") || (allowed && got != to) {
				t.Errorf("Next(%s, %s) = %q, %v; want %q", action, status, got, allowed, to)
			}
			if tasks.CanApply(action, status) != allowed {
				t.Errorf("CanApply(%s, %s) disagrees with Next", action, status)
			}
		}
	}
}

func TestDisplayStatus(t *testing.T) {
	for status, want := range map[string]string{"": "open", "open": "open", "submitted": "open", "under-review": "under-review", "completed": "completed"} {
		if got := tasks.DisplayStatus(status); got != want {
			t.Errorf("DisplayStatus(%q) = %q, want %q", status, got, want)
		}
	}
	task := &tasks.Task{Status: tasks.StatusSubmitted, Submissions: []tasks.Submission{{StudentID: "a", Status: tasks.Pending}, {StudentID: "b", Status: tasks.Rejected}}}
	for student, want := range map[string]string{"a": "submitted", "b": "rejected", "c": "open"} {
		if got := tasks.StudentStatus(task, student); got != want {
			t.Errorf("StudentStatus for %s = %q, want %q", student, got, want)
		}
	}
}

// TestService_approvalVerifiesSkills: approving a task marks the skills it required as Verified
// on the student's profile, and only those.
func TestService_approvalVerifiesSkills(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.rec.committed = func() bool { return true }
		users := store.Users{DB: db}
		student := &accounts.User{Type: accounts.Student, Email: testenv.RandomHex(4) + "@v.co", PasswordHash: "h", FirstName: "Vera",
			Skills: []accounts.Skill{{Name: "markdown", Level: "expert"}, {Name: "Go", Level: "beginner"}}}
		if err := users.CreateUser(ctx, student); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.SubmitLink(ctx, student, f.task.ID, "https://example.com/v"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.svc.Apply(ctx, f.startup.ID, f.task.ID, tasks.Decision{StudentID: student.ID, Action: tasks.ActionApprove}); err != nil {
			t.Fatal(err)
		}
		got, err := users.UserByID(ctx, student.ID)
		if err != nil {
			t.Fatal(err)
		}
		verified := map[string]bool{}
		for _, sk := range got.Skills {
			verified[sk.Name] = sk.IsVerified
		}
		if !verified["markdown"] || verified["Go"] {
			t.Errorf("verified skills %v, want markdown (the task's Markdown) only", verified)
		}
	})
}
