package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

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

type paymentEventRow struct {
	PaymentID string `gorm:"primaryKey"`
	Seq       int    `gorm:"primaryKey;autoIncrement:false"`
	Status    string
	Note      string
	ActorID   string
	At        time.Time
}

func (paymentEventRow) TableName() string { return "payment_events" }

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
	Payment        paymentRow `gorm:"embedded"`
	TaskTitle      string
	StudentFirst   string
	StudentLast    string
	StudentEmail   string
	CompanyName    string
	StartupEmail   string
	StartupWebsite string
}

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

func (s Payments) views(ctx context.Context) *gorm.DB {
	return s.DB.WithContext(ctx).Table("payments").Select("payments.*, tasks.title AS task_title, " +
		"COALESCE(st.first_name, '') AS student_first, COALESCE(st.last_name, '') AS student_last, st.email AS student_email, " +
		"COALESCE(su.company_name, '') AS company_name, su.email AS startup_email, su.website AS startup_website").
		Joins("JOIN tasks ON tasks.id = payments.task_id").
		Joins("JOIN users st ON st.id = payments.student_id").
		Joins("JOIN users su ON su.id = payments.startup_id")
}

func (s Payments) Payment(ctx context.Context, id string) (*payments.Payment, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, paymentNotFound)
	}
	var row paymentView
	if err := s.views(ctx).Where("payments.id = ?", id).Take(&row).Error; err != nil {
		return nil, translate(err, paymentNotFound)
	}
	p := row.toDomain()
	var events []paymentEventRow
	if err := s.DB.WithContext(ctx).Where("payment_id = ?", id).Order("seq").Find(&events).Error; err != nil {
		return nil, err
	}
	for _, e := range events {
		p.Events = append(p.Events, payments.Event{Status: e.Status, At: e.At.UTC(), Note: e.Note, ActorID: e.ActorID})
	}
	return &p, nil
}

