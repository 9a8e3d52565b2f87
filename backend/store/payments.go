package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/money"
	"bridgework/backend/payments"
)

// paymentRow is a row of payments.
type paymentRow struct {
	ID           string
	TaskID       string
	SubmissionID string
	Revision     int
	StudentID    string
	StartupID    string
	Amount       int64
	Currency     string
	Status       string
	Method       string
	Reference    string
	FundingID    string
	InDispute    bool
	CreatedAt    time.Time
	UpdatedAt    time.Time
	PaidAt       *time.Time
}

func (paymentRow) TableName() string { return "payments" }

type paymentColumn = column[paymentRow]

// paymentColumns are paymentRow's columns.
var paymentColumns = columnsOf(
	paymentColumn{"payments.id", func(r *paymentRow) any { return &r.ID }},
	paymentColumn{"payments.task_id", func(r *paymentRow) any { return &r.TaskID }},
	paymentColumn{"payments.submission_id", func(r *paymentRow) any { return &r.SubmissionID }},
	paymentColumn{"payments.revision", func(r *paymentRow) any { return &r.Revision }},
	paymentColumn{"payments.student_id", func(r *paymentRow) any { return &r.StudentID }},
	paymentColumn{"payments.startup_id", func(r *paymentRow) any { return &r.StartupID }},
	paymentColumn{"payments.amount", func(r *paymentRow) any { return &r.Amount }},
	paymentColumn{"payments.currency", func(r *paymentRow) any { return &r.Currency }},
	paymentColumn{"payments.status", func(r *paymentRow) any { return &r.Status }},
	paymentColumn{"payments.method", func(r *paymentRow) any { return &r.Method }},
	paymentColumn{"payments.reference", func(r *paymentRow) any { return &r.Reference }},
	paymentColumn{"payments.funding_id", func(r *paymentRow) any { return &r.FundingID }},
	paymentColumn{"payments.in_dispute", func(r *paymentRow) any { return &r.InDispute }},
	paymentColumn{"payments.created_at", func(r *paymentRow) any { return &r.CreatedAt }},
	paymentColumn{"payments.updated_at", func(r *paymentRow) any { return &r.UpdatedAt }},
	paymentColumn{"payments.paid_at", func(r *paymentRow) any { return &r.PaidAt }},
)

type paymentEventRow struct {
	PaymentID string `gorm:"primaryKey"`
	Seq       int    `gorm:"primaryKey;autoIncrement:false"`
	Status    string
	Note      string
	ActorID   string
	At        time.Time
}

func (paymentEventRow) TableName() string { return "payment_events" }

type paymentEventColumn = column[paymentEventRow]

// paymentEventColumns are paymentEventRow's columns.
var paymentEventColumns = columnsOf(
	paymentEventColumn{"payment_events.payment_id", func(r *paymentEventRow) any { return &r.PaymentID }},
	paymentEventColumn{"payment_events.seq", func(r *paymentEventRow) any { return &r.Seq }},
	paymentEventColumn{"payment_events.status", func(r *paymentEventRow) any { return &r.Status }},
	paymentEventColumn{"payment_events.note", func(r *paymentEventRow) any { return &r.Note }},
	paymentEventColumn{"payment_events.actor_id", func(r *paymentEventRow) any { return &r.ActorID }},
	paymentEventColumn{"payment_events.at", func(r *paymentEventRow) any { return &r.At }},
)

func (r paymentEventRow) toDomain() payments.Event {
	return payments.Event{Status: r.Status, At: r.At.UTC(), Note: r.Note, ActorID: r.ActorID}
}

// paymentEventsOf selects w's payment events, in the order tail gives.
func paymentEventsOf(w where, tail string) stmt {
	return w.stmt("SELECT "+paymentEventColumns.list+" FROM payment_events", nil, tail)
}

type ledgerEntryRow struct {
	ID        string
	TxnID     string
	Kind      string
	Account   string
	Currency  string
	Amount    int64
	TaskID    string
	PaymentID string
	CreatedAt time.Time
}

