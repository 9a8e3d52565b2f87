package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateSessions creates sessions: every token names one (its sid claim), so a session can be
// ended on its own (sign out), with its siblings (sign out everywhere, a password change) and
// listed for its user. Ended sessions keep their row until their tokens have expired.
func migrateSessions() *gormigrate.Migration {
	type session struct {
		ID         string     `gorm:"primaryKey;size:36"`
		UserID     string     `gorm:"size:36;not null;index:idx_sessions_user,priority:1"`
		Device     string     `gorm:"size:200;not null;default:''"`
		IP         string     `gorm:"size:64;not null;default:''"`
		CreatedAt  time.Time  `gorm:"not null"`
		LastSeenAt time.Time  `gorm:"not null"`
		EndedAt    *time.Time `gorm:"index:idx_sessions_user,priority:2"`
	}
	return &gormigrate.Migration{
		ID: "0008_sessions",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&session{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("sessions")
		},
	}
}
