package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"bridgework/backend/audit"
	"bridgework/backend/money"
	"bridgework/backend/payments"
	"bridgework/backend/tasks"
)

// Funds held through Stripe: students' connected accounts, tasks' fundings, the money jobs and
// the Stripe events already processed (migration 0026).

type payoutAccountRow struct {
	UserID          string `gorm:"primaryKey"`
	StripeAccountID string
	Status          string
	EventCreated    int64
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (payoutAccountRow) TableName() string { return "payout_accounts" }

func (r payoutAccountRow) toDomain() *payments.PayoutAccount {
	return &payments.PayoutAccount{UserID: r.UserID, AccountID: r.StripeAccountID, Status: r.Status, EventCreated: r.EventCreated}
}

type taskFundingRow struct {
	ID            string
	TaskID        string
	SessionID     string
	Amount        int64
	Currency      string
	Status        string
	PaymentIntent string
	Charge        string
	Refunded      int64
	CreatedAt     time.Time
	CompletedAt   *time.Time
}

func (taskFundingRow) TableName() string { return "task_fundings" }

type moneyJobRow struct {
	ID             string
	Kind           string
	PaymentID      string
	TaskID         string
	FundingID      string
	Amount         int64
	Fee            int64
	Currency       string
	IdempotencyKey string
	Attempts       int
	NextAttemptAt  time.Time
	LockedUntil    *time.Time
	LastError      string
	Result         string
	DoneAt         *time.Time
	CreatedAt      time.Time
}

func (moneyJobRow) TableName() string { return "money_jobs" }

type stripeEventRow struct {
	ID          string
	Type        string
	Created     int64
	ProcessedAt time.Time
}

func (stripeEventRow) TableName() string { return "stripe_events" }

const payoutAccountNotFound = "No payout account."

func (s Payments) PayoutAccount(ctx context.Context, userID string) (*payments.PayoutAccount, error) {
	var row payoutAccountRow
	if err := s.DB.WithContext(ctx).Take(&row, "user_id = ?", userID).Error; err != nil {
		return nil, translate(err, payoutAccountNotFound)
	}
	return row.toDomain(), nil
}

// AddPayoutAccount inserts a student's connected account unless they have one, and returns the
// one they have.
func (s Payments) AddPayoutAccount(ctx context.Context, a payments.PayoutAccount, now time.Time) (*payments.PayoutAccount, error) {
	db := s.DB.WithContext(ctx)
	row := payoutAccountRow{UserID: a.UserID, StripeAccountID: a.AccountID, Status: a.Status, CreatedAt: now.UTC(), UpdatedAt: now.UTC()}
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error; err != nil {
		return nil, err
	}
	return s.PayoutAccount(ctx, a.UserID)
}

// InTx runs fn in one transaction on one connection; fn must use only the Tx it is given.
func (s Payments) InTx(ctx context.Context, fn func(tx payments.Tx) error) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return fn(paymentsTx{db: tx, auditKey: s.AuditKey}) })
}

// paymentsTx is a webhook's work inside one transaction.
type paymentsTx struct {
	db       *gorm.DB
	auditKey audit.Key
}

func (t paymentsTx) RecordEvent(ev payments.StripeEvent) (bool, error) { return recordEvent(t.db, ev) }

