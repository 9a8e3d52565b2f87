package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateInvitations creates invitations (package matching): a startup asks one student to take
// one of its tasks, once (the unique index, which also serves the task's list: at most
// INVITES_MAX_PER_TASK rows, so their order costs nothing). The student's list, newest first,
// reads (student_id, created_at); the startup's rolling day, counted before each invite,
// (startup_id, created_at). An invitation's expiry is not stored: it follows its task (DESIGN
// §3b, invitations are notifications with an answer). Invitations reach the email digests as
// their own type, hourly until the user changes it, as payments did (0025).
func migrateInvitations() *gormigrate.Migration {
	type invitation struct {
		ID         string    `gorm:"primaryKey;size:36"`
		TaskID     string    `gorm:"size:36;not null;uniqueIndex:idx_invitations_task_student,priority:1"`
		StartupID  string    `gorm:"size:36;not null;index:idx_invitations_startup_created,priority:1"`
		StudentID  string    `gorm:"size:36;not null;uniqueIndex:idx_invitations_task_student,priority:2;index:idx_invitations_student_created,priority:1"`
		Message    string    `gorm:"size:4000;not null;default:''"`
		Status     string    `gorm:"size:20;not null"`
		Reason     string    `gorm:"size:2000;not null;default:''"`
		CreatedAt  time.Time `gorm:"not null;index:idx_invitations_student_created,priority:2;index:idx_invitations_startup_created,priority:2"`
		AnsweredAt *time.Time
	}
	return &gormigrate.Migration{
		ID: "0034_invitations",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&invitation{}); err != nil {
				return err
			}
			return tx.Exec("ALTER TABLE notification_settings ADD COLUMN invitations VARCHAR(20) NOT NULL DEFAULT 'hourly'").Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropColumn("notification_settings", "invitations"); err != nil {
				return err
			}
			return tx.Migrator().DropTable("invitations")
		},
	}
}
