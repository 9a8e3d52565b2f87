package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateCreatePayments adds what paid work needs (package payments, DESIGN §3b): a task's paid
// places (seats, the approvals that filled them) and its funding; a payment per approved
// submission of a paid task, with its steps; the ledger, one row an entry, never updated; and
// each startup's payment record, kept on its user row so that every list showing a startup shows
// it without a query of its own; and an email type for payments, hourly like the others until
// changed. Approvals made before it owe nothing: the marketplace did not
// record pay then, and a debt no one agreed to is not one to show.
func migrateCreatePayments() *gormigrate.Migration {
	type payment struct {
		ID           string    `gorm:"primaryKey;size:36"`
		TaskID       string    `gorm:"size:36;not null;index"`
		SubmissionID string    `gorm:"size:36;not null;uniqueIndex"`
		Revision     int       `gorm:"not null"`
		StudentID    string    `gorm:"size:36;not null;index:idx_payments_student,priority:1"`
		StartupID    string    `gorm:"size:36;not null;index:idx_payments_startup,priority:1"`
		Amount       int64     `gorm:"not null"`
		Currency     string    `gorm:"size:3;not null"`
		Status       string    `gorm:"size:20;not null"`
		Method       string    `gorm:"size:20;not null;default:''"`
		Reference    string    `gorm:"size:200;not null;default:''"`
		InDispute    bool      `gorm:"not null;default:false"`
		CreatedAt    time.Time `gorm:"not null;index:idx_payments_student,priority:2;index:idx_payments_startup,priority:2"`
		UpdatedAt    time.Time `gorm:"not null"`
		PaidAt       *time.Time
	}
	type paymentEvent struct {
		PaymentID string    `gorm:"primaryKey;size:36"`
		Seq       int       `gorm:"primaryKey;autoIncrement:false"`
		Status    string    `gorm:"size:20;not null"`
		Note      string    `gorm:"size:4000;not null;default:''"`
		ActorID   string    `gorm:"size:36;not null;default:''"`
		At        time.Time `gorm:"not null"`
	}
	type ledgerEntry struct {
		ID        string    `gorm:"primaryKey;size:36"`
		TxnID     string    `gorm:"size:36;not null;index"`
		Kind      string    `gorm:"size:20;not null"`
		Account   string    `gorm:"size:120;not null;index:idx_ledger_account,priority:1"`
		Currency  string    `gorm:"size:3;not null;index:idx_ledger_account,priority:2"`
		Amount    int64     `gorm:"not null"`
		TaskID    string    `gorm:"size:36;not null;default:'';index"`
		PaymentID string    `gorm:"size:36;not null;default:''"`
		CreatedAt time.Time `gorm:"not null"`
	}
	return &gormigrate.Migration{
		ID: "0025_payments",
		Migrate: func(tx *gorm.DB) error {
			for _, stmt := range []string{
				"ALTER TABLE tasks ADD COLUMN seats INTEGER NOT NULL DEFAULT 1",
				"ALTER TABLE tasks ADD COLUMN seats_filled INTEGER NOT NULL DEFAULT 0",
				"ALTER TABLE tasks ADD COLUMN funding_status VARCHAR(12) NOT NULL DEFAULT 'unfunded'",
				"ALTER TABLE tasks ADD COLUMN funding_amount BIGINT NOT NULL DEFAULT 0",
				"ALTER TABLE tasks ADD COLUMN funding_refunded BIGINT NOT NULL DEFAULT 0",
				"UPDATE tasks SET seats_filled = (SELECT COUNT(*) FROM submissions s WHERE s.task_id = tasks.id AND s.status = 'approved')",
				// A task already filled past its one place keeps the places it filled.
				"UPDATE tasks SET seats = seats_filled WHERE seats_filled > seats",
				"ALTER TABLE users ADD COLUMN pay_approved INTEGER NOT NULL DEFAULT 0",
				"ALTER TABLE users ADD COLUMN pay_paid INTEGER NOT NULL DEFAULT 0",
				"ALTER TABLE users ADD COLUMN pay_disputed INTEGER NOT NULL DEFAULT 0",
				"ALTER TABLE users ADD COLUMN pay_median_days REAL",
				"ALTER TABLE notification_settings ADD COLUMN payments VARCHAR(20) NOT NULL DEFAULT 'hourly'",
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return tx.Migrator().CreateTable(&payment{}, &paymentEvent{}, &ledgerEntry{})
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropTable("ledger_entries", "payment_events", "payments"); err != nil {
				return err
			}
			for _, c := range []string{"seats", "seats_filled", "funding_status", "funding_amount", "funding_refunded"} {
				if err := tx.Migrator().DropColumn("tasks", c); err != nil {
					return err
				}
			}
			if err := tx.Migrator().DropColumn("notification_settings", "payments"); err != nil {
				return err
			}
			for _, c := range []string{"pay_approved", "pay_paid", "pay_disputed", "pay_median_days"} {
				if err := tx.Migrator().DropColumn("users", c); err != nil {
					return err
				}
			}
			return nil
		},
	}
}
