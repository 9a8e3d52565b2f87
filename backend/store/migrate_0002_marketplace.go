package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateMarketplace creates tasks, submissions, certificates and notifications with an index
// for every list query. The structs are snapshots of the schema at this version.
func migrateMarketplace() *gormigrate.Migration {
	type task struct {
		ID        string `gorm:"primaryKey;size:36"`
		StartupID string `gorm:"size:36;not null;index:idx_tasks_startup_created,priority:1;index:idx_tasks_startup_status,priority:1"`
		Title     string `gorm:"size:200;not null;index:idx_tasks_listed_title,priority:2"`
		// Description, category and skills are also folded, lower-cased, into SearchText, which
		// the task search matches.
		Description       string    `gorm:"type:text;not null"`
		Category          string    `gorm:"size:50;not null;index:idx_tasks_listed_category,priority:2"`
		WorkType          string    `gorm:"size:20;not null"`
		Skills            string    `gorm:"type:text;not null"`
		SearchText        string    `gorm:"type:text;not null"`
		Difficulty        string    `gorm:"size:20;not null;default:''"`
		EstimatedHours    float64   `gorm:"not null"`
		BudgetMin         float64   `gorm:"not null;default:0"`
		BudgetMax         float64   `gorm:"not null;default:0"`
		Deadline          time.Time `gorm:"not null;index:idx_tasks_listed_deadline,priority:2;index:idx_tasks_listed_category,priority:3"`
		Priority          string    `gorm:"size:10;not null"`
		ImageURL          string    `gorm:"size:100;not null;default:''"`
		Attachments       string    `gorm:"type:text;not null"`
		AssignedStudentID string    `gorm:"size:36;not null;default:'';index:idx_tasks_assigned_status,priority:1"`
		Status            string    `gorm:"size:20;not null;index:idx_tasks_startup_status,priority:2;index:idx_tasks_assigned_status,priority:2"`
		// Listed marks the open market (not completed, not assigned): the /tasks lists scan only
		// these rows, in index order.
		Listed      bool       `gorm:"not null;index:idx_tasks_listed_deadline,priority:1;index:idx_tasks_listed_title,priority:1;index:idx_tasks_listed_category,priority:1;index:idx_tasks_listed_created,priority:1"`
		CompletedAt *time.Time `gorm:""`
		CreatedAt   time.Time  `gorm:"not null;index:idx_tasks_startup_created,priority:2;index:idx_tasks_listed_created,priority:2"`
		UpdatedAt   time.Time  `gorm:"not null"`
	}
	type submission struct {
		ID          string     `gorm:"primaryKey;size:36"`
		TaskID      string     `gorm:"size:36;not null;uniqueIndex:idx_submissions_task_student,priority:1"`
		StudentID   string     `gorm:"size:36;not null;uniqueIndex:idx_submissions_task_student,priority:2;index:idx_submissions_student,priority:1"`
		StartupID   string     `gorm:"size:36;not null;index:idx_submissions_startup_submitted,priority:1;index:idx_submissions_startup_status,priority:1"`
		Link        string     `gorm:"size:2000;not null"`
		Status      string     `gorm:"size:20;not null;index:idx_submissions_student,priority:2;index:idx_submissions_startup_status,priority:2"`
		ReviewNotes string     `gorm:"type:text;not null;default:''"`
		SubmittedAt time.Time  `gorm:"not null;index:idx_submissions_startup_submitted,priority:2;index:idx_submissions_startup_status,priority:3"`
		UpdatedAt   time.Time  `gorm:"not null"`
		ReviewedAt  *time.Time `gorm:""`
	}
	type certificate struct {
		ID             string    `gorm:"primaryKey;size:36"`
		Number         string    `gorm:"size:40;not null;uniqueIndex"`
		TaskID         string    `gorm:"size:36;not null;uniqueIndex:idx_certificates_task_student,priority:1"`
		StudentID      string    `gorm:"size:36;not null;uniqueIndex:idx_certificates_task_student,priority:2;index:idx_certificates_student_issued,priority:1"`
		StartupID      string    `gorm:"size:36;not null;index"`
		StudentName    string    `gorm:"size:300;not null"`
		StartupName    string    `gorm:"size:300;not null"`
		Title          string    `gorm:"size:200;not null"`
		TaskTitle      string    `gorm:"size:200;not null"`
		TaskCategory   string    `gorm:"size:50;not null"`
		Skills         string    `gorm:"type:text;not null"`
		IssuedAt       time.Time `gorm:"not null;index:idx_certificates_student_issued,priority:2"`
		CompletionDate time.Time `gorm:"not null"`
	}
	type notification struct {
		ID        string    `gorm:"primaryKey;size:36;index:idx_notifications_user_read,priority:3;index:idx_notifications_user,priority:2"`
		UserID    string    `gorm:"size:36;not null;index:idx_notifications_user_read,priority:1;index:idx_notifications_user,priority:1"`
		Message   string    `gorm:"size:1000;not null"`
		Link      string    `gorm:"size:300;not null;default:''"`
		IsRead    bool      `gorm:"not null;default:false;index:idx_notifications_user_read,priority:2"`
		CreatedAt time.Time `gorm:"not null"`
	}
	tables := []any{&task{}, &submission{}, &certificate{}, &notification{}}
	return &gormigrate.Migration{
		ID: "0002_marketplace",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(tables...)
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable(tables...)
		},
	}
}
