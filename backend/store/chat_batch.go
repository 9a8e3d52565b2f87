package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/batch"
	"bridgework/backend/chat"
)

// MessageInserts writes the messages sent at the same moment in one INSERT: one statement and
// one commit (one WAL flush on PostgreSQL) for all of them rather than one each, which is most
// of what a message costs the database under load (batch.Queue: a send alone is written at once;
// under load batches start at least the interval apart). Share one per database.
type MessageInserts struct {
	queue batch.Queue[messageRow]
}

// NewMessageInserts starts batches at least interval apart (CHAT_COMMIT_INTERVAL).
func NewMessageInserts(interval time.Duration) *MessageInserts {
	return &MessageInserts{queue: batch.Queue[messageRow]{Interval: interval, Max: maxInsertBatch}}
}

// maxInsertBatch bounds one INSERT (six parameters a row).
const maxInsertBatch = 256

// batchTimeout bounds a batch's statement: it runs for several requests, so it cannot use one
// request's context, which its client may cancel.
const batchTimeout = 10 * time.Second

func (b *MessageInserts) insert(ctx context.Context, db *gorm.DB, row messageRow) error {
	return b.queue.Do(row, func(rows []messageRow) []error {
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), batchTimeout)
		defer cancel()
		return writeBatch(db.WithContext(wctx).Session(&gorm.Session{SkipDefaultTransaction: true}), rows)
	})
}

// writeBatch inserts the rows in one statement and returns each one's result. When the
// statement fails on a unique index (a retried client id, most likely one row's), every row is
// written on its own instead, so that only the duplicate fails.
func writeBatch(db *gorm.DB, rows []messageRow) []error {
	errs := make([]error, len(rows))
	err := db.Create(&rows).Error
	if len(rows) > 1 && errors.Is(err, gorm.ErrDuplicatedKey) {
		for i := range rows {
			errs[i] = insertError(db.Create(&rows[i]).Error)
		}
		return errs
	}
	for i := range errs {
		errs[i] = insertError(err)
	}
	return errs
}

func insertError(err error) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return chat.ErrDuplicateClientID
	}
	return err
}
