package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateMailOutbox creates the outbox: mails are written here by the request and sent by a
// worker, so no request waits on a mail server and a restart loses none. A mail of a Kind is
// composed by the worker when it is sent (a password reset link is made then, so no secret waits
// in the table). The index serves the worker's one query, the due mails not yet done.
func migrateMailOutbox() *gormigrate.Migration {
	type mailOutbox struct {
		ID            string     `gorm:"primaryKey;size:36"`
		Kind          string     `gorm:"size:40;not null;default:''"` // "": Subject and Body as stored
		ToAddress     string     `gorm:"size:320;not null"`
		Subject       string     `gorm:"size:300;not null"`
		Body          string     `gorm:"type:text;not null"`
		Attempts      int        `gorm:"not null;default:0"`
		NextAttemptAt time.Time  `gorm:"not null;index:idx_mail_outbox_due,priority:2"`
		LockedUntil   *time.Time //
		DoneAt        *time.Time `gorm:"index:idx_mail_outbox_due,priority:1"` // sent or given up
		LastError     string     `gorm:"size:500"`
		CreatedAt     time.Time  `gorm:"not null"`
	}
	return &gormigrate.Migration{
		ID: "0007_mail_outbox",
		Migrate: func(tx *gorm.DB) error {
			return tx.Table("mail_outbox").Migrator().CreateTable(&mailOutbox{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("mail_outbox")
		},
	}
}
