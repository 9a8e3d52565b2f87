package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migratePeopleOrder ends the index of the people lists (by type, newest first) with the id, their
// tie-break, as 0018 did for a startup's tasks: without it SQLite sorted the startups of every
// student dashboard, and every page of people, in a temporary b-tree
// (TestSQLitePlans_orderFromIndexes).
func migratePeopleOrder() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0019_people_order",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Exec("CREATE INDEX idx_users_type_created_id ON users (user_type, created_at, id)").Error; err != nil {
				return err
			}
			return tx.Exec("DROP INDEX idx_users_type_created").Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Exec("CREATE INDEX idx_users_type_created ON users (user_type, created_at)").Error; err != nil {
				return err
			}
			return tx.Exec("DROP INDEX idx_users_type_created_id").Error
		},
	}
}