func (ledgerEntryRow) TableName() string { return "ledger_entries" }

const paymentNotFound = "Payment not found."

// Payments is the payments store: payments with their steps, the ledger, and each startup's
// payment record, which every change to one of its payments recomputes in the same transaction.
type Payments struct {
	DB       *gorm.DB
	AuditKey audit.Key
}

// paymentView is a payment with the names it shows, read in the same query.
type paymentView struct {
	Payment        paymentRow
	TaskTitle      string
	StudentFirst   string
	StudentLast    string
	StudentEmail   string
	CompanyName    string
	StartupEmail   string
	StartupWebsite string
}

type paymentViewColumn = column[paymentView]

// paymentViewColumns are paymentView's columns, from paymentViewsFrom; users' names are nullable
// in the schema (migration 0001), and COALESCE lets them scan into strings.
var paymentViewColumns = columnsOf(append(within(paymentColumns, func(v *paymentView) *paymentRow { return &v.Payment }),
	paymentViewColumn{"tasks.title", func(v *paymentView) any { return &v.TaskTitle }},
	paymentViewColumn{"COALESCE(st.first_name, '')", func(v *paymentView) any { return &v.StudentFirst }},
	paymentViewColumn{"COALESCE(st.last_name, '')", func(v *paymentView) any { return &v.StudentLast }},
	paymentViewColumn{"st.email", func(v *paymentView) any { return &v.StudentEmail }},
	paymentViewColumn{"COALESCE(su.company_name, '')", func(v *paymentView) any { return &v.CompanyName }},
	paymentViewColumn{"su.email", func(v *paymentView) any { return &v.StartupEmail }},
	paymentViewColumn{"su.website", func(v *paymentView) any { return &v.StartupWebsite }})...)

// paymentViewsFrom is the head of a read of payment views: their columns, the payments and the
// rows that name them.
var paymentViewsFrom = "SELECT " + paymentViewColumns.list + " FROM payments " +
	"JOIN tasks ON tasks.id = payments.task_id " +
	"JOIN users st ON st.id = payments.student_id " +
	"JOIN users su ON su.id = payments.startup_id"

func (v paymentView) toDomain() payments.Payment {
	r := v.Payment
	return payments.Payment{
		ID: r.ID, TaskID: r.TaskID, SubmissionID: r.SubmissionID, Revision: r.Revision,
		StudentID: r.StudentID, StartupID: r.StartupID, Amount: money.Amount(r.Amount), Currency: r.Currency,
		Status: r.Status, Method: r.Method, Reference: r.Reference, FundingID: r.FundingID,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), PaidAt: utc(r.PaidAt),
		TaskTitle: v.TaskTitle, StudentFirst: v.StudentFirst, StudentLast: v.StudentLast, StudentEmail: v.StudentEmail,
		CompanyName: v.CompanyName, StartupEmail: v.StartupEmail, StartupWebsite: v.StartupWebsite,
	}
}

func (s Payments) Payment(ctx context.Context, id string) (*payments.Payment, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, paymentNotFound)
	}
	db := s.DB.WithContext(ctx)
	row, err := oneOf(db, whereOf("payments.id = ?", id).stmt(paymentViewsFrom, nil, limit(1)), paymentViewColumns, paymentNotFound)
	if err != nil {
		return nil, err
	}
	p := row.toDomain()
	events, err := rowsOf(db, paymentEventsOf(whereOf("payment_events.payment_id = ?", id), " ORDER BY payment_events.seq"), paymentEventColumns)
	if err != nil {
		return nil, err
	}
	for _, e := range events {
		p.Events = append(p.Events, e.toDomain())
	}
	return &p, nil
}

