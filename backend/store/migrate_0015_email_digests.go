package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateEmailDigests adds what the email digests need (backend/digest):
//   - notifications.kind, so a digest can honour the per-type preferences (every notification
//     before this one was about a submission);
//   - notification_settings, one row per user who changed a preference (none: every type hourly);
//   - digest_marks, per user and type the last digest that covered it and up to when;
//   - last_seen, when a user's last open tab closed;
//   - partial indexes over the unread messages and notifications, the only rows a digest run
//     reads, so a run's cost follows what is unread, not the whole history.
func migrateEmailDigests() *gormigrate.Migration {
	type notificationSetting struct {
		UserID      string `gorm:"primaryKey;size:36"`
		Messages    string `gorm:"size:20;not null"`
		Submissions string `gorm:"size:20;not null"`
		TaskAlerts  string `gorm:"size:20;not null"`
	}
	type digestMark struct {
		UserID       string    `gorm:"primaryKey;size:36"`
		Kind         string    `gorm:"primaryKey;size:20"`
		SentAt       time.Time `gorm:"not null"`
		CoveredUntil time.Time `gorm:"not null"`
	}
	type lastSeen struct {
		UserID string    `gorm:"primaryKey;size:36"`
		SeenAt time.Time `gorm:"not null"`
	}
	return &gormigrate.Migration{
		ID: "0015_email_digests",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Exec("ALTER TABLE notifications ADD COLUMN kind VARCHAR(20) NOT NULL DEFAULT 'submission'").Error; err != nil {
				return err
			}
			for name, table := range map[string]any{"notification_settings": &notificationSetting{},
				"digest_marks": &digestMark{}, "last_seen": &lastSeen{}} {
				if err := tx.Table(name).Migrator().CreateTable(table); err != nil {
					return err
				}
			}
			for _, stmt := range []string{
				"CREATE INDEX idx_messages_unread ON messages (receiver_id, created_at) WHERE read_at IS NULL",
				"CREATE INDEX idx_notifications_unread ON notifications (user_id, created_at) WHERE is_read = false",
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			for _, stmt := range []string{"DROP INDEX idx_messages_unread", "DROP INDEX idx_notifications_unread"} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			if err := tx.Migrator().DropTable("last_seen", "digest_marks", "notification_settings"); err != nil {
				return err
			}
			return tx.Migrator().DropColumn("notifications", "kind")
		},
	}
}
