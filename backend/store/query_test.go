package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// BenchmarkBatch times the startup dashboard's first reads (four statements) on PostgreSQL
// among 1,000 other startups' tasks, the figures that keep the batch and its plan setting
// (store's readBatch and genericPlans): "together" is one round trip, "one-by-one" one each;
// "per-call-plans" is the batch without its plan setting, which PostgreSQL then plans for each
// call's values.
func BenchmarkBatch(b *testing.B) {
	db := testenv.OpenDB(b, testenv.Postgres).WithContext(context.Background())
	s := store.Tasks{DB: db}
	startup := newMarketUser(b, db, accounts.Startup, "Bench")
	students := []*accounts.User{newMarketUser(b, db, accounts.Student, "Ann"), newMarketUser(b, db, accounts.Student, "Ben")}
	for i := range 50 {
		task := &tasks.Task{StartupID: startup.ID, Title: fmt.Sprintf("Task %d", i), Description: "D", Category: "design",
			WorkType: "technical", Deadline: time.Now().Add(48 * time.Hour).UTC(), Priority: "medium", Status: tasks.StatusOpen}
		if err := s.CreateTask(context.Background(), task); err != nil {
			b.Fatal(err)
		}
		for _, st := range students {
			if err := s.InTx(context.Background(), func(tx tasks.Tx) error {
				return tx.CreateSubmission(&tasks.Submission{TaskID: task.ID, StudentID: st.ID, StartupID: startup.ID,
					Link: "https://example.com/" + task.ID, Status: tasks.Pending})
			}); err != nil {
				b.Fatal(err)
			}
		}
	}
	// 1,000 other startups with a task each, copies of this one's first, and the statistics a
	// deployment keeps: a startup as busy as this one is rare, as in a real marketplace, and
	// PostgreSQL plans its statements for it unless told to keep one plan.
	for _, statement := range []string{
		`INSERT INTO users SELECT (jsonb_populate_record(NULL::users, to_jsonb(u) || jsonb_build_object('id', md5('crowd' || g)::uuid::text,
			'email', 'crowd-' || g || '@example.com'))).* FROM users u, generate_series(1, 1000) g WHERE u.id = ?`,
		`INSERT INTO tasks SELECT (jsonb_populate_record(NULL::tasks, to_jsonb(t) || jsonb_build_object('id', md5('crowd' || g || t.id)::uuid::text,
			'startup_id', md5('crowd' || g)::uuid::text))).* FROM tasks t, generate_series(1, 1000) g WHERE t.startup_id = ? AND t.title = 'Task 0'`,
		"ANALYZE",
	} {
		args := []any{startup.ID}
		if statement == "ANALYZE" {
			args = nil
		}
		if err := db.Exec(statement, args...).Error; err != nil {
			b.Fatal(err)
		}
	}
	for _, v := range []struct {
		name                  string
		together, genericPlan bool
	}{{"together", true, true}, {"one-by-one", false, true}, {"per-call-plans", true, false}} {
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := store.StartupDashboardReads(db, startup.ID, v.together, v.genericPlan); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
