package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateCertifiedWork records on each certificate the link and revision of the work the startup
// approved (DESIGN §3: a decision applies to the revision the reviewer saw), so the certificate
// vouches for that link even if a later link were ever to take its place. Certificates issued
// before it take their approved submission's link and revision, which an approval made final.
func migrateCertifiedWork() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0021_certified_work",
		Migrate: func(tx *gorm.DB) error {
			for _, stmt := range []string{
				"ALTER TABLE certificates ADD COLUMN work_link VARCHAR(2000) NOT NULL DEFAULT ''",
				"ALTER TABLE certificates ADD COLUMN work_revision INTEGER NOT NULL DEFAULT 0",
				`UPDATE certificates SET
					work_link = COALESCE((SELECT s.link FROM submissions s WHERE s.task_id = certificates.task_id AND s.student_id = certificates.student_id), ''),
					work_revision = COALESCE((SELECT s.revision FROM submissions s WHERE s.task_id = certificates.task_id AND s.student_id = certificates.student_id), 0)`,
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropColumn("certificates", "work_revision"); err != nil {
				return err
			}
			return tx.Migrator().DropColumn("certificates", "work_link")
		},
	}
}
