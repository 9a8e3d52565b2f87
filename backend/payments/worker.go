package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"bridgework/backend/audit"
	"bridgework/backend/notify"
)

// JobQueue is the money jobs' table.
type JobQueue interface {
	// Claim leases up to limit due jobs to this worker until now+lease, counting the attempt;
	// of several workers claiming at once, each job goes to one.
	Claim(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Job, error)
	// SetCharge keeps the charge a funding's payment intent made.
	SetCharge(ctx context.Context, fundingID, charge string) error
	// Transferred records a transfer Stripe made: c moves its payment to transferred, and the job
	// is done, in one transaction.
	Transferred(ctx context.Context, jobID string, c Change) error
	// Refunded books a refund Stripe made, and the job is done, in one transaction.
	Refunded(ctx context.Context, r Refund) error
	// Retry records a failed attempt: due again at next, or given up when next is nil. failed,
	// when not nil, is the payment's step to failed, applied in the same transaction; the bool
	// says whether it was.
	Retry(ctx context.Context, jobID string, next *time.Time, lastError string, failed *Change) (bool, error)
	// Release hands back a job whose attempt a shutdown cut short, due again at once.
	Release(ctx context.Context, jobID string) error
}

// Worker makes the money jobs' movements at Stripe: at once when woken by this instance, and on
// a timer for jobs committed elsewhere, retried, or left by a worker that stopped. A failed job
// is tried again after a backoff that doubles up to an hour, MaxAttempts times in all; its
// payment shows failed meanwhile, and the next success moves it to transferred.
type Worker struct {
	Queue     JobQueue
	Connect   Connect
	Payments  Store // reads a payment with its names
	Notifier  Announcer
	Publisher Publisher
	// MaxAttempts bounds the tries of one job; FirstRetry is the wait before the second.
	MaxAttempts int
	FirstRetry  time.Duration
	CallTimeout time.Duration // one call to Stripe
	Poll        time.Duration // default 2 s
	Logger      *slog.Logger
	Now         func() time.Time

	wake chan struct{}
}

// NewWorker returns a worker ready to Run.
func NewWorker(w Worker) *Worker {
	if w.Poll <= 0 {
		w.Poll = 2 * time.Second
	}
	if w.FirstRetry <= 0 {
		w.FirstRetry = 30 * time.Second
	}
	if w.CallTimeout <= 0 {
		w.CallTimeout = 30 * time.Second
	}
	if w.MaxAttempts <= 0 {
		w.MaxAttempts = 20
	}
	if w.Now == nil {
		w.Now = time.Now
	}
	w.wake = make(chan struct{}, 1)
	return &w
}

// Wake tells the worker that jobs were committed, so it works now rather than on its next poll.
func (w *Worker) Wake() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run works due jobs until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	timer := time.NewTicker(w.Poll)
	defer timer.Stop()
	for {
		w.WorkDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		case <-w.wake:
		}
	}
}

// WorkDue works every job due now, and reports how many it finished.
func (w *Worker) WorkDue(ctx context.Context) (done int) {
	for ctx.Err() == nil {
		// A job is leased for two calls' time: a worker that dies leaves it to the next after that.
		batch, err := w.Queue.Claim(ctx, w.Now(), 2*w.CallTimeout, 10)
		if err != nil {
			w.Logger.Error("money jobs: claim", "err", err)
			return done
		}
		if len(batch) == 0 {
			return done
		}
		for _, j := range batch {
			if w.work(ctx, j) {
				done++
			}
		}
	}
	return done
}

// work makes one job's movement at Stripe and records the outcome.
func (w *Worker) work(ctx context.Context, j Job) bool {
	call, cancel := context.WithTimeout(ctx, w.CallTimeout)
	id, err := w.call(call, j)
	cancel()
	// The outcome is recorded even when shutdown interrupts, so the job is not left leased to a
	// worker that is gone.
	record := context.WithoutCancel(ctx)
	switch {
	case err != nil && ctx.Err() != nil:
		// Cut short by a shutdown: whether or not Stripe made it, the next attempt sends the same
		// idempotency key and gets the same answer.
		if err := w.Queue.Release(record, j.ID); err != nil {
			w.Logger.Error("money jobs: release", "job", j.ID, "err", err)
		}
		return false
	case err != nil:
		w.fail(record, j, err)
		return false
	case j.Kind == JobTransfer:
		err = w.transferred(record, j, id)
	default:
		err = w.refunded(record, j, id)
	}
	if err != nil {
		// Stripe made it; the lease runs out and the next attempt, with the same key, records it.
		w.Logger.Error("money jobs: record", "job", j.ID, "kind", j.Kind, "stripe_id", id, "err", err)
		return false
	}
	return true
}