// recordEvent notes a Stripe event as processed; false when it already was.
func recordEvent(tx *gorm.DB, ev payments.StripeEvent) (bool, error) {
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&stripeEventRow{ID: ev.ID, Type: ev.Type, Created: ev.Created, ProcessedAt: time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

func (t paymentsTx) PayoutAccountOf(accountID string) (*payments.PayoutAccount, error) {
	var row payoutAccountRow
	if err := lockRow(t.db).Take(&row, "stripe_account_id = ?", accountID).Error; err != nil {
		return nil, translate(err, payoutAccountNotFound)
	}
	return row.toDomain(), nil
}

func (t paymentsTx) SetPayouts(userID, status string, eventCreated int64) error {
	return t.db.Model(&payoutAccountRow{}).Where("user_id = ?", userID).
		Updates(map[string]any{"status": status, "event_created": eventCreated, "updated_at": time.Now().UTC()}).Error
}

func (t paymentsTx) AwaitingPayments(studentID string) ([]payments.Payment, error) {
	var rows []paymentView
	err := Payments{DB: t.db}.views(context.Background()).
		Where("payments.student_id = ? AND payments.status = ?", studentID, payments.AwaitingStudent).
		Order("payments.created_at, payments.id").Find(&rows).Error
	out := make([]payments.Payment, len(rows))
	for i, r := range rows {
		out[i] = r.toDomain()
	}
	return out, err
}

func (t paymentsTx) Apply(c payments.Change) (bool, error) { return applyChange(t.db, t.auditKey, c) }

func (t paymentsTx) Enqueue(j payments.Job) error { return enqueueMoneyJob(t.db, j) }

// enqueueMoneyJob writes a money job due now. A second job with the same idempotency key is one
// the first already stands for, and is not written.
func enqueueMoneyJob(tx *gorm.DB, j payments.Job) error {
	now := time.Now().UTC()
	row := moneyJobRow{ID: NewID(), Kind: j.Kind, PaymentID: j.PaymentID, TaskID: j.TaskID, FundingID: j.FundingID,
		Amount: int64(j.Amount), Fee: int64(j.Fee), Currency: j.Currency, IdempotencyKey: j.IdempotencyKey,
		NextAttemptAt: now, CreatedAt: now}
	return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error
}

// MoneyJobs is the money jobs' table (payments.JobQueue).
type MoneyJobs struct {
	DB       *gorm.DB
	AuditKey audit.Key
}

// Claim leases up to limit due jobs until now+lease and counts the attempt. On PostgreSQL the
// due rows are locked with SKIP LOCKED while they are leased, so instances claiming at once take
// different jobs instead of waiting on each other; SQLite's one connection claims one at a time.
// A claimer that dies leaves its lease to expire, and the job is tried again.
func (s MoneyJobs) Claim(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]payments.Job, error) {
	now = now.UTC()
	var ids []string
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := tx.Model(&moneyJobRow{}).
			Where("done_at IS NULL AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until < ?)", now, now).
			Order("next_attempt_at, id").Limit(limit)
		if IsPostgres(tx) {
			q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
		}
		if err := q.Pluck("id", &ids).Error; err != nil || len(ids) == 0 {
			return err
		}
		return tx.Model(&moneyJobRow{}).Where("id IN ?", ids).
			Updates(map[string]any{"locked_until": now.Add(lease), "attempts": gorm.Expr("attempts + 1")}).Error
	})
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	var rows []struct {
		Job           moneyJobRow `gorm:"embedded"`
		Destination   string
		PaymentIntent string
		Charge        string
		StartupID     string
		TaskTitle     string
	}
	err = s.DB.WithContext(ctx).Table("money_jobs").
		Select("money_jobs.*, COALESCE(pa.stripe_account_id, '') AS destination, COALESCE(f.payment_intent, '') AS payment_intent, "+
			"COALESCE(f.charge, '') AS charge, tasks.startup_id, tasks.title AS task_title").
		Joins("JOIN tasks ON tasks.id = money_jobs.task_id").
		Joins("LEFT JOIN task_fundings f ON f.id = money_jobs.funding_id").
		Joins("LEFT JOIN payments p ON p.id = money_jobs.payment_id").
		Joins("LEFT JOIN payout_accounts pa ON pa.user_id = p.student_id").
		Where("money_jobs.id IN ?", ids).Order("money_jobs.next_attempt_at, money_jobs.id").Scan(&rows).Error
	out := make([]payments.Job, len(rows))
	for i, r := range rows {
		j := r.Job
		out[i] = payments.Job{ID: j.ID, Kind: j.Kind, PaymentID: j.PaymentID, TaskID: j.TaskID, FundingID: j.FundingID,
			Amount: money.Amount(j.Amount), Fee: money.Amount(j.Fee), Currency: j.Currency, IdempotencyKey: j.IdempotencyKey,
			Attempts: j.Attempts, Destination: r.Destination, PaymentIntent: r.PaymentIntent, Charge: r.Charge,
			StartupID: r.StartupID, TaskTitle: r.TaskTitle}
	}
	return out, err
}

func (s MoneyJobs) SetCharge(ctx context.Context, fundingID, charge string) error {
	return s.DB.WithContext(ctx).Model(&taskFundingRow{}).Where("id = ?", fundingID).Update("charge", charge).Error
}

