package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/mail"
)

type outboxRow struct {
	ID            string
	Kind          string
	ToAddress     string
	Subject       string
	Body          string
	Attempts      int
	NextAttemptAt time.Time
	LockedUntil   *time.Time
	DoneAt        *time.Time
	LastError     string
	CreatedAt     time.Time
}

func (outboxRow) TableName() string { return "mail_outbox" }

type outboxColumn = column[outboxRow]

// outboxColumns are outboxRow's columns. last_error is nullable in the schema, though the store
// never writes NULL to it: COALESCE lets it scan into a string.
var outboxColumns = columnsOf(
	outboxColumn{"mail_outbox.id", func(r *outboxRow) any { return &r.ID }},
	outboxColumn{"mail_outbox.kind", func(r *outboxRow) any { return &r.Kind }},
	outboxColumn{"mail_outbox.to_address", func(r *outboxRow) any { return &r.ToAddress }},
	outboxColumn{"mail_outbox.subject", func(r *outboxRow) any { return &r.Subject }},
	outboxColumn{"mail_outbox.body", func(r *outboxRow) any { return &r.Body }},
	outboxColumn{"mail_outbox.attempts", func(r *outboxRow) any { return &r.Attempts }},
	outboxColumn{"mail_outbox.next_attempt_at", func(r *outboxRow) any { return &r.NextAttemptAt }},
	outboxColumn{"mail_outbox.locked_until", func(r *outboxRow) any { return &r.LockedUntil }},
	outboxColumn{"mail_outbox.done_at", func(r *outboxRow) any { return &r.DoneAt }},
	outboxColumn{"COALESCE(mail_outbox.last_error, '')", func(r *outboxRow) any { return &r.LastError }},
	outboxColumn{"mail_outbox.created_at", func(r *outboxRow) any { return &r.CreatedAt }},
)

// Outbox is the mail queue (mail.Queue).
type Outbox struct{ DB *gorm.DB }

func (s Outbox) Enqueue(ctx context.Context, m mail.Queued, now time.Time) error {
	row := newOutboxRow(m, now)
	return s.DB.WithContext(ctx).Create(&row).Error
}

// newOutboxRow is m queued at now, due at once.
func newOutboxRow(m mail.Queued, now time.Time) outboxRow {
	return outboxRow{ID: NewID(), Kind: m.Kind, ToAddress: m.To, Subject: m.Subject, Body: m.Body,
		NextAttemptAt: now.UTC(), CreatedAt: now.UTC()}
}

// Claim leases up to n due mails to the caller until now+lease and counts the attempt. Each
// row is taken by a conditional update, so of several instances claiming at once exactly one gets
// it; a claimer that dies leaves its lease to expire, and the mail is tried again.
func (s Outbox) Claim(ctx context.Context, now time.Time, lease time.Duration, n int) ([]mail.Queued, error) {
	now = now.UTC()
	// The read names its table to gorm as the worker's updates do: the tests that count a
	// request's statements leave the worker's polls out by it (TestDashboards_fixedQueryCount).
	due, err := rowsOf(s.DB.WithContext(ctx).Table("mail_outbox"),
		whereOf("mail_outbox.done_at IS NULL AND mail_outbox.next_attempt_at <= ?", now).
			and("(mail_outbox.locked_until IS NULL OR mail_outbox.locked_until < ?)", now).
			stmt("SELECT "+outboxColumns.list+" FROM mail_outbox", nil, " ORDER BY mail_outbox.next_attempt_at"+limit(n)),
		outboxColumns)
	if err != nil {
		return nil, err
	}
	var claimed []mail.Queued
	for _, r := range due {
		res := s.DB.WithContext(ctx).Model(&outboxRow{}).
			Where("id = ? AND done_at IS NULL AND (locked_until IS NULL OR locked_until < ?)", r.ID, now).
			Updates(map[string]any{"locked_until": now.Add(lease), "attempts": gorm.Expr("attempts + 1")})
		if res.Error != nil {
			return claimed, res.Error
		}
		if res.RowsAffected == 1 {
			claimed = append(claimed, mail.Queued{ID: r.ID, Kind: r.Kind, Attempts: r.Attempts + 1,
				Message: mail.Message{To: r.ToAddress, Subject: r.Subject, Body: r.Body}})
		}
	}
	return claimed, nil
}

func (s Outbox) MarkSent(ctx context.Context, id string, now time.Time) error {
	return s.DB.WithContext(ctx).Model(&outboxRow{}).Where("id = ?", id).
		Updates(map[string]any{"done_at": now.UTC(), "locked_until": nil, "last_error": ""}).Error
}

// Retry records a failed attempt: the mail is due again at next, or given up when next is nil.
func (s Outbox) Retry(ctx context.Context, id string, next *time.Time, lastError string, now time.Time) error {
	updates := map[string]any{"locked_until": nil, "last_error": truncate(lastError, 500)}
	if next == nil {
		updates["done_at"] = now.UTC()
	} else {
		updates["next_attempt_at"] = next.UTC()
	}
	return s.DB.WithContext(ctx).Model(&outboxRow{}).Where("id = ?", id).Updates(updates).Error
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
