package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateCredentials keeps what a certificate's signed credential needs (package credentials).
// review_notes are the notes the startup approved the work with, copied at issue like the link
// and revision (0021): the credential's evidence. Certificates issued before take their approved
// submission's notes, which an approval made final. credential is the signed credential, kept
// when it is first asked for (” until then), so the same document comes back every time and a
// credential a student saved stays the one Bridgework serves.
func migrateCredentials() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0028_credentials",
		Migrate: func(tx *gorm.DB) error {
			for _, stmt := range []string{
				"ALTER TABLE certificates ADD COLUMN review_notes TEXT NOT NULL DEFAULT ''",
				"ALTER TABLE certificates ADD COLUMN credential TEXT NOT NULL DEFAULT ''",
				`UPDATE certificates SET review_notes = COALESCE((SELECT s.review_notes FROM submissions s
					WHERE s.task_id = certificates.task_id AND s.student_id = certificates.student_id AND s.status = 'approved'), '')`,
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropColumn("certificates", "credential"); err != nil {
				return err
			}
			return tx.Migrator().DropColumn("certificates", "review_notes")
		},
	}
}
