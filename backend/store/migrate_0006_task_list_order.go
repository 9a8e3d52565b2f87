package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateTaskListOrder ends the open market's list indexes with the id, the lists' tie-break:
// many tasks share a deadline (a date), and without the id the database read every task due
// that day to sort them before returning the first 12.
func migrateTaskListOrder() *gormigrate.Migration {
	indexes := []struct{ old, oldColumns, name, columns string }{
		{"idx_tasks_listed_deadline", "listed, deadline", "idx_tasks_listed_deadline_id", "listed, deadline, id"},
		{"idx_tasks_listed_title", "listed, title", "idx_tasks_listed_title_id", "listed, title, id"},
		{"idx_tasks_listed_category", "listed, category, deadline", "idx_tasks_listed_category_deadline_id", "listed, category, deadline, id"},
		{"idx_tasks_listed_created", "listed, created_at", "idx_tasks_listed_created_id", "listed, created_at, id"},
	}
	return &gormigrate.Migration{
		ID: "0006_task_list_order",
		Migrate: func(tx *gorm.DB) error {
			for _, ix := range indexes {
				if err := tx.Exec("CREATE INDEX " + ix.name + " ON tasks (" + ix.columns + ")").Error; err != nil {
					return err
				}
				if err := tx.Exec("DROP INDEX " + ix.old).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			for _, ix := range indexes {
				if err := tx.Exec("CREATE INDEX " + ix.old + " ON tasks (" + ix.oldColumns + ")").Error; err != nil {
					return err
				}
				if err := tx.Exec("DROP INDEX " + ix.name).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
}
