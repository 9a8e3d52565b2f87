package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateStartupTaskOrder ends the index of a startup's own list, newest first, with the id, the
// list's tie-break, as 0006 did for the open market's: without it SQLite sorted the startup's
// tasks in a temporary b-tree on every read of its dashboard (docs/performance.md,
// "SQLite").
func migrateStartupTaskOrder() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0018_startup_task_order",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Exec("CREATE INDEX idx_tasks_startup_created_id ON tasks (startup_id, created_at, id)").Error; err != nil {
				return err
			}
			return tx.Exec("DROP INDEX idx_tasks_startup_created").Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Exec("CREATE INDEX idx_tasks_startup_created ON tasks (startup_id, created_at)").Error; err != nil {
				return err
			}
			return tx.Exec("DROP INDEX idx_tasks_startup_created_id").Error
		},
	}
}
