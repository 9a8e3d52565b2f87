package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateTaskSearch gives the task search an index on PostgreSQL: a trigram index on
// tasks.search_text serves the search's LIKE '%word%' without reading every open task. It needs
// the pg_trgm extension (shipped with PostgreSQL); a role that may not create extensions gets no
// index, and the search still works, scanning instead. SQLite, the single-instance default,
// scans too.
func migrateTaskSearch() *gormigrate.Migration {
	const index = "idx_tasks_search_trgm"
	return &gormigrate.Migration{
		ID: "0005_task_search",
		Migrate: func(tx *gorm.DB) error {
			if !IsPostgres(tx) {
				return nil
			}
			// A failed statement would abort the migration's transaction: try inside a savepoint.
			// Twice, because two instances (or test schemas) creating the extension at the same
			// moment make one of them fail, and its second try finds the extension there.
			for range 2 {
				if err := tx.SavePoint("trgm").Error; err != nil {
					return err
				}
				// In public, whatever the search_path, so that every schema (and every test's
				// schema) finds the operator class at the same name.
				err := tx.Exec("CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public").Error
				if err == nil {
					err = tx.Exec("CREATE INDEX " + index + " ON tasks USING gin (search_text public.gin_trgm_ops)").Error
				}
				if err == nil {
					return nil
				}
				if err := tx.RollbackTo("trgm").Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			if !IsPostgres(tx) {
				return nil
			}
			return tx.Exec("DROP INDEX IF EXISTS " + index).Error
		},
	}
}
