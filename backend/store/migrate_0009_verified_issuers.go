package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateVerifiedIssuers gives startups a website and the domain they proved they own, and keeps
// the verification links mailed to an address there. A link's token is stored only as a hash,
// set when its mail is composed (until then it is NULL, which the unique index allows many of).
func migrateVerifiedIssuers() *gormigrate.Migration {
	type user struct {
		Website        string `gorm:"size:300;not null;default:''"`
		VerifiedDomain string `gorm:"size:253;not null;default:''"`
		VerifiedAt     *time.Time
	}
	type companyVerification struct {
		ID        string     `gorm:"primaryKey;size:36"`
		UserID    string     `gorm:"size:36;not null;index"`
		Email     string     `gorm:"size:254;not null"`
		Domain    string     `gorm:"size:253;not null"`
		TokenHash *string    `gorm:"size:64;uniqueIndex"`
		ExpiresAt *time.Time //
		CreatedAt time.Time  `gorm:"not null"`
	}
	columns := []string{"Website", "VerifiedDomain", "VerifiedAt"}
	return &gormigrate.Migration{
		ID: "0009_verified_issuers",
		Migrate: func(tx *gorm.DB) error {
			for _, c := range columns {
				if err := tx.Table("users").Migrator().AddColumn(&user{}, c); err != nil {
					return err
				}
			}
			return tx.Migrator().CreateTable(&companyVerification{})
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropTable("company_verifications"); err != nil {
				return err
			}
			for _, c := range columns {
				if err := tx.Table("users").Migrator().DropColumn(&user{}, c); err != nil {
					return err
				}
			}
			return nil
		},
	}
}
