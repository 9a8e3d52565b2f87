package tasks_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/apperr"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// TestControl_stateRules walks every (task state, startup action) pair: the allowed ones
// succeed, the others are a conflict that changes nothing.
func TestControl_stateRules(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		states := map[string]func(t *testing.T, f *fixture){
			"open":      func(*testing.T, *fixture) {},
			"submitted": func(t *testing.T, f *fixture) { f.submit(t) },
			// One approval kept the task open: a place is paid at the budget.
			"one approved": func(t *testing.T, f *fixture) {
				f.submit(t)
				if _, err := f.decide(t, f.student, tasks.ActionApprove, "", false); err != nil {
					t.Fatal(err)
				}
			},
			"completed": func(t *testing.T, f *fixture) {
				f.submit(t)
				if _, err := f.decide(t, f.student, tasks.ActionApprove, "", true); err != nil {
					t.Fatal(err)
				}
			},
			"closed": func(t *testing.T, f *fixture) {
				if _, err := f.svc.Close(ctx, f.startup.ID, f.task.ID, "Not needed"); err != nil {
					t.Fatal(err)
				}
			},
		}
		deadline := time.Now().AddDate(0, 0, 9).Format(time.DateOnly)
		form := func(f *fixture, budgetMax float64) tasks.PostInput {
			in := tasks.RepostInput(f.task)
			in.Deadline, in.BudgetMax = deadline, &budgetMax
			return in
		}
		actions := map[string]func(f *fixture) error{
			"edit": func(f *fixture) error {
				_, err := f.svc.Edit(ctx, f.startup.ID, f.task.ID, form(f, f.task.BudgetMax))
				return err
			},
			"edit budget": func(f *fixture) error {
				_, err := f.svc.Edit(ctx, f.startup.ID, f.task.ID, form(f, 500))
				return err
			},
			"close": func(f *fixture) error {
				_, err := f.svc.Close(ctx, f.startup.ID, f.task.ID, "Changed plans")
				return err
			},
			"withdraw": func(f *fixture) error { return f.svc.Withdraw(ctx, f.startup.ID, f.task.ID) },
			"repost": func(f *fixture) error {
				_, err := f.svc.Repost(ctx, f.startup, f.task.ID, form(f, f.task.BudgetMax))
				return err
			},
		}
		allowed := map[string][]string{
			"open":         {"edit", "edit budget", "close", "withdraw"},
			"submitted":    {"edit", "edit budget", "close"},
			"one approved": {"edit", "close"},
			"completed":    {"repost"},
			"closed":       {"repost", "withdraw"}, // nobody had submitted to it
		}
		for state, reach := range states {
			for action, do := range actions {
				t.Run(state+"/"+action, func(t *testing.T) {
					f := newFixture(t, db)
					f.rec.committed = func() bool { return true }
					reach(t, f)
					before := f.read(t, db)
					err := do(f)
					if contains(allowed[state], action) {
						if err != nil {
							t.Fatalf("%s on %s: %v", action, state, err)
						}
						return
					}
					if apperr.CodeOf(err) != apperr.Conflict {
						t.Fatalf("%s on %s: %v, want a conflict", action, state, err)
					}
					if after := f.read(t, db); after.Status != before.Status || after.Title != before.Title ||
						!after.Deadline.Equal(before.Deadline) || after.BudgetMax != before.BudgetMax {
						t.Errorf("refused %s on %s changed %+v into %+v", action, state, before, after)
					}
				})
			}
		}
	})
}

// TestControl_closeTellsOpenWorkOnly: closing closes the open submissions with the startup's
// reason and tells those students, live and in the bell, and leaves decided work alone.
func TestControl_closeTellsOpenWorkOnly(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.rec.committed = func() bool { return true }
		rejected := f.newStudent(t, db, "Rex")
		f.submit(t)
		if _, err := f.svc.SubmitLink(ctx, rejected, f.task.ID, "https://example.com/rex"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.decide(t, rejected, tasks.ActionReject, "", false); err != nil {
			t.Fatal(err)
		}
		f.rec.take()
		task, err := f.svc.Close(ctx, f.startup.ID, f.task.ID, " Budget cut ")
		if err != nil || task.Status != tasks.StatusClosed || task.ClosedReason != "Budget cut" || task.ClosedAt == nil {
			t.Fatalf("close: %+v, %v", task, err)
		}
		if sub := f.submission(t, db, f.student); sub.Status != tasks.Closed || sub.ReviewNotes != "Budget cut" {
			t.Errorf("the open work: %+v", sub)
		}
		if sub := f.submission(t, db, rejected); sub.Status != tasks.Rejected {
			t.Errorf("decided work was touched: %+v", sub)
		}
		told := map[string][]string{}
		for _, e := range f.rec.take() {
			if !e.committed {
				t.Errorf("%s published before the commit", e.typ)
			}
			told[e.user] = append(told[e.user], e.typ+":"+str(e.data["status"])+":"+str(e.data["reason"])+str(e.data["change"]))
		}
		if want := "submission.status:closed:Budget cut"; !contains(told[f.student.ID], want) {
			t.Errorf("the student heard %q, want %q", told[f.student.ID], want)
		}
		if !contains(told[rejected.ID], "task.updated:closed:closed") || len(told[rejected.ID]) != 1 {
			t.Errorf("the rejected student heard %q, want only the task's change", told[rejected.ID])
		}
		if msgs := notificationsOf(t, db, f.student.ID); !strings.Contains(msgs[len(msgs)-1], `Acme closed "Write docs"`) {
			t.Errorf("the bell: %q", msgs)
		}
		if n := len(notificationsOf(t, db, rejected.ID)); n != 1 { // the rejection only
			t.Errorf("the rejected student has %d notifications", n)
		}
	})
}

func TestValidateCloseReason(t *testing.T) {
	for reason, want := range map[string]string{
		"":                        "Say why you are closing this task",
		" \n\t ":                  "Say why you are closing this task",
		strings.Repeat("é", 501):  "The reason must be at most 500 characters",
		strings.Repeat("é", 500):  "",
		"  We hired someone.  \n": "",
	} {
		got, err := tasks.ValidateCloseReason(reason)
		if msg := fieldMessage(err, "reason"); msg != want {
			t.Errorf("%.12q: %q, want %q", reason, msg, want)
		}
		if err == nil && got != strings.TrimSpace(reason) {
			t.Errorf("%.12q kept as %q, want it trimmed", reason, got)
		}
	}
}

func (f *fixture) submit(t *testing.T) {
	t.Helper()
	if _, err := f.svc.SubmitLink(context.Background(), f.student, f.task.ID, "https://example.com/work"); err != nil {
		t.Fatal(err)
	}
}

// read is the fixture's task as stored now; a withdrawn task reads as the zero task.
func (f *fixture) read(t *testing.T, db *gorm.DB) tasks.Task {
	t.Helper()
	task, err := store.Tasks{DB: db}.Task(context.Background(), f.task.ID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return tasks.Task{}
	}
	if err != nil {
		t.Fatal(err)
	}
	return *task
}

func fieldMessage(err error, field string) string {
	if err == nil {
		return ""
	}
	var e *apperr.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	return e.Fields[field]
}

func str(v any) string { s, _ := v.(string); return s }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
