package payments

import (
	"context"
	"fmt"
	"slices"

	"bridgework/backend/money"
)

// The ledger: every movement of money is a Posting, a transaction of entries whose amounts
// (debits positive, credits negative) sum to zero in each currency, written once and never
// edited (ledger_entries). Accounts name whose money it is:
//
//	startup:{id}:payable          what a startup owes its students, offline
//	student:{id}:receivable       what a student is owed, offline
//	transit:payment:{id}          money a startup says it sent that its student has not confirmed
//	stripe:balance                the platform's balance at Stripe
//	escrow:task:{id}              a funded task's money, not yet promised to anyone
//	escrow:task:{id}:student:{id} the part of it held for one approved student
//	platform:fees                 the platform's fee on transfers
//
// A task's escrow (its escrow:task:{id} accounts together) is always what was funded less what
// was transferred and refunded (Check).

// Kinds of posting.
const (
	KindDue         = "due"
	KindSent        = "sent"
	KindReceived    = "received"
	KindDisputed    = "disputed"
	KindFunded      = "funded"
	KindHeld        = "held"
	KindTransferred = "transferred"
	KindRefunded    = "refunded"
)

// Entry is one line of a posting: an amount on an account, in a currency.
type Entry struct {
	Account  string
	Currency string
	Amount   money.Amount // debit positive, credit negative
}

// Posting is one balanced transaction of the ledger.
type Posting struct {
	Kind      string
	TaskID    string
	PaymentID string
	Entries   []Entry
}

// Balanced reports whether the posting's entries sum to zero in each currency.
func (p Posting) Balanced() bool {
	sums := map[string]money.Amount{}
	for _, e := range p.Entries {
		sums[e.Currency] += e.Amount
	}
	for _, sum := range sums {
		if sum != 0 {
			return false
		}
	}
	return true
}

// Empty reports whether the posting moves nothing.
func (p Posting) Empty() bool { return len(p.Entries) == 0 }

// Account names.
func StartupPayable(id string) string         { return "startup:" + id + ":payable" }
func StudentReceivable(id string) string      { return "student:" + id + ":receivable" }
func InTransit(paymentID string) string       { return "transit:payment:" + paymentID }
func TaskEscrow(taskID string) string         { return "escrow:task:" + taskID }
func HeldFor(taskID, studentID string) string { return TaskEscrow(taskID) + ":student:" + studentID }

// StripeBalance and PlatformFees are the platform's own accounts.
const (
	StripeBalance = "stripe:balance"
	PlatformFees  = "platform:fees"
)

// move is a posting that moves amount from one account to another (credit from, debit to).
func move(kind string, p *Payment, from, to string) Posting {
	return Posting{Kind: kind, TaskID: p.TaskID, PaymentID: p.ID, Entries: []Entry{
		{Account: to, Currency: p.Currency, Amount: p.Amount},
		{Account: from, Currency: p.Currency, Amount: -p.Amount},
	}}
}

// OpenedPosting is what a new payment books: offline, the startup owes the student; through
// Stripe, the part of the task's escrow it takes is held for the student.
func OpenedPosting(p *Payment) Posting {
	if p.Status == Due {
		return move(KindDue, p, StartupPayable(p.StartupID), StudentReceivable(p.StudentID))
	}
	// The escrow is what the platform owes, a credit: holding moves that credit from the task's
	// pool to the student's part of it, which the transfer then clears (TransferredPosting).
	return move(KindHeld, p, HeldFor(p.TaskID, p.StudentID), TaskEscrow(p.TaskID))
}

// OfflinePosting is what an offline payment's step from one status to another books: sending
// moves the debt into transit, a confirmation settles it, a dispute puts it back on the startup.
func OfflinePosting(p *Payment, from, to string) Posting {
	switch {
	case to == Sent:
		return move(KindSent, p, InTransit(p.ID), StartupPayable(p.StartupID))
	case to == Received && from == Sent:
		return move(KindReceived, p, StudentReceivable(p.StudentID), InTransit(p.ID))
	case to == Received && from == Disputed:
		// Disputed, the debt was back on the startup: the confirmation settles it from there.
		return move(KindReceived, p, StudentReceivable(p.StudentID), StartupPayable(p.StartupID))
	case to == Disputed:
		return move(KindDisputed, p, StartupPayable(p.StartupID), InTransit(p.ID))
	}
	return Posting{}
}

