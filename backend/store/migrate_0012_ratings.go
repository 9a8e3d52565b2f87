package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateRatings creates ratings (package ratings): one per approved submission and author, the
// unique index keeping it so under concurrency; the ratee index serves a profile's visible
// ratings, newest first, and their average.
func migrateRatings() *gormigrate.Migration {
	type rating struct {
		ID           string `gorm:"primaryKey;size:36"`
		TaskID       string `gorm:"size:36;not null"`
		SubmissionID string `gorm:"size:36;not null;uniqueIndex:idx_ratings_submission_rater,priority:1"`
		RaterID      string `gorm:"size:36;not null;uniqueIndex:idx_ratings_submission_rater,priority:2"`
		RateeID      string `gorm:"size:36;not null;index:idx_ratings_ratee,priority:1"`
		Stars        int    `gorm:"not null"`
		Comment      string `gorm:"size:4000;not null;default:''"`
		Answer       string `gorm:"size:4000;not null;default:''"`
		AnsweredAt   *time.Time
		CreatedAt    time.Time `gorm:"not null"`
		UpdatedAt    time.Time `gorm:"not null"`
		RevealAt     time.Time `gorm:"not null;index:idx_ratings_ratee,priority:2"`
	}
	return &gormigrate.Migration{
		ID: "0012_ratings",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&rating{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("ratings")
		},
	}
}
