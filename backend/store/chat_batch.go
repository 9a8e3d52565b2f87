package store

import (
	"context"
	"errors"
	"sync"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/chat"
)

// MessageInserts writes the messages sent at the same moment in one INSERT: one statement and
// one commit (one WAL flush on PostgreSQL) for all of them rather than one each, which is most
// of what a message costs the database under load. A send that arrives while a batch is being
// written waits for that one to finish and then writes, as the next batch, everything that
// arrived meanwhile (leader and followers, like PostgreSQL's own group commit). Batches start at
// least Interval apart: under load a send waits up to Interval for others to join it, while a
// send with no batch started in the last Interval writes at once and waits for nobody. Its zero
// value is ready (no interval); share one per database.
type MessageInserts struct {
	// Interval is the least time between two batches' starts (CHAT_COMMIT_INTERVAL).
	Interval time.Duration

	mu        sync.Mutex
	queue     []*pendingInsert
	writing   bool      // a leader is writing, or waiting for Interval to pass; the next to arrive queues
	lastStart time.Time // when the last batch was taken from the queue
}

type pendingInsert struct {
	row messageRow
	// done receives errLead (this send writes the next batch) or the send's result.
	done chan error
}

// errLead is handed to the first queued send when the batch before it is written.
var errLead = errors.New("store: write the next batch")

// maxInsertBatch bounds one INSERT (six parameters a row).
const maxInsertBatch = 256

// batchTimeout bounds a batch's statement: it runs for several requests, so it cannot use one
// request's context, which its client may cancel.
const batchTimeout = 10 * time.Second

func (b *MessageInserts) insert(ctx context.Context, db *gorm.DB, row messageRow) error {
	p := &pendingInsert{row: row, done: make(chan error, 1)}
	b.mu.Lock()
	b.queue = append(b.queue, p)
	if !b.writing {
		b.writing = true
		p.done <- errLead
	}
	b.mu.Unlock()
	for {
		err := <-p.done
		if err != errLead {
			return err
		}
		b.mu.Lock()
		if wait := time.Until(b.lastStart.Add(b.Interval)); wait > 0 {
			// Those who arrive meanwhile queue behind this send, and join its batch.
			b.mu.Unlock()
			time.Sleep(wait)
			b.mu.Lock()
		}
		b.lastStart = time.Now()
		n := min(len(b.queue), maxInsertBatch)
		batch := b.queue[:n:n]
		b.queue = b.queue[n:]
		b.mu.Unlock()

		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), batchTimeout)
		writeBatch(db.WithContext(wctx).Session(&gorm.Session{SkipDefaultTransaction: true}), batch)
		cancel()

		b.mu.Lock()
		if len(b.queue) > 0 {
			b.queue[0].done <- errLead
		} else {
			b.writing = false
		}
		b.mu.Unlock()
	}
}

// writeBatch inserts the batch's rows in one statement and tells each send its result. When
// the statement fails on a unique index (a retried client id, most likely one row's), every row
// is written on its own instead, so that only the duplicate fails.
func writeBatch(db *gorm.DB, batch []*pendingInsert) {
	rows := make([]messageRow, len(batch))
	for i, p := range batch {
		rows[i] = p.row
	}
	err := db.Create(&rows).Error
	if len(batch) > 1 && errors.Is(err, gorm.ErrDuplicatedKey) {
		for _, p := range batch {
			p.done <- insertError(db.Create(&p.row).Error)
		}
		return
	}
	for _, p := range batch {
		p.done <- insertError(err)
	}
}

func insertError(err error) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return chat.ErrDuplicateClientID
	}
	return err
}
