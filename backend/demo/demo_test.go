package demo_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/app"
	"bridgework/backend/config"
	"bridgework/backend/demo"
	"bridgework/backend/payments"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// TestSeed_tellsTheWholeStory: the demo shows revision rounds, a closed task, ratings on both
// sides (and one still hidden), a task of two paid places with one filled, payments in each
// offline state, the startups' payment records, balanced books and an intact audit trail;
// seeding again adds nothing.
func TestSeed_tellsTheWholeStory(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		cfg, err := config.Load()
		if err != nil {
			t.Fatal(err)
		}
		cfg.DataDir, cfg.StaticDir = t.TempDir(), t.TempDir()
		cfg.JWTSecret = "test-secret-test-secret-test-secret-0123"
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		a, err := app.Build(cfg, db, nil, app.Options{Logger: logger, Hash: accounts.HashParams{MemoryKiB: 64, Iterations: 1, Threads: 1}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = a.Shutdown(context.Background()) })
		for range 2 {
			if err := demo.Seed(ctx, demo.Services{Accounts: a.Accounts, Tasks: a.Tasks, Ratings: a.Ratings, Payments: a.Payments}, logger); err != nil {
				t.Fatal(err)
			}
		}
		user := func(email string) *accounts.User {
			u, err := a.Accounts.Store.UserByEmail(ctx, email)
			if err != nil {
				t.Fatal(err)
			}
			return u
		}
		asha, leo, nimbus := user("student@demo.bridgework.app"), user("student2@demo.bridgework.app"), user("startup@demo.bridgework.app")
		mine, err := a.Tasks.TasksOfStartup(ctx, nimbus.ID, tasks.Query{Limit: 50})
		if err != nil || mine.Total != 3 {
			t.Fatalf("Nimbus has %d tasks (%v), want 3 after seeding twice", mine.Total, err)
		}
		byTitle := map[string]tasks.Task{}
		for _, task := range mine.Items {
			byTitle[task.Title] = task
		}
		submissionOf := func(title, studentID string) tasks.Submission {
			for _, s := range byTitle[title].Submissions {
				if s.StudentID == studentID {
					return s
				}
			}
			t.Fatalf("no submission of %s to %q", studentID, title)
			return tasks.Submission{}
		}
		docs := submissionOf("Write API documentation", asha.ID)
		if docs.Status != tasks.Approved || docs.Revision != 3 || len(docs.Revisions) != 3 ||
			docs.Revisions[0].Status != tasks.ChangesRequested || docs.Revisions[1].Status != tasks.ChangesRequested {
			t.Errorf("the docs task's submission: %+v", docs)
		}
		landing := byTitle["Build a landing page for our beta"]
		if landing.Status != tasks.StatusCompleted || submissionOf(landing.Title, asha.ID).Status != tasks.Closed ||
			submissionOf(landing.Title, leo.ID).Status != tasks.Approved {
			t.Errorf("the landing page task: %s, %+v", landing.Status, landing.Submissions)
		}
		if s := submissionOf("Design onboarding screens", asha.ID); s.Status != tasks.Pending {
			t.Errorf("the onboarding task's submission is %s, want pending", s.Status)
		}
		aboutAsha, _, err := a.Ratings.About(ctx, asha.ID, 0, 10)
		if err != nil || len(aboutAsha) != 1 || aboutAsha[0].Stars != 5 {
			t.Errorf("ratings about Asha: %+v, %v", aboutAsha, err)
		}
		if aboutLeo, _, err := a.Ratings.About(ctx, leo.ID, 0, 10); err != nil || len(aboutLeo) != 0 {
			t.Errorf("Leo has not rated: the startup's rating of him must stay hidden, got %+v, %v", aboutLeo, err)
		}
		admin := &accounts.User{ID: "admin", Type: accounts.Admin}
		all, _, err := a.Payments.Payments(ctx, admin, "", 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		statuses := map[string]int{}
		for _, p := range all {
			statuses[p.Status]++
		}
		if statuses[payments.Due] != 1 || statuses[payments.Sent] != 1 || statuses[payments.Received] != 1 || statuses[payments.Disputed] != 1 {
			t.Errorf("payments by status %v, want one due, sent, received and disputed", statuses)
		}
		leaf := user("startup2@demo.bridgework.app")
		if r := leaf.PaymentRecord; r.Approved != 2 || r.Disputed != 1 || r.Paid != 0 {
			t.Errorf("Greenleaf's record %+v, want 2 approved, 1 disputed", r)
		}
		if r := nimbus.PaymentRecord; r.Approved != 2 || r.Paid != 1 || r.Disputed != 0 {
			t.Errorf("Nimbus's record %+v, want 2 approved, 1 paid", r)
		}
		theirs, err := a.Tasks.TasksOfStartup(ctx, leaf.ID, tasks.Query{Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		var places []string
		for _, task := range theirs.Items {
			if task.Seats > 1 {
				places = append(places, fmt.Sprintf("%s %d/%d %s", task.Title, task.SeatsFilled, task.Seats, task.Status))
			}
		}
		if len(places) != 1 || places[0] != "Tag our product photos 1/2 open" {
			t.Errorf("two-place tasks %v, want the photos task with one of two filled, open", places)
		}
		if books, err := a.Payments.CheckLedger(ctx); err != nil || !books.Balanced {
			t.Errorf("the demo's books: %+v, %v", books, err)
		}
		report, err := a.Audit.Verify(ctx)
		if err != nil || report.BrokenAt != 0 || report.Checked < 8 {
			t.Errorf("the demo's audit trail: %+v, %v", report, err)
		}
	})
}
