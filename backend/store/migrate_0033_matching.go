package store

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateMatching adds what package matching ranks by: a student's two choices (shown in
// matches, open to invitations), each task's skills by key (the candidates of a student's
// recommendations are read through them, as tasks.skills is JSON text), and the signals the
// matching refresh derives from approved work, ratings and chat (match_people, match_skills,
// match_categories), which are rebuilt whole and so hold nothing of their own.
func migrateMatching() *gormigrate.Migration {
	type taskSkill struct {
		NameKey string `gorm:"primaryKey;size:100"`
		TaskID  string `gorm:"primaryKey;size:36;index"`
	}
	type matchPerson struct {
		UserID       string `gorm:"primaryKey;size:36"`
		Approved     int    `gorm:"not null;default:0"`
		RatingSum    int    `gorm:"not null;default:0"`
		RatingCount  int    `gorm:"not null;default:0"`
		Replies      int    `gorm:"not null;default:0"`
		ReplySeconds int    `gorm:"not null;default:0"`
		LastActiveAt *time.Time
		Currency     string `gorm:"size:3;not null;default:''"`
	}
	type matchSkill struct {
		NameKey string `gorm:"primaryKey;size:100"`
		UserID  string `gorm:"primaryKey;size:36;index"`
		Name    string `gorm:"size:100;not null"`
		Proofs  int    `gorm:"not null"`
	}
	type matchCategory struct {
		Category string `gorm:"primaryKey;size:50"`
		UserID   string `gorm:"primaryKey;size:36;index"`
		Approved int    `gorm:"not null"`
	}
	tables := []any{&taskSkill{}, &matchPerson{}, &matchSkill{}, &matchCategory{}}
	return &gormigrate.Migration{
		ID: "0033_matching",
		Migrate: func(tx *gorm.DB) error {
			for _, col := range []string{"discoverable", "accepts_invitations"} {
				if err := tx.Exec("ALTER TABLE users ADD COLUMN " + col + " BOOLEAN NOT NULL DEFAULT true").Error; err != nil {
					return err
				}
			}
			if err := tx.Migrator().CreateTable(tables...); err != nil {
				return err
			}
			return backfillTaskSkills(tx)
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropTable(tables...); err != nil {
				return err
			}
			for _, col := range []string{"accepts_invitations", "discoverable"} {
				if err := tx.Migrator().DropColumn("users", col); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// backfillTaskSkills keys the skills of the tasks posted before task_skills existed.
func backfillTaskSkills(tx *gorm.DB) error {
	var rows []struct{ ID, Skills string }
	if err := tx.Table("tasks").Select("id, skills").Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		var skills []string
		_ = json.Unmarshal([]byte(r.Skills), &skills) // written only by toTaskRow: valid JSON
		if err := writeTaskSkills(tx, r.ID, skills); err != nil {
			return err
		}
	}
	return nil
}

// writeTaskSkills replaces the keys of a task's skills.
func writeTaskSkills(tx *gorm.DB, taskID string, skills []string) error {
	if err := tx.Exec("DELETE FROM task_skills WHERE task_id = ?", taskID).Error; err != nil {
		return err
	}
	seen := map[string]bool{}
	var rows []taskSkillRow
	for _, s := range skills {
		if k := strings.ToLower(s); k != "" && !seen[k] {
			seen[k] = true
			rows = append(rows, taskSkillRow{NameKey: k, TaskID: taskID})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	return tx.Create(&rows).Error
}

// taskSkillRow is a row of task_skills: one skill of a task, by its lower-cased name.
type taskSkillRow struct {
	NameKey string
	TaskID  string
}

func (taskSkillRow) TableName() string { return "task_skills" }
