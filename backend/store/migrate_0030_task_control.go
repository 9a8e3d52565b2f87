package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateTaskControl keeps why and when a startup closed a task without filling it (status
// closed): the reason its students were told, and the moment it left the open market.
func migrateTaskControl() *gormigrate.Migration {
	type task struct {
		ClosedReason string `gorm:"size:500;not null;default:''"`
		ClosedAt     *time.Time
	}
	table := func(tx *gorm.DB) *gorm.DB { return tx.Table("tasks") }
	return &gormigrate.Migration{
		ID: "0030_task_control",
		Migrate: func(tx *gorm.DB) error {
			for _, column := range []string{"ClosedReason", "ClosedAt"} {
				if err := table(tx).Migrator().AddColumn(&task{}, column); err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			for _, column := range []string{"closed_at", "closed_reason"} {
				if err := table(tx).Migrator().DropColumn(&task{}, column); err != nil {
					return err
				}
			}
			return nil
		},
	}
}
