package mail

import (
	"context"
	"log/slog"
	"time"
)

// Queued is a mail in the outbox. A mail with a Kind is composed when it is sent, by the
// Composer registered for that kind, from its To address and, for kinds that need one, a
// reference its request left in Body (never a secret: links are made at send time).
type Queued struct {
	ID       string
	Kind     string
	Attempts int // including the one in progress
	Message
}

// Queue is the outbox table.
type Queue interface {
	Enqueue(ctx context.Context, m Queued, now time.Time) error
	// Claim leases up to limit due mails to this worker until now+lease, counting the attempt.
	Claim(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Queued, error)
	MarkSent(ctx context.Context, id string, now time.Time) error
	// Retry records a failed attempt: due again at next, or given up when next is nil.
	Retry(ctx context.Context, id string, next *time.Time, lastError string, now time.Time) error
}

// Composer makes the message of a kind of mail at send time; send false drops it.
type Composer func(ctx context.Context, q Queued) (m Message, send bool, err error)

// Worker sends the outbox's mails: at once when woken by this instance, and on a timer for mails
// queued elsewhere, retried or left by a worker that died. A failed mail is tried again after a
// backoff that doubles up to an hour, MaxAttempts times in all. Logs name a mail by id and
// subject, never by body: bodies hold reset links.
type Worker struct {
	Queue       Queue
	Mailer      Mailer
	Composers   map[string]Composer
	MaxAttempts int
	Poll        time.Duration // default 2 s
	FirstRetry  time.Duration // default 30 s
	SendTimeout time.Duration // bounds one attempt; default 30 s
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
	if w.SendTimeout <= 0 {
		w.SendTimeout = 30 * time.Second // a mail server that hangs costs a retry, not the worker
	}
	if w.MaxAttempts <= 0 {
		w.MaxAttempts = 8
	}
	if w.Now == nil {
		w.Now = time.Now
	}
	w.wake = make(chan struct{}, 1)
	return &w
}

// Enqueue puts a mail in the outbox and wakes the worker.
func (w *Worker) Enqueue(ctx context.Context, m Queued) error {
	if err := w.Queue.Enqueue(ctx, m, w.Now()); err != nil {
		return err
	}
	w.Wake()
	return nil
}

// Wake tells the worker that mail was queued, so it sends now rather than on its next poll.
func (w *Worker) Wake() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run sends due mails until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	timer := time.NewTicker(w.Poll)
	defer timer.Stop()
	for {
		w.DeliverDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		case <-w.wake:
		}
	}
}

// DeliverDue sends every mail due now, and reports how many were sent.
func (w *Worker) DeliverDue(ctx context.Context) (sent int) {
	for ctx.Err() == nil {
		batch, err := w.Queue.Claim(ctx, w.Now(), 2*w.SendTimeout, 20)
		if err != nil {
			w.Logger.Error("mail outbox: claim", "err", err)
			return sent
		}
		if len(batch) == 0 {
			return sent
		}
		for _, q := range batch {
			if w.deliver(ctx, q) {
				sent++
			}
		}
	}
	return sent
}

func (w *Worker) deliver(ctx context.Context, q Queued) bool {
	// The outcome is recorded even when shutdown interrupts the attempt, so the mail is not left
	// leased to a worker that is gone.
	record := context.WithoutCancel(ctx)
	msg, send, err := q.Message, true, error(nil)
	if compose := w.Composers[q.Kind]; compose != nil {
		msg, send, err = compose(ctx, q)
	}
	if err == nil && !send {
		if err := w.Queue.MarkSent(record, q.ID, w.Now()); err != nil {
			w.Logger.Error("mail outbox: mark dropped", "mail", q.ID, "err", err)
		}
		return false
	}
	if err == nil {
		sendCtx, cancel := context.WithTimeout(ctx, w.SendTimeout)
		err = w.Mailer.Send(sendCtx, msg)
		cancel()
	}
	if err == nil {
		if err := w.Queue.MarkSent(record, q.ID, w.Now()); err != nil {
			w.Logger.Error("mail outbox: mark sent", "mail", q.ID, "err", err)
		}
		return true
	}
	var next *time.Time
	if q.Attempts < w.MaxAttempts {
		at := w.Now().Add(min(w.FirstRetry<<(q.Attempts-1), time.Hour))
		next = &at
	}
	level := slog.LevelWarn
	if next == nil {
		level = slog.LevelError
	}
	w.Logger.Log(ctx, level, "mail not sent", "mail", q.ID, "kind", q.Kind, "attempt", q.Attempts,
		"given_up", next == nil, "err", err)
	if err := w.Queue.Retry(record, q.ID, next, err.Error(), w.Now()); err != nil {
		w.Logger.Error("mail outbox: record failure", "mail", q.ID, "err", err)
	}
	return false
}