// call makes j's movement at Stripe and returns the id of the transfer or refund.
func (w *Worker) call(ctx context.Context, j Job) (string, error) {
	if j.Kind == JobRefund {
		if j.PaymentIntent == "" {
			return "", errors.New("the funding has no payment intent")
		}
		return w.Connect.Refund(ctx, RefundRequest{PaymentIntent: j.PaymentIntent, Amount: j.Amount,
			IdempotencyKey: j.IdempotencyKey, TaskID: j.TaskID})
	}
	if j.Destination == "" {
		return "", errors.New("the student has no connected account")
	}
	charge := j.Charge
	if charge == "" {
		if j.PaymentIntent == "" {
			return "", errors.New("the funding has no payment intent")
		}
		var err error
		if charge, err = w.Connect.ChargeOf(ctx, j.PaymentIntent); err != nil {
			return "", err
		}
		if charge == "" {
			return "", fmt.Errorf("payment intent %s has no charge yet", j.PaymentIntent)
		}
		if err := w.Queue.SetCharge(ctx, j.FundingID, charge); err != nil {
			return "", err
		}
	}
	return w.Connect.Transfer(ctx, TransferRequest{Amount: j.Amount - j.Fee, Currency: j.Currency, Destination: j.Destination,
		TransferGroup: j.TaskID, SourceTransaction: charge, IdempotencyKey: j.IdempotencyKey, PaymentID: j.PaymentID})
}

// transferred books a transfer Stripe made: the payment transferred, less the fee, which the
// platform keeps; the student told in the bell and both sides live.
func (w *Worker) transferred(ctx context.Context, j Job, transferID string) error {
	p, err := w.Payments.Payment(ctx, j.PaymentID)
	if err != nil {
		return err
	}
	now := w.Now().UTC()
	received := (p.Amount - j.Fee).Format(p.Currency)
	note := "Transferred " + received
	message := fmt.Sprintf("%s for %q was transferred to your payout account.", received, p.TaskTitle)
	if j.Fee > 0 {
		note += ", less the platform's fee of " + j.Fee.Format(p.Currency)
		message = fmt.Sprintf("%s for %q (%s less the platform's fee of %s) was transferred to your payout account.",
			received, p.TaskTitle, p.Amount.Format(p.Currency), j.Fee.Format(p.Currency))
	}
	c := Change{PaymentID: p.ID, From: []string{Held, Failed}, To: Transferred, Reference: transferID,
		Event:        Event{Status: Transferred, At: now, Note: note},
		Posting:      TransferredPosting(p, j.Fee),
		Notification: notify.Notification{UserID: p.StudentID, Kind: notify.KindPayment, Link: "/payments", Message: message},
		Audit: audit.Entry{Type: audit.PaymentChanged, SubjectID: p.StudentID, Target: p.ID,
			Detail: detail(p, Transferred, Step{Method: MethodStripe, Reference: transferID})},
	}
	if err := w.Queue.Transferred(ctx, j.ID, c); err != nil {
		return err
	}
	w.Notifier.Announce(ctx, c.Notification)
	w.Publisher.Publish(ctx, EventUpdated, UpdatedEvent{PaymentID: p.ID, TaskID: p.TaskID, Status: Transferred}, p.StudentID, p.StartupID)
	return nil
}

// refunded books a refund Stripe made: the funding's rest back with the startup, who is told.
func (w *Worker) refunded(ctx context.Context, j Job, refundID string) error {
	r := Refund{JobID: j.ID, FundingID: j.FundingID, RefundID: refundID, At: w.Now().UTC(),
		Posting: RefundedPosting(j.TaskID, j.Currency, j.Amount),
		Notification: notify.Notification{UserID: j.StartupID, Kind: notify.KindPayment, Link: "/startup/tasks/" + j.TaskID,
			Message: fmt.Sprintf("%s of your funding for %q, which its paid places did not spend, was refunded.", j.Amount.Format(j.Currency), j.TaskTitle)},
		Audit: FundingEntry(ctx, j.StartupID, j.TaskID, j.TaskTitle, j.Amount, j.Currency, "refunded: what its paid places did not spend"),
	}
	if err := w.Queue.Refunded(ctx, r); err != nil {
		return err
	}
	w.Notifier.Announce(ctx, r.Notification)
	return nil
}

// fail records a failed attempt and when the next one is due; a held payment shows failed.
func (w *Worker) fail(ctx context.Context, j Job, cause error) {
	var next *time.Time
	if j.Attempts < w.MaxAttempts {
		at := w.Now().Add(min(w.FirstRetry<<max(j.Attempts-1, 0), time.Hour))
		next = &at
	}
	level := slog.LevelWarn
	if next == nil {
		level = slog.LevelError
	}
	w.Logger.Log(ctx, level, "money job failed", "job", j.ID, "kind", j.Kind, "payment", j.PaymentID, "task", j.TaskID,
		"attempt", j.Attempts, "given_up", next == nil, "err", cause)
	var failed *Change
	var p *Payment
	if j.Kind == JobTransfer {
		var err error
		if p, err = w.Payments.Payment(ctx, j.PaymentID); err != nil {
			w.Logger.Error("money jobs: read payment", "job", j.ID, "err", err)
		} else if p.Status == Held {
			failed = &Change{PaymentID: p.ID, From: []string{Held}, To: Failed,
				Event: Event{Status: Failed, At: w.Now().UTC(), Note: "The transfer did not go through; Bridgework tries again"},
				Audit: audit.Entry{Type: audit.PaymentChanged, SubjectID: p.StudentID, Target: p.ID, Detail: detail(p, Failed, Step{})}}
		}
	}
	moved, err := w.Queue.Retry(ctx, j.ID, next, cause.Error(), failed)
	if err != nil {
		w.Logger.Error("money jobs: record failure", "job", j.ID, "err", err)
		return
	}
	if moved {
		w.Publisher.Publish(ctx, EventUpdated, UpdatedEvent{PaymentID: p.ID, TaskID: p.TaskID, Status: Failed}, p.StudentID, p.StartupID)
	}
}
