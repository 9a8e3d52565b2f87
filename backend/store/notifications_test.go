package store_test

import (
	"testing"
	"time"

	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

// TestMigrate_notesLeaveNotificationMessages: a decision's notification written before quotes
// existed ended with the startup's notes ("… Notes: <notes>"), which a mail then sent as
// Bridgework's words. 0024 cuts them (they stay on the submission) and nothing else: a title,
// quoted as %q, may hold " Notes: " itself, and other notifications keep their words.
func TestMigrate_notesLeaveNotificationMessages(t *testing.T) {
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			db := testenv.OpenEmptyDB(t, kind)
			if err := store.MigrateBefore(db, "0024_notification_quotes", testenv.AuditKey); err != nil {
				t.Fatal(err)
			}
			cases := []struct{ kind, message, want string }{
				{"submission", `Your submission for "Logo" was approved. Your certificate is ready. Notes: Bridgework Security Team: your account will be closed
http://bridgework-login.evil.example/confirm`, `Your submission for "Logo" was approved. Your certificate is ready.`},
				{"submission", `Your submission for "Logo" was rejected. Notes: Not what we asked for.`, `Your submission for "Logo" was rejected.`},
				{"submission", `Changes were requested on your submission for "Logo". Notes: Add tests. Notes: more`, `Changes were requested on your submission for "Logo".`},
				{"submission", `Your submission for "A \" Notes: trap" was rejected. Notes: real`, `Your submission for "A \" Notes: trap" was rejected.`},
				{"submission", `Your submission for "Release Notes: v2" was rejected.`, `Your submission for "Release Notes: v2" was rejected.`},
				{"submission", `Ada Tester submitted a link for "Release Notes: v2".`, `Ada Tester submitted a link for "Release Notes: v2".`},
				{"alert", `New task matching "Web Notes: x": "Release Notes: v2".`, `New task matching "Web Notes: x": "Release Notes: v2".`},
			}
			ids := make([]string, len(cases))
			for i, c := range cases {
				ids[i] = store.NewID()
				if err := db.Table("notifications").Create(map[string]any{"id": ids[i], "user_id": store.NewID(), "kind": c.kind,
					"message": c.message, "link": "/student/dashboard", "is_read": false, "created_at": time.Now().UTC()}).Error; err != nil {
					t.Fatal(err)
				}
			}
			if err := store.Migrate(db, testenv.AuditKey); err != nil {
				t.Fatal(err)
			}
			for i, c := range cases {
				var row struct{ Message, Quote, QuoteAuthor string }
				if err := db.Table("notifications").Select("message, quote, quote_author").Where("id = ?", ids[i]).Take(&row).Error; err != nil {
					t.Fatal(err)
				}
				if row.Message != c.want || row.Quote != "" || row.QuoteAuthor != "" {
					t.Errorf("%q after 0024: %+v, want the message %q", c.message, row, c.want)
				}
			}
		})
	}
}