// FundedPosting books a task's funding arriving at the platform's Stripe balance.
func FundedPosting(taskID, currency string, amount money.Amount) Posting {
	return Posting{Kind: KindFunded, TaskID: taskID, Entries: []Entry{
		{Account: StripeBalance, Currency: currency, Amount: amount},
		{Account: TaskEscrow(taskID), Currency: currency, Amount: -amount},
	}}
}

// TransferredPosting books a held payment leaving for the student's account, less fee, which
// stays with the platform.
func TransferredPosting(p *Payment, fee money.Amount) Posting {
	return Posting{Kind: KindTransferred, TaskID: p.TaskID, PaymentID: p.ID, Entries: []Entry{
		{Account: HeldFor(p.TaskID, p.StudentID), Currency: p.Currency, Amount: p.Amount},
		{Account: StripeBalance, Currency: p.Currency, Amount: -(p.Amount - fee)},
		{Account: PlatformFees, Currency: p.Currency, Amount: -fee},
	}}
}

// RefundedPosting books the part of a task's escrow no seat spent going back to the startup.
func RefundedPosting(taskID, currency string, amount money.Amount) Posting {
	return Posting{Kind: KindRefunded, TaskID: taskID, Entries: []Entry{
		{Account: TaskEscrow(taskID), Currency: currency, Amount: amount},
		{Account: StripeBalance, Currency: currency, Amount: -amount},
	}}
}

// Balance is an account's sum in one currency.
type Balance struct {
	Account  string
	Currency string
	Amount   money.Amount
}

// TaskEscrowFigures are, for one funded task, its escrow's balance in the ledger and what the
// tasks and payments say went in and out of it.
type TaskEscrowFigures struct {
	TaskID                        string
	Currency                      string
	Escrow                        money.Amount // the sum of its escrow accounts (a credit: negative)
	Funded, Transferred, Refunded money.Amount
}

// Report is what the ledger's check found: balanced, or the first things that are not.
type Report struct {
	Balanced bool
	Problems []string
}

// Ledger reads the books (store.Payments).
type Ledger interface {
	// Balances pages every account's balance per currency, by account, and counts them.
	Balances(ctx context.Context, offset, limit int) ([]Balance, int, error)
	// CurrencySums is the sum of every entry per currency.
	CurrencySums(ctx context.Context) (map[string]money.Amount, error)
	// UnbalancedTransactions lists up to limit transactions that do not sum to zero.
	UnbalancedTransactions(ctx context.Context, limit int) ([]string, error)
	// TaskEscrows reads every funded task's escrow and what went in and out of it.
	TaskEscrows(ctx context.Context) ([]TaskEscrowFigures, error)
}

// CheckLedger checks the books: every transaction and every currency sums to zero, and every
// task's escrow equals what was funded less what was transferred and refunded.
func CheckLedger(ctx context.Context, l Ledger) (Report, error) {
	var problems []string
	sums, err := l.CurrencySums(ctx)
	if err != nil {
		return Report{}, err
	}
	for currency, sum := range sums {
		if sum != 0 {
			problems = append(problems, fmt.Sprintf("%s entries sum to %d, not 0", currency, sum))
		}
	}
	txns, err := l.UnbalancedTransactions(ctx, 10)
	if err != nil {
		return Report{}, err
	}
	for _, id := range txns {
		problems = append(problems, "transaction "+id+" does not balance")
	}
	escrows, err := l.TaskEscrows(ctx)
	if err != nil {
		return Report{}, err
	}
	for _, e := range escrows {
		if want := e.Funded - e.Transferred - e.Refunded; -e.Escrow != want {
			problems = append(problems, fmt.Sprintf("task %s holds %d in escrow, but was funded %d, transferred %d and refunded %d",
				e.TaskID, -e.Escrow, e.Funded, e.Transferred, e.Refunded))
		}
	}
	slices.Sort(problems)
	return Report{Balanced: len(problems) == 0, Problems: problems}, nil
}
