package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateSkillLookup ends the skill index with the user id: the people lists' skills filter
// (Profiles.filtered) then reads the matching students' ids from the index alone.
func migrateSkillLookup() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0010_skill_lookup",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Exec("CREATE INDEX idx_user_skills_name_key_user ON user_skills (name_key, user_id)").Error; err != nil {
				return err
			}
			return tx.Exec("DROP INDEX idx_user_skills_name_key").Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Exec("CREATE INDEX idx_user_skills_name_key ON user_skills (name_key)").Error; err != nil {
				return err
			}
			return tx.Exec("DROP INDEX idx_user_skills_name_key_user").Error
		},
	}
}
