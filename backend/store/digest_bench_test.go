package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

// seedMissed inserts n students away for an hour, each with three unread messages from one of 50
// startups and one unread notification about a submission.
func seedMissed(b *testing.B, db *gorm.DB, n int) {
	b.Helper()
	long := time.Now().Add(-time.Hour).UTC()
	insert := func(table string, rows []map[string]any) {
		if err := db.Table(table).CreateInBatches(rows, 200).Error; err != nil {
			b.Fatal(err)
		}
	}
	var startups []string
	var users []map[string]any
	for i := range 50 {
		id := store.NewID()
		startups = append(startups, id)
		users = append(users, map[string]any{"id": id, "user_type": "startup", "email": fmt.Sprintf("startup%d@example.com", i),
			"password_hash": "h", "company_name": fmt.Sprint("Startup ", i), "created_at": long, "updated_at": long})
	}
	insert("users", users)
	for start := 0; start < n; start += 1000 {
		var users, messages, notes []map[string]any
		for i := start; i < min(start+1000, n); i++ {
			id := store.NewID()
			users = append(users, map[string]any{"id": id, "user_type": "student", "email": fmt.Sprintf("student%d@example.com", i),
				"password_hash": "h", "first_name": fmt.Sprint("Student ", i), "created_at": long, "updated_at": long})
			for j := range 3 {
				messages = append(messages, map[string]any{"id": store.NewID(), "sender_id": startups[i%50], "receiver_id": id,
					"content": fmt.Sprint("Message ", j), "created_at": long})
			}
			notes = append(notes, map[string]any{"id": store.NewID(), "user_id": id, "kind": "submission",
				"message": `Your submission for "A task" was approved.`, "link": "/student/dashboard", "is_read": false, "created_at": long})
		}
		insert("users", users)
		insert("messages", messages)
		insert("notifications", notes)
	}
}

// BenchmarkDigests_runOver10000Users is one digest run over 10,000 users who each missed three
// messages and a submission update: "product" is digest.Service.Run (what is pending, each user's
// settings, presence and last visit, the rules, then the mails and marks in batches); "floor" is
// a minimal program doing the same writes without the checks: one query for the unread per user,
// then one mail and the marks per user. Each round starts from no digest sent. Run:
// go test ./backend/store -run '^$' -bench Digests -benchtime 5x
func BenchmarkDigests_runOver10000Users(b *testing.B) {
	for _, kind := range testenv.Kinds() {
		db := testenv.OpenDB(b, kind)
		seedMissed(b, db, 10_000)
		reset := func(b *testing.B) {
			b.StopTimer()
			if err := db.Exec("DELETE FROM digest_marks").Error; err != nil {
				b.Fatal(err)
			}
			if err := db.Exec("DELETE FROM mail_outbox").Error; err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		svc := digestService(db)
		b.Run(string(kind)+"/product", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				reset(b)
				n, err := svc.Run(context.Background(), time.Now())
				if err != nil || n != 10_000 {
					b.Fatalf("queued %d, %v", n, err)
				}
			}
		})
		b.Run(string(kind)+"/floor", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				reset(b)
				if n := digestFloor(b, db); n != 10_000 {
					b.Fatalf("floor queued %d", n)
				}
			}
		})
	}
}

func digestFloor(b *testing.B, db *gorm.DB) int {
	var pending []struct{ UserID, Kind, Email string }
	err := db.Raw(`SELECT m.receiver_id AS user_id, 'message' AS kind, u.email FROM messages m JOIN users u ON u.id = m.receiver_id
		WHERE m.read_at IS NULL GROUP BY m.receiver_id, u.email
		UNION ALL SELECT n.user_id, n.kind, u.email FROM notifications n JOIN users u ON u.id = n.user_id
		WHERE n.is_read = ? GROUP BY n.user_id, n.kind, u.email`, false).Scan(&pending).Error
	if err != nil {
		b.Fatal(err)
	}
	now := time.Now().UTC()
	seen := map[string]bool{}
	var mails, marks []map[string]any
	for _, p := range pending {
		marks = append(marks, map[string]any{"user_id": p.UserID, "kind": p.Kind, "sent_at": now, "covered_until": now})
		if !seen[p.UserID] {
			seen[p.UserID] = true
			mails = append(mails, map[string]any{"id": store.NewID(), "kind": "digest", "to_address": p.Email, "subject": "s",
				"body": p.UserID, "attempts": 0, "next_attempt_at": now, "created_at": now, "last_error": ""})
		}
	}
	err = db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Table("mail_outbox").CreateInBatches(mails, 500).Error; err != nil {
			return err
		}
		return tx.Table("digest_marks").Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "user_id"}, {Name: "kind"}},
			DoUpdates: clause.AssignmentColumns([]string{"sent_at", "covered_until"}),
		}).CreateInBatches(marks, 500).Error
	})
	if err != nil {
		b.Fatal(err)
	}
	return len(mails)
}
