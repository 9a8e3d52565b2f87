package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateAccounts creates users with their skills, password resets, help requests and uploaded
// files. The structs are snapshots of the schema at this version, not the live row types.
func migrateAccounts() *gormigrate.Migration {
	type user struct {
		ID                 string    `gorm:"primaryKey;size:36"`
		UserType           string    `gorm:"size:16;not null;index"`
		IsVerified         bool      `gorm:"not null;default:false"`
		Email              string    `gorm:"size:254;not null;uniqueIndex"`
		PasswordHash       string    `gorm:"size:200;not null"`
		TokenVersion       int       `gorm:"not null;default:0"`
		FirstName          string    `gorm:"size:100"`
		LastName           string    `gorm:"size:100"`
		Username           string    `gorm:"size:100"`
		CompanyName        string    `gorm:"size:200"`
		CompanyDescription string    `gorm:"type:text"`
		CompanySize        string    `gorm:"size:50"`
		Industry           string    `gorm:"size:100"`
		Tier               string    `gorm:"size:50"`
		Phone              string    `gorm:"size:30"`
		College            string    `gorm:"size:200"`
		Institute          string    `gorm:"size:200"`
		CollegeEmail       string    `gorm:"size:254"`
		Bio                string    `gorm:"type:text"`
		Headline           string    `gorm:"size:200"`
		Summary            string    `gorm:"type:text"`
		ProfilePicture     string    `gorm:"size:500"`
		Resume             string    `gorm:"size:500"`
		Experience         string    `gorm:"type:text"`
		Projects           string    `gorm:"type:text"`
		CreatedAt          time.Time `gorm:"not null;index"`
		UpdatedAt          time.Time `gorm:"not null"`
	}
	type userSkill struct {
		ID         string `gorm:"primaryKey;size:36"`
		UserID     string `gorm:"size:36;not null;index:idx_user_skills_user_position,priority:1"`
		Position   int    `gorm:"not null;index:idx_user_skills_user_position,priority:2"`
		Name       string `gorm:"size:100;not null"`
		NameKey    string `gorm:"size:100;not null;index"`
		Level      string `gorm:"size:20;not null"`
		IsVerified bool   `gorm:"not null;default:false"`
	}
	type passwordReset struct {
		TokenHash string    `gorm:"primaryKey;size:64"`
		UserID    string    `gorm:"size:36;not null;index"`
		ExpiresAt time.Time `gorm:"not null"`
		CreatedAt time.Time `gorm:"not null"`
	}
	type helpRequest struct {
		ID        string    `gorm:"primaryKey;size:36"`
		Phone     string    `gorm:"size:30;not null"`
		Email     string    `gorm:"size:254;not null"`
		CreatedAt time.Time `gorm:"not null;index"`
	}
	type file struct {
		ID          string    `gorm:"primaryKey;size:36"`
		OwnerID     string    `gorm:"size:36;not null;index"`
		Kind        string    `gorm:"size:20;not null"`
		Name        string    `gorm:"size:255;not null"`
		ContentType string    `gorm:"size:100;not null"`
		Size        int64     `gorm:"not null"`
		Data        []byte    `gorm:"not null"`
		CreatedAt   time.Time `gorm:"not null"`
	}
	tables := []any{&user{}, &userSkill{}, &passwordReset{}, &helpRequest{}, &file{}}
	return &gormigrate.Migration{
		ID: "0001_accounts",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(tables...)
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable(tables...)
		},
	}
}
