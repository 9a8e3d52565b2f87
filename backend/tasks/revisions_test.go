package tasks_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/notify"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

func (f *fixture) newStudent(t *testing.T, db *gorm.DB, name string) *accounts.User {
	t.Helper()
	u := &accounts.User{Type: accounts.Student, Email: testenv.RandomHex(4) + "@r.co", PasswordHash: "h", FirstName: name}
	if err := (store.Users{DB: db}).CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func (f *fixture) decide(t *testing.T, student *accounts.User, action tasks.Action, notes string, closeTask bool) (*tasks.Submission, error) {
	t.Helper()
	after := tasks.KeepOpen
	if closeTask {
		after = tasks.CompleteTask
	}
	sub, _, err := f.svc.Apply(context.Background(), f.startup.ID, f.task.ID,
		tasks.Decision{StudentID: student.ID, Action: action, Notes: notes, After: after})
	return sub, err
}

func (f *fixture) submission(t *testing.T, db *gorm.DB, student *accounts.User) tasks.Submission {
	t.Helper()
	task, err := store.Tasks{DB: db}.Task(context.Background(), f.task.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range task.Submissions {
		if s.StudentID == student.ID {
			return s
		}
	}
	t.Fatalf("%s has no submission", student.FirstName)
	return tasks.Submission{}
}

func notificationsOf(t *testing.T, db *gorm.DB, userID string) []string {
	t.Helper()
	var msgs []string
	if err := db.Table("notifications").Where("user_id = ?", userID).Order("id").Pluck("message", &msgs).Error; err != nil {
		t.Fatal(err)
	}
	return msgs
}

func TestRevisions_changesRequestedThenResubmitted(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.rec.committed = func() bool { return true }
		if _, err := f.svc.SubmitLink(ctx, f.student, f.task.ID, "https://example.com/v1"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.decide(t, f.student, tasks.ActionReview, "", false); err != nil {
			t.Fatal(err)
		}
		for _, notes := range []string{"", "   "} {
			_, err := f.decide(t, f.student, tasks.ActionRequestChanges, notes, false)
			var e *apperr.Error
			if apperr.CodeOf(err) != apperr.Invalid || !asAppErr(err, &e) || e.Fields["reviewNotes"] != "Review notes are required to request changes" {
				t.Errorf("changes asked with notes %q: %v", notes, err)
			}
		}
		f.rec.take()
		sub, err := f.decide(t, f.student, tasks.ActionRequestChanges, "Add the error codes\n\nAnd the tests", false)
		if err != nil || sub.Status != tasks.ChangesRequested {
			t.Fatalf("request changes: %+v, %v", sub, err)
		}
		got := f.rec.take()
		if len(got) == 0 || got[0].typ != tasks.EventSubmissionStatus || got[0].user != f.student.ID || got[0].data["status"] != tasks.ChangesRequested {
			t.Errorf("the student was not told live: %+v", got)
		}
		// The notes are the startup's words: quoted under its name, one paragraph, never part of
		// the message, which is Bridgework's.
		bell, _, err := store.Notifications{DB: db}.Notifications(ctx, f.student.ID, notify.ListInput{}, 0, 1)
		if err != nil || len(bell) != 1 {
			t.Fatalf("the student's bell: %+v, %v", bell, err)
		}
		if n := bell[0]; n.Message != `Changes were requested on your submission for "`+f.task.Title+`".` ||
			n.Quote != "Add the error codes …" || n.QuoteAuthor != "Acme" {
			t.Errorf("the student's notification: %+v", n)
		}
		if got := tasks.StudentStatus(&tasks.Task{Submissions: []tasks.Submission{*sub}}, f.student.ID); got != tasks.ChangesRequested {
			t.Errorf("the student sees %q", got)
		}

		sub2, err := f.svc.SubmitLink(ctx, f.student, f.task.ID, "https://example.com/v2")
		if err != nil || sub2.Revision != 2 || sub2.Status != tasks.Pending {
			t.Fatalf("resubmit: %+v, %v", sub2, err)
		}
		if msgs := notificationsOf(t, db, f.startup.ID); !strings.Contains(msgs[len(msgs)-1], "sent revision 2 of") {
			t.Errorf("the startup's bell: %q", msgs)
		}
		if _, err := f.decide(t, f.student, tasks.ActionApprove, "Great", true); err != nil {
			t.Fatal(err)
		}
		final := f.submission(t, db, f.student)
		if final.Revision != 2 || final.Link != "https://example.com/v2" || len(final.Revisions) != 2 {
			t.Fatalf("submission after approval: %+v", final)
		}
		first, second := final.Revisions[0], final.Revisions[1]
		if first.Revision != 1 || first.Link != "https://example.com/v1" || first.Status != tasks.ChangesRequested ||
			first.ReviewNotes != "Add the error codes\n\nAnd the tests" || first.ReviewedAt == nil {
			t.Errorf("revision 1: %+v", first)
		}
		if second.Revision != 2 || second.Link != "https://example.com/v2" || second.Status != tasks.Approved ||
			second.ReviewNotes != "Great" || second.ReviewedAt == nil || second.SubmittedAt.Before(first.SubmittedAt) {
			t.Errorf("revision 2: %+v", second)
		}
	})
}

func asAppErr(err error, target **apperr.Error) bool {
	e, ok := err.(*apperr.Error)
	*target = e
	return ok
}

func TestRevisions_roundsAreCappedPerTask(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.rec.committed = func() bool { return true }
		hours, one := 2.0, 1
		task, err := f.svc.Post(ctx, f.startup, tasks.PostInput{Title: "One round", Description: "D", WorkType: "technical",
			Category: "design", Skills: []string{"Figma"}, EstimatedHours: &hours,
			Deadline: time.Now().AddDate(0, 0, 3).Format("2006-01-02"), RevisionRounds: &one})
		if err != nil || task.RevisionRounds != 1 {
			t.Fatalf("post with one round: %+v, %v", task, err)
		}
		f.task = task
		if _, err := f.svc.SubmitLink(ctx, f.student, task.ID, "https://example.com/1"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.decide(t, f.student, tasks.ActionRequestChanges, "Once more", false); err != nil {
			t.Fatalf("the first round: %v", err)
		}
		if _, err := f.svc.SubmitLink(ctx, f.student, task.ID, "https://example.com/2"); err != nil {
			t.Fatal(err)
		}
		_, err = f.decide(t, f.student, tasks.ActionRequestChanges, "And again", false)
		if apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "used all 1 revision rounds") {
			t.Errorf("a second round on a one-round task: %v", err)
		}
		if s := f.submission(t, db, f.student); s.Status != tasks.Pending || s.Revision != 2 {
			t.Errorf("a refused round changed the submission: %+v", s)
		}
		for _, rounds := range []int{-1, 11} {
			_, err := f.svc.Post(ctx, f.startup, tasks.PostInput{Title: "x", Description: "D", WorkType: "technical",
				Category: "design", Skills: []string{"Figma"}, EstimatedHours: &hours,
				Deadline: time.Now().AddDate(0, 0, 3).Format("2006-01-02"), RevisionRounds: &rounds})
			var e *apperr.Error
			if !asAppErr(err, &e) || e.Fields["revisionRounds"] != "Revision rounds must be a whole number from 0 to 10" {
				t.Errorf("%d rounds: %v", rounds, err)
			}
		}
	})
}