func (s Payments) Payments(ctx context.Context, f payments.Filter, offset, limit int) ([]payments.Payment, int, error) {
	q := s.views(ctx)
	count := s.DB.WithContext(ctx).Table("payments")
	for _, c := range []struct{ column, value string }{
		{"student_id", f.StudentID}, {"startup_id", f.StartupID}, {"status", f.Status},
	} {
		if c.value != "" {
			q, count = q.Where("payments."+c.column+" = ?", c.value), count.Where(c.column+" = ?", c.value)
		}
	}
	var total int64
	if err := count.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []paymentView
	if err := q.Order("payments.created_at DESC, payments.id DESC").Offset(offset).Limit(limit).Find(&rows).Error; err != nil {
		return nil, 0, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.Payment.ID
	}
	var events []paymentEventRow
	if len(ids) > 0 {
		if err := s.DB.WithContext(ctx).Where("payment_id IN ?", ids).Order("payment_id, seq").Find(&events).Error; err != nil {
			return nil, 0, err
		}
	}
	byPayment := map[string][]payments.Event{}
	for _, e := range events {
		byPayment[e.PaymentID] = append(byPayment[e.PaymentID], payments.Event{Status: e.Status, At: e.At.UTC(), Note: e.Note, ActorID: e.ActorID})
	}
	out := make([]payments.Payment, 0, len(rows))
	for _, r := range rows {
		p := r.toDomain()
		p.Events = byPayment[p.ID]
		out = append(out, p)
	}
	return out, int(total), nil
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
	var row paymentRow
	if err := lockRow(tx).Take(&row, "id = ?", c.PaymentID).Error; err != nil {
		return false, translate(err, paymentNotFound)
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
	return true, refreshPaymentRecord(tx, row.StartupID)
}

// lockRow locks the row a query reads until the transaction ends, on PostgreSQL; SQLite's one
// connection runs one transaction at a time.
func lockRow(tx *gorm.DB) *gorm.DB {
	if IsPostgres(tx) {
		return tx.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return tx
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
	var seq int
	if err := tx.Model(&paymentEventRow{}).Select("COALESCE(MAX(seq), 0)").Where("payment_id = ?", paymentID).Scan(&seq).Error; err != nil {
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

// refreshPaymentRecord recomputes a startup's payment record from its payments, on its user row.
// It moves users.updated_at, as every change to a user does (the user cache).
func refreshPaymentRecord(tx *gorm.DB, startupID string) error {
	var facts []struct {
		Status    string
		InDispute bool
		CreatedAt time.Time
		PaidAt    *time.Time
	}
	if err := tx.Model(&paymentRow{}).Select("status, in_dispute, created_at, paid_at").
		Where("startup_id = ?", startupID).Find(&facts).Error; err != nil {
		return err
	}
	all := make([]payments.Fact, len(facts))
	for i, f := range facts {
		all[i] = payments.Fact{Status: f.Status, InDispute: f.InDispute, CreatedAt: f.CreatedAt, PaidAt: f.PaidAt}
	}
	r := payments.RecordOf(all)
	return tx.Table("users").Where("id = ?", startupID).Updates(map[string]any{
		"pay_approved": r.Approved, "pay_paid": r.Paid, "pay_disputed": r.Disputed, "pay_median_days": r.MedianDaysToPay,
		"updated_at": time.Now().UTC(),
	}).Error
}

// Balances pages every account's balance per currency, by account.
func (s Payments) Balances(ctx context.Context, offset, limit int) ([]payments.Balance, int, error) {
	db := s.DB.WithContext(ctx)
	var total int64
	if err := db.Table("(?) AS accounts", db.Model(&ledgerEntryRow{}).Select("account, currency").Group("account, currency")).
		Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []struct {
		Account  string
		Currency string
		Amount   int64
	}
	if err := db.Model(&ledgerEntryRow{}).Select("account, currency, SUM(amount) AS amount").Group("account, currency").
		Order("account, currency").Offset(offset).Limit(limit).Scan(&rows).Error; err != nil {
		return nil, 0, err
	}
	out := make([]payments.Balance, len(rows))
	for i, r := range rows {
		out[i] = payments.Balance{Account: r.Account, Currency: r.Currency, Amount: money.Amount(r.Amount)}
	}
	return out, int(total), nil
}

// CurrencySums is the sum of every entry per currency: zero in each, in a balanced ledger.
func (s Payments) CurrencySums(ctx context.Context) (map[string]money.Amount, error) {
	var rows []struct {
		Currency string
		Amount   int64
	}
	if err := s.DB.WithContext(ctx).Model(&ledgerEntryRow{}).Select("currency, SUM(amount) AS amount").Group("currency").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := map[string]money.Amount{}
	for _, r := range rows {
		out[r.Currency] = money.Amount(r.Amount)
	}
	return out, nil
}

// UnbalancedTransactions lists up to limit ledger transactions whose entries do not sum to zero
// in some currency.
func (s Payments) UnbalancedTransactions(ctx context.Context, limit int) ([]string, error) {
	var ids []string
	err := s.DB.WithContext(ctx).Model(&ledgerEntryRow{}).Select("txn_id").Group("txn_id, currency").
		Having("SUM(amount) <> 0").Limit(limit).Pluck("txn_id", &ids).Error
	return ids, err
}

// TaskEscrows reads, for every task with money in or through escrow, the sum of its escrow
// accounts and what its funding and its transferred payments say.
func (s Payments) TaskEscrows(ctx context.Context) ([]payments.TaskEscrowFigures, error) {
	var rows []struct {
		TaskID      string
		Currency    string
		Escrow      int64
		Funded      int64
		Refunded    int64
		Transferred int64
	}
	err := s.DB.WithContext(ctx).Raw(`SELECT tasks.id AS task_id, tasks.currency,
		COALESCE((SELECT SUM(l.amount) FROM ledger_entries l WHERE l.task_id = tasks.id AND l.account LIKE 'escrow:task:%'), 0) AS escrow,
		tasks.funding_amount AS funded, tasks.funding_refunded AS refunded,
		COALESCE((SELECT SUM(p.amount) FROM payments p WHERE p.task_id = tasks.id AND p.status = ?), 0) AS transferred
		FROM tasks WHERE tasks.funding_amount > 0 OR EXISTS (SELECT 1 FROM ledger_entries l WHERE l.task_id = tasks.id AND l.account LIKE 'escrow:task:%')`,
		payments.Transferred).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]payments.TaskEscrowFigures, len(rows))
	for i, r := range rows {
		out[i] = payments.TaskEscrowFigures{TaskID: r.TaskID, Currency: r.Currency, Escrow: money.Amount(r.Escrow),
			Funded: money.Amount(r.Funded), Transferred: money.Amount(r.Transferred), Refunded: money.Amount(r.Refunded)}
	}
	return out, nil
}
