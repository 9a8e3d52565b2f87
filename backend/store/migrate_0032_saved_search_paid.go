package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateSavedSearchPaid keeps the tasks page's Paid only filter in a saved search, so its alerts
// bring only paid work when that is what the student saved. Searches saved before kept no such
// filter: false.
func migrateSavedSearchPaid() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0032_saved_search_paid",
		Migrate: func(tx *gorm.DB) error {
			return tx.Exec("ALTER TABLE saved_searches ADD COLUMN paid BOOLEAN NOT NULL DEFAULT false").Error
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropColumn("saved_searches", "paid")
		},
	}
}
