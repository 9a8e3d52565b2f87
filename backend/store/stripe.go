package store

import (
	"context"
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

type payoutAccountColumn = column[payoutAccountRow]

// payoutAccountColumns are payoutAccountRow's columns.
var payoutAccountColumns = columnsOf(
	payoutAccountColumn{"payout_accounts.user_id", func(r *payoutAccountRow) any { return &r.UserID }},
	payoutAccountColumn{"payout_accounts.stripe_account_id", func(r *payoutAccountRow) any { return &r.StripeAccountID }},
	payoutAccountColumn{"payout_accounts.status", func(r *payoutAccountRow) any { return &r.Status }},
	payoutAccountColumn{"payout_accounts.event_created", func(r *payoutAccountRow) any { return &r.EventCreated }},
	payoutAccountColumn{"payout_accounts.created_at", func(r *payoutAccountRow) any { return &r.CreatedAt }},
	payoutAccountColumn{"payout_accounts.updated_at", func(r *payoutAccountRow) any { return &r.UpdatedAt }},
)

// payoutAccountsOf selects the payout accounts w names, with tail after.
func payoutAccountsOf(w where, tail string) stmt {
	return w.stmt("SELECT "+payoutAccountColumns.list+" FROM payout_accounts", nil, tail)
}

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

type taskFundingColumn = column[taskFundingRow]

// taskFundingColumns are taskFundingRow's columns.
var taskFundingColumns = columnsOf(
	taskFundingColumn{"task_fundings.id", func(r *taskFundingRow) any { return &r.ID }},
	taskFundingColumn{"task_fundings.task_id", func(r *taskFundingRow) any { return &r.TaskID }},
	taskFundingColumn{"task_fundings.session_id", func(r *taskFundingRow) any { return &r.SessionID }},
	taskFundingColumn{"task_fundings.amount", func(r *taskFundingRow) any { return &r.Amount }},
	taskFundingColumn{"task_fundings.currency", func(r *taskFundingRow) any { return &r.Currency }},
	taskFundingColumn{"task_fundings.status", func(r *taskFundingRow) any { return &r.Status }},
	taskFundingColumn{"task_fundings.payment_intent", func(r *taskFundingRow) any { return &r.PaymentIntent }},
	taskFundingColumn{"task_fundings.charge", func(r *taskFundingRow) any { return &r.Charge }},
	taskFundingColumn{"task_fundings.refunded", func(r *taskFundingRow) any { return &r.Refunded }},
	taskFundingColumn{"task_fundings.created_at", func(r *taskFundingRow) any { return &r.CreatedAt }},
	taskFundingColumn{"task_fundings.completed_at", func(r *taskFundingRow) any { return &r.CompletedAt }},
)

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

type moneyJobColumn = column[moneyJobRow]

// moneyJobColumns are moneyJobRow's columns.
var moneyJobColumns = columnsOf(
	moneyJobColumn{"money_jobs.id", func(r *moneyJobRow) any { return &r.ID }},
	moneyJobColumn{"money_jobs.kind", func(r *moneyJobRow) any { return &r.Kind }},
	moneyJobColumn{"money_jobs.payment_id", func(r *moneyJobRow) any { return &r.PaymentID }},
	moneyJobColumn{"money_jobs.task_id", func(r *moneyJobRow) any { return &r.TaskID }},
	moneyJobColumn{"money_jobs.funding_id", func(r *moneyJobRow) any { return &r.FundingID }},
	moneyJobColumn{"money_jobs.amount", func(r *moneyJobRow) any { return &r.Amount }},
	moneyJobColumn{"money_jobs.fee", func(r *moneyJobRow) any { return &r.Fee }},
	moneyJobColumn{"money_jobs.currency", func(r *moneyJobRow) any { return &r.Currency }},
	moneyJobColumn{"money_jobs.idempotency_key", func(r *moneyJobRow) any { return &r.IdempotencyKey }},
	moneyJobColumn{"money_jobs.attempts", func(r *moneyJobRow) any { return &r.Attempts }},
	moneyJobColumn{"money_jobs.next_attempt_at", func(r *moneyJobRow) any { return &r.NextAttemptAt }},
	moneyJobColumn{"money_jobs.locked_until", func(r *moneyJobRow) any { return &r.LockedUntil }},
	moneyJobColumn{"money_jobs.last_error", func(r *moneyJobRow) any { return &r.LastError }},
	moneyJobColumn{"money_jobs.result", func(r *moneyJobRow) any { return &r.Result }},
	moneyJobColumn{"money_jobs.done_at", func(r *moneyJobRow) any { return &r.DoneAt }},
	moneyJobColumn{"money_jobs.created_at", func(r *moneyJobRow) any { return &r.CreatedAt }},
)

type stripeEventRow struct {
	ID          string
	Type        string
	Created     int64
	ProcessedAt time.Time
}

func (stripeEventRow) TableName() string { return "stripe_events" }

const payoutAccountNotFound = "No payout account."

func (s Payments) PayoutAccount(ctx context.Context, userID string) (*payments.PayoutAccount, error) {
	return payoutAccountWhere(s.DB.WithContext(ctx), whereOf("payout_accounts.user_id = ?", userID), "")
}

// payoutAccountWhere reads the one payout account w selects, locking it with lock; apperr.NotFound
// when none.
func payoutAccountWhere(db *gorm.DB, w where, lock string) (*payments.PayoutAccount, error) {
	row, err := oneOf(db, payoutAccountsOf(w, limit(1)+lock), payoutAccountColumns, payoutAccountNotFound)
	if err != nil {
		return nil, err
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
	return payoutAccountWhere(t.db, whereOf("payout_accounts.stripe_account_id = ?", accountID), forUpdate(t.db))
}

func (t paymentsTx) SetPayouts(userID, status string, eventCreated int64) error {
	return t.db.Model(&payoutAccountRow{}).Where("user_id = ?", userID).
		Updates(map[string]any{"status": status, "event_created": eventCreated, "updated_at": time.Now().UTC()}).Error
}

func (t paymentsTx) AwaitingPayments(studentID string) ([]payments.Payment, error) {
	rows, err := rowsOf(t.db, whereOf("payments.student_id = ? AND payments.status = ?", studentID, payments.AwaitingStudent).
		stmt(paymentViewsFrom, nil, " ORDER BY payments.created_at, payments.id"), paymentViewColumns)
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

// Claim leases up to n due jobs until now+lease and counts the attempt. On PostgreSQL the
// due rows are locked with SKIP LOCKED while they are leased, so instances claiming at once take
// different jobs instead of waiting on each other; SQLite's one connection claims one at a time.
// A claimer that dies leaves its lease to expire, and the job is tried again.
func (s MoneyJobs) Claim(ctx context.Context, now time.Time, lease time.Duration, n int) ([]payments.Job, error) {
	now = now.UTC()
	var ids []string
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		lock := forUpdate(tx)
		if lock != "" {
			lock += " SKIP LOCKED"
		}
		id := value[string]("money_jobs.id")
		var err error
		ids, err = rowsOf(tx, whereOf("money_jobs.done_at IS NULL AND money_jobs.next_attempt_at <= ? AND "+
			"(money_jobs.locked_until IS NULL OR money_jobs.locked_until < ?)", now, now).
			stmt("SELECT "+id.list+" FROM money_jobs", nil, " ORDER BY money_jobs.next_attempt_at, money_jobs.id"+limit(n)+lock), id)
		if err != nil || len(ids) == 0 {
			return err
		}
		return tx.Model(&moneyJobRow{}).Where("id IN ?", ids).
			Updates(map[string]any{"locked_until": now.Add(lease), "attempts": gorm.Expr("attempts + 1")}).Error
	})
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	db := s.DB.WithContext(ctx)
	rows, err := rowsOf(db, whereOf(inList(db, "money_jobs.id", ids)).stmt("SELECT "+claimedColumns.list+" FROM money_jobs "+
		"JOIN tasks ON tasks.id = money_jobs.task_id "+
		"LEFT JOIN task_fundings f ON f.id = money_jobs.funding_id "+
		"LEFT JOIN payments p ON p.id = money_jobs.payment_id "+
		"LEFT JOIN payout_accounts pa ON pa.user_id = p.student_id", nil,
		" ORDER BY money_jobs.next_attempt_at, money_jobs.id"), claimedColumns)
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

// claimedRow is a claimed job with what its worker needs beside it: the student's connected
// account, the funding's payment intent and charge, and the task's startup and title.
type claimedRow struct {
	Job                                moneyJobRow
	Destination, PaymentIntent, Charge string
	StartupID, TaskTitle               string
}

type claimedColumn = column[claimedRow]

// claimedColumns are claimedRow's columns; a job's funding, payment and account may be missing
// (the LEFT JOINs of Claim), and COALESCE lets theirs scan into strings.
var claimedColumns = columnsOf(append(within(moneyJobColumns, func(r *claimedRow) *moneyJobRow { return &r.Job }),
	claimedColumn{"COALESCE(pa.stripe_account_id, '')", func(r *claimedRow) any { return &r.Destination }},
	claimedColumn{"COALESCE(f.payment_intent, '')", func(r *claimedRow) any { return &r.PaymentIntent }},
	claimedColumn{"COALESCE(f.charge, '')", func(r *claimedRow) any { return &r.Charge }},
	claimedColumn{"tasks.startup_id", func(r *claimedRow) any { return &r.StartupID }},
	claimedColumn{"tasks.title", func(r *claimedRow) any { return &r.TaskTitle }})...)

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
		job, found, err := firstOf(tx, whereOf("money_jobs.id = ?", r.JobID).
			stmt("SELECT "+moneyJobColumns.list+" FROM money_jobs", nil, limit(1)+forUpdate(tx)), moneyJobColumns)
		if err != nil {
			return err
		}
		if !found {
			return gorm.ErrRecordNotFound // as it always was: the worker only books the jobs it claimed
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
	type spentRow struct {
		Funding taskFundingRow
		Spent   int64
	}
	cols := columnsOf(append(within(taskFundingColumns, func(r *spentRow) *taskFundingRow { return &r.Funding }),
		column[spentRow]{"COALESCE((SELECT SUM(p.amount) FROM payments p WHERE p.funding_id = task_fundings.id), 0)",
			func(r *spentRow) any { return &r.Spent }})...)
	rows, err := rowsOf(t.db, whereOf("task_fundings.task_id = ?", taskID).
		stmt("SELECT "+cols.list+" FROM task_fundings", nil, " ORDER BY task_fundings.created_at, task_fundings.id"), cols)
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
	rows, err := rowsOf(t.db, payoutAccountsOf(whereOf("payout_accounts.user_id = ?", studentID), forUpdate(t.db)), payoutAccountColumns)
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
	row, found, err := firstOf(t.db, whereOf("task_fundings.session_id = ?", f.SessionID).
		stmt("SELECT "+taskFundingColumns.list+" FROM task_fundings", nil, limit(1)+forUpdate(t.db)), taskFundingColumns)
	switch {
	case err != nil:
		return false, err
	case found && row.Status == payments.FundingPaid:
		return false, nil
	case found:
		row.Status, row.Amount, row.Currency, row.PaymentIntent, row.CompletedAt = payments.FundingPaid, int64(f.Amount), f.Currency, f.PaymentIntent, &at
		if err := t.db.Save(&row).Error; err != nil {
			return false, err
		}
	default:
		row = taskFundingRow{ID: NewID(), TaskID: f.TaskID, SessionID: f.SessionID, Amount: int64(f.Amount), Currency: f.Currency,
			Status: payments.FundingPaid, PaymentIntent: f.PaymentIntent, CreatedAt: at.UTC(), CompletedAt: &at}
		if err := t.db.Create(&row).Error; err != nil {
			return false, err
		}
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

type reviewDueColumn = column[tasks.ReviewDue]

// reviewDueColumns are a tasks.ReviewDue's columns, of tasks joined to their submissions s.
var reviewDueColumns = columnsOf(
	reviewDueColumn{"tasks.id", func(r *tasks.ReviewDue) any { return &r.TaskID }},
	reviewDueColumn{"tasks.title", func(r *tasks.ReviewDue) any { return &r.TaskTitle }},
	reviewDueColumn{"tasks.startup_id", func(r *tasks.ReviewDue) any { return &r.StartupID }},
	reviewDueColumn{"s.student_id", func(r *tasks.ReviewDue) any { return &r.StudentID }},
	reviewDueColumn{"s.id", func(r *tasks.ReviewDue) any { return &r.SubmissionID }},
	reviewDueColumn{"s.revision", func(r *tasks.ReviewDue) any { return &r.Revision }},
	reviewDueColumn{"s.submitted_at", func(r *tasks.ReviewDue) any { return &r.SubmittedAt }},
	reviewDueColumn{"s.release_warned", func(r *tasks.ReviewDue) any { return &r.Warned }},
)

// ReviewsDue reads the work waiting for a decision on funded tasks assigned to one student, sent
// at or before submittedBy.
func (s Tasks) ReviewsDue(ctx context.Context, submittedBy time.Time) ([]tasks.ReviewDue, error) {
	rows, err := rowsOf(s.DB.WithContext(ctx),
		// The funded status is written out, as the partial index idx_tasks_funded names it.
		whereOf("tasks.funding_status = '"+tasks.Funded+"' AND tasks.assigned_student_id <> '' AND tasks.status <> ? AND s.status IN (?, ?) AND s.submitted_at <= ?",
			tasks.StatusCompleted, tasks.Pending, tasks.UnderReview, submittedBy.UTC()).
			stmt("SELECT "+reviewDueColumns.list+" FROM tasks JOIN submissions s ON s.task_id = tasks.id AND s.student_id = tasks.assigned_student_id",
				nil, " ORDER BY s.submitted_at, s.id"), reviewDueColumns)
	for i := range rows {
		rows[i].SubmittedAt = rows[i].SubmittedAt.UTC()
	}
	return rows, err
}
