package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateMatchIndex adds match_index, what a task's matches are read from: one narrow row per
// discoverable student and skill or category they have (matching.IndexOf), so a ranking reads
// one index range per key of the task instead of joining each candidate's rows of four tables
// (scripts/bench-matching.sh). match_people.points keeps what a student scores for any task,
// as of the refresh, which the index copies.
func migrateMatchIndex() *gormigrate.Migration {
	type matchIndex struct {
		Key              string `gorm:"primaryKey;size:160"`
		UserID           string `gorm:"primaryKey;size:36;index"`
		Proved           int    `gorm:"not null"`
		Claimed          int    `gorm:"not null"`
		CategoryApproved int    `gorm:"not null"`
		Points           int    `gorm:"not null"`
		Approved         int    `gorm:"not null"`
	}
	return &gormigrate.Migration{
		ID: "0035_match_index",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Exec("ALTER TABLE match_people ADD COLUMN points INTEGER NOT NULL DEFAULT 0").Error; err != nil {
				return err
			}
			return tx.Table("match_index").Migrator().CreateTable(&matchIndex{})
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropTable("match_index"); err != nil {
				return err
			}
			return tx.Migrator().DropColumn("match_people", "points")
		},
	}
}