// Payments reads the count with the page, in one round trip, and then the page's events.
func (s Payments) Payments(ctx context.Context, f payments.Filter, offset, limit int) ([]payments.Payment, int, error) {
	db := s.DB.WithContext(ctx)
	var w where
	for _, c := range []struct{ column, value string }{
		{"student_id", f.StudentID}, {"startup_id", f.StartupID}, {"status", f.Status},
	} {
		if c.value != "" {
			w = w.and("payments."+c.column+" = ?", c.value)
		}
	}
	b := newReadBatch(db)
	var total int
	readCount(b, w.stmt("SELECT COUNT(*) FROM payments", nil, ""), &total)
	var rows []paymentView
	page, pageArgs := limitOffset(limit, offset)
	read(b, w.stmt(paymentViewsFrom, nil, " ORDER BY payments.created_at DESC, payments.id DESC"+page, pageArgs...), paymentViewColumns, &rows)
	if err := b.run(); err != nil {
		return nil, 0, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.Payment.ID
	}
	var events []paymentEventRow
	if len(ids) > 0 {
		var err error
		events, err = rowsOf(db, paymentEventsOf(whereOf(inList(db, "payment_events.payment_id", ids)),
			" ORDER BY payment_events.payment_id, payment_events.seq"), paymentEventColumns)
		if err != nil {
			return nil, 0, err
		}
	}
	byPayment := map[string][]payments.Event{}
	for _, e := range events {
		byPayment[e.PaymentID] = append(byPayment[e.PaymentID], e.toDomain())
	}
	out := make([]payments.Payment, 0, len(rows))
	for _, r := range rows {
		p := r.toDomain()
		p.Events = byPayment[p.ID]
		out = append(out, p)
	}
	return out, total, nil
}

// Apply moves a payment one step in one transaction: its row only while it is in c.From, its
// event, the posting, the notification, the audit entry and its startup's payment record.
func (s Payments) Apply(ctx context.Context, c payments.Change) (bool, error) {
	applied := false
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		applied, err = applyChange(tx, s.AuditKey, c)
		return err
	})
	return applied, err
}

// applyChange is Apply inside the transaction tx; false when the payment was no longer in c.From.
func applyChange(tx *gorm.DB, auditKey audit.Key, c payments.Change) (bool, error) {
	// The payment's row stays locked until the change commits.
	startup := value[string]("payments.startup_id")
	startupID, err := oneOf(tx, whereOf("payments.id = ?", c.PaymentID).
		stmt("SELECT "+startup.list+" FROM payments", nil, limit(1)+forUpdate(tx)), startup, paymentNotFound)
	if err != nil {
		return false, err
	}
	now := c.Event.At.UTC()
	changes := map[string]any{"status": c.To, "updated_at": now}
	if c.Method != "" {
		changes["method"] = c.Method
	}
	if c.Reference != "" {
		changes["reference"] = c.Reference
	}
	switch {
	case c.To == payments.Disputed:
		changes["in_dispute"] = true
	case payments.Paid(c.To):
		changes["in_dispute"], changes["paid_at"] = false, now
	}
	res := tx.Model(&paymentRow{}).Where("id = ? AND status IN ?", c.PaymentID, c.From).Updates(changes)
	if res.Error != nil || res.RowsAffected != 1 {
		return false, res.Error
	}
	if err := addPaymentEvent(tx, c.PaymentID, c.Event); err != nil {
		return false, err
	}
	if err := post(tx, c.Posting, now); err != nil {
		return false, err
	}
	if c.Notification.UserID != "" {
		if err := createNotification(tx, &c.Notification); err != nil {
			return false, err
		}
	}
	if err := appendAudit(tx, auditKey, &c.Audit); err != nil {
		return false, err
	}
	return true, refreshPaymentRecord(tx, startupID)
}

// openPayment writes a new payment, its first event and posting, and its startup's record, in
// the approval's transaction (taskTx.OpenPayment).
func openPayment(tx *gorm.DB, p *payments.Payment) error {
	p.ID = NewID()
	now := p.CreatedAt.UTC()
	row := paymentRow{ID: p.ID, TaskID: p.TaskID, SubmissionID: p.SubmissionID, Revision: p.Revision,
		StudentID: p.StudentID, StartupID: p.StartupID, Amount: int64(p.Amount), Currency: p.Currency,
		Status: p.Status, Method: p.Method, FundingID: p.FundingID, CreatedAt: now, UpdatedAt: now}
	err := tx.Create(&row).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return apperr.New(apperr.Conflict, "This submission already has its payment.")
	}
	if err != nil {
		return err
	}
	if err := addPaymentEvent(tx, p.ID, payments.Event{Status: p.Status, At: now, ActorID: p.StartupID}); err != nil {
		return err
	}
	if err := post(tx, payments.OpenedPosting(p), now); err != nil {
		return err
	}
	return refreshPaymentRecord(tx, p.StartupID)
}

