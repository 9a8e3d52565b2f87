package store

import (
	"strconv"
	"strings"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateNotificationQuotes gives a notification what a user wrote apart from Bridgework's words:
// quote (a startup's review notes, one paragraph) and quote_author (its name), which the bell and
// the mails show quoted under that name (notify.Notification). Until now the notes were appended
// to the message (`… Notes: <notes>`), so a startup's words reached a student's mail as
// Bridgework's. They are cut from the messages written before: the notes stay on the submission
// (review_notes, and each revision's), which every such notification links to.
func migrateNotificationQuotes() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0024_notification_quotes",
		Migrate: func(tx *gorm.DB) error {
			for _, stmt := range []string{
				"ALTER TABLE notifications ADD COLUMN quote VARCHAR(1000) NOT NULL DEFAULT ''",
				"ALTER TABLE notifications ADD COLUMN quote_author VARCHAR(300) NOT NULL DEFAULT ''",
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			var rows []struct{ ID, Message string }
			if err := tx.Table("notifications").Select("id, message").
				Where("kind = ? AND message LIKE ?", "submission", "% Notes: %").Scan(&rows).Error; err != nil {
				return err
			}
			for _, r := range rows {
				sentence, ok := withoutNotes(r.Message)
				if !ok {
					continue
				}
				if err := tx.Table("notifications").Where("id = ?", r.ID).Update("message", sentence).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropColumn("notifications", "quote_author"); err != nil {
				return err
			}
			return tx.Migrator().DropColumn("notifications", "quote")
		},
	}
}

// withoutNotes is a decision's notification as written before 0024 without the notes it ended
// with: `Your submission for "<title>" was rejected. Notes: <notes>` and the like. The title is
// quoted as Go quotes it (%q), so it is skipped as one literal: a title holding " Notes: " is
// not where the notes begin.
func withoutNotes(message string) (string, bool) {
	start := strings.Index(message, `for "`)
	if start < 0 {
		return "", false
	}
	start += len("for ")
	title, err := strconv.QuotedPrefix(message[start:])
	if err != nil {
		return "", false
	}
	end := start + len(title)
	i := strings.Index(message[end:], " Notes: ")
	if i < 0 {
		return "", false
	}
	return message[:end+i], true
}
