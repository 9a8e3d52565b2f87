package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateStripe adds what funds held through Stripe need (package payments, DESIGN §3b): each
// student's connected Express account and its payout status; each Checkout a startup paid into a
// task, with the payment intent and charge its transfers and refunds name; the money jobs, an
// outbox of transfers and refunds that commit with the change that owes them; the Stripe events
// already processed, so a replayed one changes nothing; on a payment, the funding it is paid
// from; on a submission, the revision whose automatic approval its two sides were warned of.
func migrateStripe() *gormigrate.Migration {
	type payoutAccount struct {
		UserID          string    `gorm:"primaryKey;size:36"`
		StripeAccountID string    `gorm:"size:255;not null;uniqueIndex"`
		Status          string    `gorm:"size:12;not null"`
		EventCreated    int64     `gorm:"not null;default:0"`
		CreatedAt       time.Time `gorm:"not null"`
		UpdatedAt       time.Time `gorm:"not null"`
	}
	type taskFunding struct {
		ID            string    `gorm:"primaryKey;size:36"`
		TaskID        string    `gorm:"size:36;not null;index"`
		SessionID     string    `gorm:"size:255;not null;uniqueIndex"`
		Amount        int64     `gorm:"not null"`
		Currency      string    `gorm:"size:3;not null"`
		Status        string    `gorm:"size:12;not null"`
		PaymentIntent string    `gorm:"size:255;not null;default:''"`
		Charge        string    `gorm:"size:255;not null;default:''"`
		Refunded      int64     `gorm:"not null;default:0"`
		CreatedAt     time.Time `gorm:"not null"`
		CompletedAt   *time.Time
	}
	type moneyJob struct {
		ID             string    `gorm:"primaryKey;size:36"`
		Kind           string    `gorm:"size:12;not null"`
		PaymentID      string    `gorm:"size:36;not null;default:'';index"`
		TaskID         string    `gorm:"size:36;not null;index"`
		FundingID      string    `gorm:"size:36;not null"`
		Amount         int64     `gorm:"not null"`
		Fee            int64     `gorm:"not null;default:0"`
		Currency       string    `gorm:"size:3;not null"`
		IdempotencyKey string    `gorm:"size:255;not null;uniqueIndex"`
		Attempts       int       `gorm:"not null;default:0"`
		NextAttemptAt  time.Time `gorm:"not null"`
		LockedUntil    *time.Time
		LastError      string `gorm:"size:500;not null;default:''"`
		Result         string `gorm:"size:255;not null;default:''"`
		DoneAt         *time.Time
		CreatedAt      time.Time `gorm:"not null"`
	}
	type stripeEvent struct {
		ID          string    `gorm:"primaryKey;size:255"`
		Type        string    `gorm:"size:100;not null"`
		Created     int64     `gorm:"not null"`
		ProcessedAt time.Time `gorm:"not null"`
	}
	return &gormigrate.Migration{
		ID: "0026_stripe",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&payoutAccount{}, &taskFunding{}, &moneyJob{}, &stripeEvent{}); err != nil {
				return err
			}
			for _, stmt := range []string{
				"ALTER TABLE payments ADD COLUMN funding_id VARCHAR(36) NOT NULL DEFAULT ''",
				"ALTER TABLE submissions ADD COLUMN release_warned INTEGER NOT NULL DEFAULT 0",
				// The worker's claim reads the jobs not yet done by when they are due.
				"CREATE INDEX idx_money_jobs_due ON money_jobs (next_attempt_at) WHERE done_at IS NULL",
				// The automatic approvals read the funded tasks only.
				"CREATE INDEX idx_tasks_funded ON tasks (id) WHERE funding_status = 'funded'",
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropTable("stripe_events", "money_jobs", "task_fundings", "payout_accounts"); err != nil {
				return err
			}
			if err := tx.Exec("DROP INDEX idx_tasks_funded").Error; err != nil {
				return err
			}
			if err := tx.Migrator().DropColumn("payments", "funding_id"); err != nil {
				return err
			}
			return tx.Migrator().DropColumn("submissions", "release_warned")
		},
	}
}
