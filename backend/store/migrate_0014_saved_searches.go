package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateSavedSearches creates saved_searches and their index, saved_search_keys: a new task
// looks up the searches under its skills, its category and "any" in the key index alone.
func migrateSavedSearches() *gormigrate.Migration {
	type savedSearch struct {
		ID             string `gorm:"primaryKey;size:36"`
		StudentID      string `gorm:"size:36;not null;index"`
		Name           string `gorm:"size:400;not null"`
		Search         string `gorm:"size:1000;not null;default:''"`
		Category       string `gorm:"size:100;not null;default:''"`
		Skills         string `gorm:"type:text;not null;default:'[]'"`
		DeadlineBefore *time.Time
		Source         string    `gorm:"size:20;not null;default:''"`
		CreatedAt      time.Time `gorm:"not null"`
	}
	type savedSearchKey struct {
		SearchKey     string `gorm:"primaryKey;size:300"`
		SavedSearchID string `gorm:"primaryKey;size:36;index"`
	}
	return &gormigrate.Migration{
		ID: "0014_saved_searches",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&savedSearch{}, &savedSearchKey{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("saved_search_keys", "saved_searches")
		},
	}
}
