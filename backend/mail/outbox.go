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

// Outbox is the side of the outbox table that requests see: it queues a mail and wakes the
// Worker. It stands apart from the Worker because the services that queue mails are also the
// ones that compose them at send time: they are built with the Outbox, and the Worker after them
// with the same Outbox and their Composers.
type Outbox struct {
	queue Queue
	now   func() time.Time
	wake  chan struct{}
}

// NewOutbox returns the outbox on queue, stamping mails with now (nil: time.Now).
func NewOutbox(queue Queue, now func() time.Time) *Outbox {
	if now == nil {
		now = time.Now
	}
	return &Outbox{queue: queue, now: now, wake: make(chan struct{}, 1)}
}

// Enqueue puts a mail in the outbox and wakes the worker.
func (o *Outbox) Enqueue(ctx context.Context, m Queued) error {
	if err := o.queue.Enqueue(ctx, m, o.now()); err != nil {
		return err
	}
	o.Wake()
	return nil
}

// Wake tells the worker that mail was queued, so it sends now rather than on its next poll.
func (o *Outbox) Wake() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// Worker sends the outbox's mails: at once when woken by this instance, and on a timer for mails
// queued elsewhere, retried or left by a worker that died. A failed mail is tried again after a
// backoff that doubles up to an hour, MaxAttempts times in all. Logs name a mail by id and
// subject, never by body: bodies hold reset links.
type Worker struct {
	Outbox      *Outbox
	Mailer      Mailer
	Composers   map[string]Composer
	MaxAttempts int
	Poll        time.Duration // default 2 s
	FirstRetry  time.Duration // default 30 s
	SendTimeout time.Duration // bounds one attempt; default 30 s
	Logger      *slog.Logger
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
	return &w
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
		case <-w.Outbox.wake:
		}
	}
}

// DeliverDue sends every mail due now, and reports how many were sent.
func (w *Worker) DeliverDue(ctx context.Context) (sent int) {
	for ctx.Err() == nil {
		batch, err := w.Outbox.queue.Claim(ctx, w.Outbox.now(), 2*w.SendTimeout, 20)
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
		if err := w.Outbox.queue.MarkSent(record, q.ID, w.Outbox.now()); err != nil {
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
		if err := w.Outbox.queue.MarkSent(record, q.ID, w.Outbox.now()); err != nil {
			w.Logger.Error("mail outbox: mark sent", "mail", q.ID, "err", err)
		}
		return true
	}
	var next *time.Time
	if q.Attempts < w.MaxAttempts {
		at := w.Outbox.now().Add(min(w.FirstRetry<<(q.Attempts-1), time.Hour))
		next = &at
	}
	level := slog.LevelWarn
	if next == nil {
		level = slog.LevelError
	}
	w.Logger.Log(ctx, level, "mail not sent", "mail", q.ID, "kind", q.Kind, "attempt", q.Attempts,
		"given_up", next == nil, "err", err)
	if err := w.Outbox.queue.Retry(record, q.ID, next, err.Error(), w.Outbox.now()); err != nil {
		w.Logger.Error("mail outbox: record failure", "mail", q.ID, "err", err)
	}
	return false
}
