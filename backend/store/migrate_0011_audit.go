package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateAudit creates audit_events, the hash-chained trail (package audit). seq is assigned
// under a lock as the last one plus one, so a gap shows a deleted row. The indexes serve the
// admin's filters (by actor, by type, newest first) and a user's own security events.
func migrateAudit() *gormigrate.Migration {
	type auditEvent struct {
		Seq       int64     `gorm:"primaryKey;autoIncrement:false"`
		At        time.Time `gorm:"not null;index"`
		Type      string    `gorm:"size:40;not null"`
		ActorID   string    `gorm:"size:36;not null;default:''"`
		SubjectID string    `gorm:"size:36;not null;default:''"`
		Target    string    `gorm:"size:36;not null;default:''"`
		IP        string    `gorm:"size:64;not null;default:''"`
		Detail    string    `gorm:"size:300;not null;default:''"`
		PrevHash  string    `gorm:"size:64;not null;default:''"`
		Hash      string    `gorm:"size:64;not null"`
	}
	return &gormigrate.Migration{
		ID: "0011_audit",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&auditEvent{}); err != nil {
				return err
			}
			// Each index ends with seq so that "newest first" reads it in order.
			for _, stmt := range []string{
				"CREATE INDEX idx_audit_events_type ON audit_events (type, seq)",
				"CREATE INDEX idx_audit_events_actor ON audit_events (actor_id, seq)",
				"CREATE INDEX idx_audit_events_subject ON audit_events (subject_id, seq)",
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("audit_events")
		},
	}
}
