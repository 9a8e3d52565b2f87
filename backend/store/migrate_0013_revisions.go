package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateRevisions adds revision rounds: a submission counts its revisions and keeps every one
// (link, status, notes, when) in submission_revisions; a task caps the rounds a startup may ask
// for. Existing submissions become their own revision 1.
func migrateRevisions() *gormigrate.Migration {
	type submissionRevision struct {
		SubmissionID string     `gorm:"primaryKey;size:36"`
		Revision     int        `gorm:"primaryKey;autoIncrement:false"`
		Link         string     `gorm:"size:2000;not null"`
		Status       string     `gorm:"size:20;not null"`
		ReviewNotes  string     `gorm:"type:text;not null;default:''"`
		SubmittedAt  time.Time  `gorm:"not null"`
		ReviewedAt   *time.Time `gorm:""`
	}
	return &gormigrate.Migration{
		ID: "0013_revisions",
		Migrate: func(tx *gorm.DB) error {
			for _, stmt := range []string{
				"ALTER TABLE submissions ADD COLUMN revision INTEGER NOT NULL DEFAULT 1",
				"ALTER TABLE tasks ADD COLUMN revision_rounds INTEGER NOT NULL DEFAULT 3",
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			if err := tx.Migrator().CreateTable(&submissionRevision{}); err != nil {
				return err
			}
			return tx.Exec(`INSERT INTO submission_revisions (submission_id, revision, link, status, review_notes, submitted_at, reviewed_at)
				SELECT id, 1, link, status, review_notes, submitted_at, reviewed_at FROM submissions`).Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropTable("submission_revisions"); err != nil {
				return err
			}
			if err := tx.Migrator().DropColumn("submissions", "revision"); err != nil {
				return err
			}
			return tx.Migrator().DropColumn("tasks", "revision_rounds")
		},
	}
}