func addPaymentEvent(tx *gorm.DB, paymentID string, e payments.Event) error {
	seq, err := countNow(tx, whereOf("payment_events.payment_id = ?", paymentID).
		stmt("SELECT COALESCE(MAX(payment_events.seq), 0) FROM payment_events", nil, ""))
	if err != nil {
		return err
	}
	return tx.Create(&paymentEventRow{PaymentID: paymentID, Seq: seq + 1, Status: e.Status, Note: e.Note, ActorID: e.ActorID, At: e.At.UTC()}).Error
}

// post writes a posting's entries as one ledger transaction, refusing one that does not balance:
// a bug that would book money out of nowhere must fail the change, not corrupt the books.
func post(tx *gorm.DB, p payments.Posting, at time.Time) error {
	if p.Empty() {
		return nil
	}
	if !p.Balanced() {
		return fmt.Errorf("ledger: %s posting of payment %s does not balance", p.Kind, p.PaymentID)
	}
	txn := NewID()
	rows := make([]ledgerEntryRow, 0, len(p.Entries))
	for _, e := range p.Entries {
		rows = append(rows, ledgerEntryRow{ID: NewID(), TxnID: txn, Kind: p.Kind, Account: e.Account, Currency: e.Currency,
			Amount: int64(e.Amount), TaskID: p.TaskID, PaymentID: p.PaymentID, CreatedAt: at.UTC()})
	}
	return tx.Create(&rows).Error
}

type factColumn = column[payments.Fact]

// factColumns are the columns of payments a payment record is computed from.
var factColumns = columnsOf(
	factColumn{"payments.status", func(f *payments.Fact) any { return &f.Status }},
	factColumn{"payments.in_dispute", func(f *payments.Fact) any { return &f.InDispute }},
	factColumn{"payments.created_at", func(f *payments.Fact) any { return &f.CreatedAt }},
	factColumn{"payments.paid_at", func(f *payments.Fact) any { return &f.PaidAt }},
)

// refreshPaymentRecord recomputes a startup's payment record from its payments, on its user row.
// It moves users.updated_at, as every change to a user does (the user cache).
func refreshPaymentRecord(tx *gorm.DB, startupID string) error {
	all, err := rowsOf(tx, whereOf("payments.startup_id = ?", startupID).stmt("SELECT "+factColumns.list+" FROM payments", nil, ""), factColumns)
	if err != nil {
		return err
	}
	r := payments.RecordOf(all)
	return tx.Table("users").Where("id = ?", startupID).Updates(map[string]any{
		"pay_approved": r.Approved, "pay_paid": r.Paid, "pay_disputed": r.Disputed, "pay_median_days": r.MedianDaysToPay,
		"updated_at": time.Now().UTC(),
	}).Error
}

type balanceColumn = column[payments.Balance]

// balanceColumns are an account's balance in one currency, of the ledger grouped by both.
var balanceColumns = columnsOf(
	balanceColumn{"ledger_entries.account", func(b *payments.Balance) any { return &b.Account }},
	balanceColumn{"ledger_entries.currency", func(b *payments.Balance) any { return &b.Currency }},
	balanceColumn{"SUM(ledger_entries.amount)", func(b *payments.Balance) any { return &b.Amount }},
)