func TestClosingTask_closesOpenWorkAndTellsItsStudents(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.rec.committed = func() bool { return true }
		bob, cy, dee := f.newStudent(t, db, "Bob"), f.newStudent(t, db, "Cy"), f.newStudent(t, db, "Dee")
		for _, s := range []*accounts.User{f.student, bob, cy, dee} {
			if _, err := f.svc.SubmitLink(ctx, s, f.task.ID, "https://example.com/"+s.FirstName); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.decide(t, bob, tasks.ActionReview, "", false); err != nil {
			t.Fatal(err)
		}
		if _, err := f.decide(t, cy, tasks.ActionRequestChanges, "Fix it", false); err != nil {
			t.Fatal(err)
		}
		if _, err := f.decide(t, dee, tasks.ActionReject, "", false); err != nil {
			t.Fatal(err)
		}
		f.rec.take()
		if _, err := f.decide(t, f.student, tasks.ActionApprove, "", true); err != nil {
			t.Fatal(err)
		}
		closedLive := map[string]bool{}
		for _, e := range f.rec.take() {
			if e.typ == tasks.EventSubmissionStatus && e.data["status"] == tasks.Closed {
				closedLive[e.user] = true
			}
		}
		for _, s := range []*accounts.User{bob, cy} {
			sub := f.submission(t, db, s)
			if sub.Status != tasks.Closed || sub.ReviewNotes != tasks.FilledNote {
				t.Errorf("%s's open work after the close: %+v", s.FirstName, sub)
			}
			if !closedLive[s.ID] {
				t.Errorf("%s was not told live", s.FirstName)
			}
			if msgs := notificationsOf(t, db, s.ID); !strings.HasPrefix(msgs[len(msgs)-1], "This task was filled") {
				t.Errorf("%s's bell: %q", s.FirstName, msgs)
			}
		}
		if sub := f.submission(t, db, dee); sub.Status != tasks.Rejected || closedLive[dee.ID] {
			t.Errorf("a rejected submission was touched by the close: %+v", sub)
		}
		task, err := store.Tasks{DB: db}.Task(ctx, f.task.ID)
		if err != nil || task.Status != tasks.StatusCompleted || task.CompletedAt == nil || task.AssignedStudentID != f.student.ID {
			t.Fatalf("closed task: %+v, %v", task, err)
		}
		for _, s := range []*accounts.User{f.newStudent(t, db, "Late"), bob, f.student} {
			if _, err := f.svc.SubmitLink(ctx, s, f.task.ID, "https://example.com/late"); apperr.CodeOf(err) != apperr.Conflict {
				t.Errorf("%s submitting to a closed task: %v, want conflict", s.FirstName, err)
			}
		}
	})
}

