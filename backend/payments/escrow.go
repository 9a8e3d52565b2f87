package payments

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"bridgework/backend/audit"
	"bridgework/backend/money"
	"bridgework/backend/notify"
)

// Escrow through Stripe (PAYMENTS=stripe): a startup funds a task with Checkout Sessions, each
// a Funding; an approval's payment is paid from one of them (its Source); a money Job moves the
// money at Stripe, outside any transaction, after the change that owes it committed with it.

// Funding is one Checkout Session a startup opened for a task: pending until Stripe says it was
// paid, then completed, with what was paid and the payment intent and charge it made.
type Funding struct {
	ID            string
	TaskID        string
	SessionID     string
	Amount        money.Amount
	Currency      string
	Status        string // FundingOpen or FundingPaid
	PaymentIntent string
	Charge        string // resolved from the payment intent by the first job that needs it
	// Spent is what the payments paid from it add up to, whatever their status; Refunded what
	// went back to the startup.
	Spent, Refunded money.Amount
}

// Funding statuses.
const (
	FundingOpen = "pending"
	FundingPaid = "completed"
)

// Left is what is still in f for another payment or the refund.
func (f Funding) Left() money.Amount { return f.Amount - f.Spent - f.Refunded }

// Source is the funding a payment of amount is paid from: the oldest paid one that holds it whole,
// so a transfer never names a charge that cannot cover it (Stripe refuses a source_transaction
// smaller than its transfer). left is what all of them hold together. fundings come oldest first.
func Source(fundings []Funding, amount money.Amount) (src *Funding, left money.Amount) {
	for i := range fundings {
		f := &fundings[i]
		if f.Status != FundingPaid {
			continue
		}
		left += f.Left()
		if src == nil && f.Left() >= amount {
			src = f
		}
	}
	return src, left
}

// Fee is the platform's share of amount at basisPoints (hundredths of a percent), rounded down
// to the minor unit: integer arithmetic only, and any fraction of a cent stays with the student.
func Fee(amount money.Amount, basisPoints int) money.Amount {
	return amount * money.Amount(basisPoints) / 10000
}

// Kinds of money job.
const (
	JobTransfer = "transfer" // a held payment to its student's connected account
	JobRefund   = "refund"   // what a funding's places did not spend, back to the startup
)

// Job is a money movement at Stripe waiting in the job table: written in the transaction of the
// change that owes it, so a restart neither loses it nor, through its idempotency key, makes it
// twice at Stripe.
type Job struct {
	ID             string
	Kind           string
	PaymentID      string // a transfer's
	TaskID         string
	FundingID      string
	Amount         money.Amount // a transfer's is the payment's, before the fee
	Fee            money.Amount
	Currency       string
	IdempotencyKey string
	Attempts       int // including the one in progress

	// Read with the claim: the student's connected account (a transfer's destination), the
	// funding's payment intent and charge, and the task's startup and title.
	Destination, PaymentIntent, Charge string
	StartupID, TaskTitle               string
}

// TransferJob is the job that transfers p, held, less the platform's fee at basisPoints. Its
// idempotency key is the submission and revision approved: one approval, one transfer.
func TransferJob(p *Payment, basisPoints int) Job {
	return Job{Kind: JobTransfer, PaymentID: p.ID, TaskID: p.TaskID, FundingID: p.FundingID, Amount: p.Amount,
		Fee: Fee(p.Amount, basisPoints), Currency: p.Currency,
		IdempotencyKey: "transfer:" + p.SubmissionID + ":" + strconv.Itoa(p.Revision)}
}

// RefundJob is the job that refunds what f still holds: once per funding, so its key is the
// funding's.
func RefundJob(f Funding) Job {
	return Job{Kind: JobRefund, TaskID: f.TaskID, FundingID: f.ID, Amount: f.Left(), Currency: f.Currency,
		IdempotencyKey: "refund:" + f.ID}
}

// Refund is a refund Stripe made, as it is booked in one transaction with its job done: the
// ledger's posting, the task's and the funding's refunded amounts, the startup's notification and
// the trail's entry.
type Refund struct {
	JobID        string
	FundingID    string
	RefundID     string
	At           time.Time
	Posting      Posting
	Notification notify.Notification
	Audit        audit.Entry
}

// FundingEntry is the trail's entry for a task's funding changing: Stripe's doing, on the
// startup's behalf (what is "funded", "refunded").
func FundingEntry(ctx context.Context, startupID, taskID, title string, amount money.Amount, currency, what string) audit.Entry {
	return audit.Entry{Type: audit.FundingChanged, SubjectID: startupID, Target: taskID, IP: audit.ClientIP(ctx),
		Detail: clip(fmt.Sprintf("%s for %q %s", amount.Format(currency), clip(title, 80), what), 300)}
}