// Balances pages every account's balance per currency, by account; the count and the page are
// read in one round trip.
func (s Payments) Balances(ctx context.Context, offset, limit int) ([]payments.Balance, int, error) {
	const grouped = " GROUP BY ledger_entries.account, ledger_entries.currency"
	b := newReadBatch(s.DB.WithContext(ctx))
	var total int
	readCount(b, sqlOf("SELECT COUNT(*) FROM (SELECT ledger_entries.account, ledger_entries.currency FROM ledger_entries"+grouped+") AS accounts"), &total)
	var out []payments.Balance
	page, pageArgs := limitOffset(limit, offset)
	read(b, sqlOf("SELECT "+balanceColumns.list+" FROM ledger_entries"+grouped+
		" ORDER BY ledger_entries.account, ledger_entries.currency"+page, pageArgs...), balanceColumns, &out)
	if err := b.run(); err != nil {
		return nil, 0, err
	}
	return nonNil(out), total, nil
}

// CurrencySums is the sum of every entry per currency: zero in each, in a balanced ledger.
func (s Payments) CurrencySums(ctx context.Context) (map[string]money.Amount, error) {
	type sum struct {
		Currency string
		Amount   money.Amount
	}
	cols := columnsOf(column[sum]{"ledger_entries.currency", func(r *sum) any { return &r.Currency }},
		column[sum]{"SUM(ledger_entries.amount)", func(r *sum) any { return &r.Amount }})
	rows, err := rowsOf(s.DB.WithContext(ctx), sqlOf("SELECT "+cols.list+" FROM ledger_entries GROUP BY ledger_entries.currency"), cols)
	if err != nil {
		return nil, err
	}
	out := map[string]money.Amount{}
	for _, r := range rows {
		out[r.Currency] = r.Amount
	}
	return out, nil
}

// UnbalancedTransactions lists up to n ledger transactions whose entries do not sum to zero in
// some currency.
func (s Payments) UnbalancedTransactions(ctx context.Context, n int) ([]string, error) {
	txn := value[string]("ledger_entries.txn_id")
	return rowsOf(s.DB.WithContext(ctx), sqlOf("SELECT "+txn.list+" FROM ledger_entries "+
		"GROUP BY ledger_entries.txn_id, ledger_entries.currency HAVING SUM(ledger_entries.amount) <> 0"+limit(n)), txn)
}

type taskEscrowColumn = column[payments.TaskEscrowFigures]

// taskEscrowColumns are a task's escrow figures, of a read of tasks; the transferred sum's ? is
// the transferred status, the first argument of the statement that selects them.
var taskEscrowColumns = columnsOf(
	taskEscrowColumn{"tasks.id", func(e *payments.TaskEscrowFigures) any { return &e.TaskID }},
	taskEscrowColumn{"tasks.currency", func(e *payments.TaskEscrowFigures) any { return &e.Currency }},
	taskEscrowColumn{"COALESCE((SELECT SUM(l.amount) FROM ledger_entries l WHERE l.task_id = tasks.id AND l.account LIKE 'escrow:task:%'), 0)",
		func(e *payments.TaskEscrowFigures) any { return &e.Escrow }},
	taskEscrowColumn{"tasks.funding_amount", func(e *payments.TaskEscrowFigures) any { return &e.Funded }},
	taskEscrowColumn{"tasks.funding_refunded", func(e *payments.TaskEscrowFigures) any { return &e.Refunded }},
	taskEscrowColumn{"COALESCE((SELECT SUM(p.amount) FROM payments p WHERE p.task_id = tasks.id AND p.status = ?), 0)",
		func(e *payments.TaskEscrowFigures) any { return &e.Transferred }},
)

// TaskEscrows reads, for every task with money in or through escrow, the sum of its escrow
// accounts and what its funding and its transferred payments say.
func (s Payments) TaskEscrows(ctx context.Context) ([]payments.TaskEscrowFigures, error) {
	out, err := rowsOf(s.DB.WithContext(ctx), whereOf("(tasks.funding_amount > 0 OR EXISTS "+
		"(SELECT 1 FROM ledger_entries l WHERE l.task_id = tasks.id AND l.account LIKE 'escrow:task:%'))").
		stmt("SELECT "+taskEscrowColumns.list+" FROM tasks", []any{payments.Transferred}, ""), taskEscrowColumns)
	if err != nil {
		return nil, err
	}
	return nonNil(out), nil
}