func TestApproval_keepsTheTaskOpenForMoreStudents(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.rec.committed = func() bool { return true }
		bob := f.newStudent(t, db, "Bob")
		if _, err := f.svc.SubmitLink(ctx, f.student, f.task.ID, "https://example.com/a"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.decide(t, f.student, tasks.ActionApprove, "", false); err != nil {
			t.Fatal(err)
		}
		task, err := store.Tasks{DB: db}.Task(ctx, f.task.ID)
		if err != nil || task.Status == tasks.StatusCompleted || task.AssignedStudentID != "" {
			t.Fatalf("a task kept open after an approval: %+v, %v", task, err)
		}
		if _, err := f.svc.SubmitLink(ctx, bob, f.task.ID, "https://example.com/b"); err != nil {
			t.Fatalf("another student submitting to the open task: %v", err)
		}
		if _, err := f.decide(t, bob, tasks.ActionApprove, "", false); err != nil {
			t.Fatalf("a second approval: %v", err)
		}
		var certificates int64
		db.Table("certificates").Where("task_id = ?", f.task.ID).Count(&certificates)
		if certificates != 2 {
			t.Errorf("%d certificates for two approved students, want 2", certificates)
		}
	})
}

func TestClosingTask_twoApprovalsRacingCloseItOnce(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.rec.committed = func() bool { return true }
		bob := f.newStudent(t, db, "Bob")
		for _, s := range []*accounts.User{f.student, bob} {
			if _, err := f.svc.SubmitLink(ctx, s, f.task.ID, "https://example.com/"+s.FirstName); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, s := range []*accounts.User{f.student, bob} {
			wg.Add(1)
			go func() { defer wg.Done(); _, errs[i] = f.decide(t, s, tasks.ActionApprove, "", true) }()
		}
		wg.Wait()
		won, lost := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case apperr.CodeOf(err) == apperr.Conflict:
				lost++
			default:
				t.Errorf("racing approval: %v", err)
			}
		}
		var certificates int64
		db.Table("certificates").Where("task_id = ?", f.task.ID).Count(&certificates)
		if won != 1 || lost != 1 || certificates != 1 {
			t.Fatalf("two closing approvals: %d won, %d refused, %d certificates; want 1, 1, 1", won, lost, certificates)
		}
		statuses := []string{f.submission(t, db, f.student).Status, f.submission(t, db, bob).Status}
		if !(statuses[0] == tasks.Approved && statuses[1] == tasks.Closed) && !(statuses[0] == tasks.Closed && statuses[1] == tasks.Approved) {
			t.Errorf("after the race: %v, want one approved and one closed", statuses)
		}
	})
}

