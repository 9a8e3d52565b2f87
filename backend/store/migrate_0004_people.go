package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migratePeople records when a student first saved a profile (Add Profile versus Edit Profile)
// and indexes users by type and age, the order every people list and admin page reads them in.
func migratePeople() *gormigrate.Migration {
	type user struct {
		ProfileCreatedAt *time.Time
	}
	const index = "idx_users_type_created"
	return &gormigrate.Migration{
		ID: "0004_people",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Table("users").Migrator().AddColumn(&user{}, "ProfileCreatedAt"); err != nil {
				return err
			}
			return tx.Exec("CREATE INDEX " + index + " ON users (user_type, created_at)").Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Exec("DROP INDEX " + index).Error; err != nil {
				return err
			}
			return tx.Table("users").Migrator().DropColumn(&user{}, "ProfileCreatedAt")
		},
	}
}