// done marks a job done with the id of what Stripe made.
func jobDone(tx *gorm.DB, jobID, result string) error {
	return tx.Model(&moneyJobRow{}).Where("id = ?", jobID).
		Updates(map[string]any{"done_at": time.Now().UTC(), "locked_until": nil, "last_error": "", "result": result}).Error
}

func (s MoneyJobs) Transferred(ctx context.Context, jobID string, c payments.Change) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Not applied, the payment was transferred already: the job is done all the same.
		if _, err := applyChange(tx, s.AuditKey, c); err != nil {
			return err
		}
		return jobDone(tx, jobID, c.Reference)
	})
}

// Refunded books a refund: the posting, the funding's and the task's refunded amounts, the task's
// funding refunded, the startup's notification and the trail's entry, and the job done.
func (s MoneyJobs) Refunded(ctx context.Context, r payments.Refund) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var job moneyJobRow
		if err := lockRow(tx).Take(&job, "id = ?", r.JobID).Error; err != nil {
			return err
		}
		if job.DoneAt != nil {
			return nil
		}
		if err := post(tx, r.Posting, r.At); err != nil {
			return err
		}
		// The task's row before its funding's, the order a paid Checkout locks them in.
		if err := tx.Model(&taskRow{}).Where("id = ?", job.TaskID).Updates(map[string]any{
			"funding_refunded": gorm.Expr("funding_refunded + ?", job.Amount), "funding_status": tasks.Refunded,
			"updated_at": time.Now().UTC(),
		}).Error; err != nil {
			return err
		}
		if err := tx.Model(&taskFundingRow{}).Where("id = ?", r.FundingID).
			Update("refunded", gorm.Expr("refunded + ?", job.Amount)).Error; err != nil {
			return err
		}
		if err := createNotification(tx, &r.Notification); err != nil {
			return err
		}
		if err := appendAudit(tx, s.AuditKey, &r.Audit); err != nil {
			return err
		}
		return jobDone(tx, r.JobID, r.RefundID)
	})
}

func (s MoneyJobs) Retry(ctx context.Context, jobID string, next *time.Time, lastError string, failed *payments.Change) (bool, error) {
	moved := false
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if failed != nil {
			var err error
			if moved, err = applyChange(tx, s.AuditKey, *failed); err != nil {
				return err
			}
		}
		updates := map[string]any{"locked_until": nil, "last_error": truncate(lastError, 500)}
		if next == nil {
			updates["done_at"] = time.Now().UTC()
		} else {
			updates["next_attempt_at"] = next.UTC()
		}
		return tx.Model(&moneyJobRow{}).Where("id = ?", jobID).Updates(updates).Error
	})
	return moved, err
}

// Release hands a job back, due at once; the attempt the shutdown cut short is not counted.
func (s MoneyJobs) Release(ctx context.Context, jobID string) error {
	return s.DB.WithContext(ctx).Model(&moneyJobRow{}).Where("id = ? AND done_at IS NULL", jobID).
		Updates(map[string]any{"locked_until": nil, "attempts": gorm.Expr("attempts - 1")}).Error
}

// The marketplace's side of the escrow, inside an approval's or a webhook's transaction.

func (t taskTx) Fundings(taskID string) ([]payments.Funding, error) {
	var rows []struct {
		Funding taskFundingRow `gorm:"embedded"`
		Spent   int64
	}
	err := t.db.Table("task_fundings f").
		Select("f.*, COALESCE((SELECT SUM(p.amount) FROM payments p WHERE p.funding_id = f.id), 0) AS spent").
		Where("f.task_id = ?", taskID).Order("f.created_at, f.id").Scan(&rows).Error
	out := make([]payments.Funding, len(rows))
	for i, r := range rows {
		f := r.Funding
		out[i] = payments.Funding{ID: f.ID, TaskID: f.TaskID, SessionID: f.SessionID, Amount: money.Amount(f.Amount),
			Currency: f.Currency, Status: f.Status, PaymentIntent: f.PaymentIntent, Charge: f.Charge,
			Spent: money.Amount(r.Spent), Refunded: money.Amount(f.Refunded)}
	}
	return out, err
}

// PayoutsEnabled locks the student's connected account, if any, until the approval commits: an
// account.updated enabling payouts meanwhile then sees the approval's payment awaiting them.
func (t taskTx) PayoutsEnabled(studentID string) (bool, error) {
	var rows []payoutAccountRow
	err := lockRow(t.db).Where("user_id = ?", studentID).Find(&rows).Error
	return len(rows) == 1 && rows[0].Status == payments.PayoutsEnabled, err
}

