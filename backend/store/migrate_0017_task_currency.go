package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateTaskCurrency adds tasks.currency, the ISO 4217 code of a task's budget
// (docs/api-contract.md, "Pay and the task page"), and the index the open market's "Highest pay"
// sort reads in order. Tasks posted before it were in US dollars, the only currency shown.
func migrateTaskCurrency() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0017_task_currency",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Exec("ALTER TABLE tasks ADD COLUMN currency VARCHAR(3) NOT NULL DEFAULT 'USD'").Error; err != nil {
				return err
			}
			return tx.Exec("CREATE INDEX idx_tasks_listed_pay ON tasks (listed, budget_max DESC, budget_min DESC, id)").Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Exec("DROP INDEX idx_tasks_listed_pay").Error; err != nil {
				return err
			}
			return tx.Exec("ALTER TABLE tasks DROP COLUMN currency").Error
		},
	}
}