// TestRevisions_historyIsTheTable: the lists read a submission's current revision from the
// submission's own row and only the earlier ones from submission_revisions, which holds only if
// every write keeps the two alike. After each step a submission can go through (sent, under
// review, changes requested, sent again, approved; and another one closed by that approval), the
// history the lists show is the table's, field by field.
func TestRevisions_historyIsTheTable(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.rec.committed = func() bool { return true }
		other := f.newStudent(t, db, "Grace")
		check := func(step string, students ...*accounts.User) {
			t.Helper()
			for _, s := range students {
				sub := f.submission(t, db, s)
				var table []struct {
					Revision            int
					Link, Status, Notes string
					SubmittedAt         time.Time
					ReviewedAt          *time.Time
				}
				if err := db.Table("submission_revisions").Select("revision, link, status, review_notes AS notes, submitted_at, reviewed_at").
					Where("submission_id = ?", sub.ID).Order("revision").Scan(&table).Error; err != nil {
					t.Fatal(err)
				}
				if len(table) != len(sub.Revisions) {
					t.Fatalf("%s, %s: %d revisions shown, %d in the table", step, s.FirstName, len(sub.Revisions), len(table))
				}
				for i, want := range table {
					got := sub.Revisions[i]
					if got.Revision != want.Revision || got.Link != want.Link || got.Status != want.Status || got.ReviewNotes != want.Notes ||
						!got.SubmittedAt.Equal(want.SubmittedAt) || (got.ReviewedAt == nil) != (want.ReviewedAt == nil) ||
						(got.ReviewedAt != nil && !got.ReviewedAt.Equal(*want.ReviewedAt)) {
						t.Errorf("%s, %s, revision %d: shown %+v, the table has %+v", step, s.FirstName, want.Revision, got, want)
					}
				}
			}
		}
		for _, s := range []*accounts.User{f.student, other} {
			if _, err := f.svc.SubmitLink(ctx, s, f.task.ID, "https://example.com/"+s.FirstName); err != nil {
				t.Fatal(err)
			}
		}
		check("sent", f.student, other)
		steps := []struct {
			name string
			do   func() error
		}{
			{"under review", func() error { _, err := f.decide(t, f.student, tasks.ActionReview, "", false); return err }},
			{"changes requested", func() error {
				_, err := f.decide(t, f.student, tasks.ActionRequestChanges, "Add the error codes", false)
				return err
			}},
			{"sent again", func() error {
				_, err := f.svc.SubmitLink(ctx, f.student, f.task.ID, "https://example.com/v2")
				return err
			}},
			{"approved, the task closed", func() error { _, err := f.decide(t, f.student, tasks.ActionApprove, "Great", true); return err }},
		}
		for _, step := range steps {
			if err := step.do(); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			check(step.name, f.student, other)
		}
		if got := f.submission(t, db, other).Status; got != tasks.Closed {
			t.Errorf("the other submission is %q after the approval closed the task", got)
		}
	})
}
