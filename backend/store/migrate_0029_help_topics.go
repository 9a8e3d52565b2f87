package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateHelpTopics keeps what a Help Center request is about and what the caller wrote. Both are
// empty for requests made before, and for a client that sends only the spec's phone and email.
func migrateHelpTopics() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0029_help_topics",
		Migrate: func(tx *gorm.DB) error {
			for _, stmt := range []string{
				"ALTER TABLE help_requests ADD COLUMN topic TEXT NOT NULL DEFAULT ''",
				"ALTER TABLE help_requests ADD COLUMN message TEXT NOT NULL DEFAULT ''",
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropColumn("help_requests", "message"); err != nil {
				return err
			}
			return tx.Migrator().DropColumn("help_requests", "topic")
		},
	}
}