func (t taskTx) EnqueueMoneyJob(j payments.Job) error { return enqueueMoneyJob(t.db, j) }

func (t taskTx) RecordStripeEvent(ev payments.StripeEvent) (bool, error) {
	return recordEvent(t.db, ev)
}

func (t taskTx) Post(p payments.Posting) error { return post(t.db, p, time.Now().UTC()) }

// PayFunding completes the funding of a paid Checkout Session (or writes it completed, when this
// server never saw it open), adds its amount to the task's and marks the task funded.
func (t taskTx) PayFunding(f *payments.Funding, at time.Time) (bool, error) {
	var row taskFundingRow
	err := lockRow(t.db).Take(&row, "session_id = ?", f.SessionID).Error
	switch {
	case err == nil && row.Status == payments.FundingPaid:
		return false, nil
	case err == nil:
		row.Status, row.Amount, row.Currency, row.PaymentIntent, row.CompletedAt = payments.FundingPaid, int64(f.Amount), f.Currency, f.PaymentIntent, &at
		if err := t.db.Save(&row).Error; err != nil {
			return false, err
		}
	case errors.Is(err, gorm.ErrRecordNotFound):
		row = taskFundingRow{ID: NewID(), TaskID: f.TaskID, SessionID: f.SessionID, Amount: int64(f.Amount), Currency: f.Currency,
			Status: payments.FundingPaid, PaymentIntent: f.PaymentIntent, CreatedAt: at.UTC(), CompletedAt: &at}
		if err := t.db.Create(&row).Error; err != nil {
			return false, err
		}
	default:
		return false, err
	}
	f.ID, f.Status = row.ID, payments.FundingPaid
	return true, t.db.Model(&taskRow{}).Where("id = ?", f.TaskID).Updates(map[string]any{
		"funding_amount": gorm.Expr("funding_amount + ?", int64(f.Amount)), "funding_status": tasks.Funded,
		"updated_at": time.Now().UTC(),
	}).Error
}

func (t taskTx) WarnRelease(submissionID string, revision int) (bool, error) {
	res := t.db.Model(&submissionRow{}).Where("id = ? AND revision = ? AND release_warned < ?", submissionID, revision, revision).
		Update("release_warned", revision)
	return res.RowsAffected == 1, res.Error
}

// OpenFunding keeps the Checkout Session a startup opened for a task; an unfunded task's funding
// is pending from then until it is paid.
func (s Tasks) OpenFunding(ctx context.Context, f *payments.Funding) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		f.ID = NewID()
		row := taskFundingRow{ID: f.ID, TaskID: f.TaskID, SessionID: f.SessionID, Amount: int64(f.Amount), Currency: f.Currency,
			Status: payments.FundingOpen, CreatedAt: time.Now().UTC()}
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return tx.Model(&taskRow{}).Where("id = ? AND funding_status = ?", f.TaskID, tasks.Unfunded).
			Updates(map[string]any{"funding_status": tasks.FundingPending, "updated_at": time.Now().UTC()}).Error
	})
}

// ReviewsDue reads the work waiting for a decision on funded tasks assigned to one student, sent
// at or before submittedBy.
func (s Tasks) ReviewsDue(ctx context.Context, submittedBy time.Time) ([]tasks.ReviewDue, error) {
	var rows []tasks.ReviewDue
	err := s.DB.WithContext(ctx).Table("tasks").
		Select("tasks.id AS task_id, tasks.title AS task_title, tasks.startup_id, s.student_id, s.id AS submission_id, "+
			"s.revision, s.submitted_at, s.release_warned AS warned").
		Joins("JOIN submissions s ON s.task_id = tasks.id AND s.student_id = tasks.assigned_student_id").
		// The funded status is written out, as the partial index idx_tasks_funded names it.
		Where("tasks.funding_status = '"+tasks.Funded+"' AND tasks.assigned_student_id <> '' AND tasks.status <> ? AND s.status IN ? AND s.submitted_at <= ?",
			tasks.StatusCompleted, []string{tasks.Pending, tasks.UnderReview}, submittedBy.UTC()).
		Order("s.submitted_at, s.id").Scan(&rows).Error
	for i := range rows {
		rows[i].SubmittedAt = rows[i].SubmittedAt.UTC()
	}
	return rows, err
}
