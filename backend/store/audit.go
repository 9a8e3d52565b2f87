package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/audit"
)

type auditRow struct {
	Seq       int64 `gorm:"primaryKey;autoIncrement:false"`
	At        time.Time
	Type      string
	ActorID   string
	SubjectID string
	Target    string
	IP        string
	Detail    string
	PrevHash  string
	Hash      string
}

func (auditRow) TableName() string { return "audit_events" }

type auditColumn = column[auditRow]

var auditColumns = columnsOf(
	auditColumn{"audit_events.seq", func(r *auditRow) any { return &r.Seq }},
	auditColumn{"audit_events.at", func(r *auditRow) any { return &r.At }},
	auditColumn{"audit_events.type", func(r *auditRow) any { return &r.Type }},
	auditColumn{"audit_events.actor_id", func(r *auditRow) any { return &r.ActorID }},
	auditColumn{"audit_events.subject_id", func(r *auditRow) any { return &r.SubjectID }},
	auditColumn{"audit_events.target", func(r *auditRow) any { return &r.Target }},
	auditColumn{"audit_events.ip", func(r *auditRow) any { return &r.IP }},
	auditColumn{"audit_events.detail", func(r *auditRow) any { return &r.Detail }},
	auditColumn{"audit_events.prev_hash", func(r *auditRow) any { return &r.PrevHash }},
	auditColumn{"audit_events.hash", func(r *auditRow) any { return &r.Hash }},
)

func (r auditRow) toDomain() audit.Entry {
	return audit.Entry{Seq: r.Seq, At: r.At.UTC(), Type: r.Type, ActorID: r.ActorID, SubjectID: r.SubjectID,
		Target: r.Target, IP: r.IP, Detail: r.Detail, PrevHash: r.PrevHash, Hash: r.Hash}
}

// auditLockID names the PostgreSQL advisory lock that orders appends to the trail.
const auditLockID = 7_341_902_118

// Audit is the trail's store; Key seals what it appends.
type Audit struct {
	DB  *gorm.DB
	Key audit.Key
}

func (s Audit) Append(ctx context.Context, e *audit.Entry) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return appendAudit(tx, s.Key, e) })
}

// lockAudit takes the trail's lock to the end of tx, so that appends take turns across every
// instance; SQLite's one connection already runs one transaction at a time.
func lockAudit(tx *gorm.DB) error {
	if !IsPostgres(tx) {
		return nil
	}
	return tx.Exec("SELECT pg_advisory_xact_lock(?)", auditLockID).Error
}

// appendAudit seals e with key after the trail's last entry and writes it, inside tx: a change
// and its entry commit together.
func appendAudit(tx *gorm.DB, key audit.Key, e *audit.Entry) error {
	if e.At.IsZero() {
		e.At = time.Now()
	}
	if err := lockAudit(tx); err != nil {
		return err
	}
	last, found, err := firstOf(tx, sqlOf("SELECT "+auditColumns.list+" FROM audit_events ORDER BY audit_events.seq DESC"+limit(1)), auditColumns)
	switch {
	case err != nil:
		return err
	case !found:
		err = e.Seal(nil, key)
	default:
		prev := last.toDomain()
		err = e.Seal(&prev, key)
	}
	if err != nil {
		return err
	}
	return tx.Create(&auditRow{Seq: e.Seq, At: e.At, Type: e.Type, ActorID: e.ActorID, SubjectID: e.SubjectID,
		Target: e.Target, IP: e.IP, Detail: e.Detail, PrevHash: e.PrevHash, Hash: e.Hash}).Error
}

// List reads a page of the entries f keeps, newest first, and counts them all, in one round
// trip on PostgreSQL.
func (s Audit) List(ctx context.Context, f audit.Filter, offset, limit int) ([]audit.Entry, int, error) {
	db := s.DB.WithContext(ctx)
	var w where
	if f.ActorID != "" {
		w = w.and("audit_events.actor_id = ?", f.ActorID)
	}
	if len(f.Types) > 0 {
		w = w.and(inList(db, "audit_events.type", f.Types))
	}
	if !f.From.IsZero() {
		w = w.and("audit_events.at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		w = w.and("audit_events.at < ?", f.To.UTC())
	}
	// A range's plan hangs on its bounds (a day of a trail of years, or all of it), so a batch
	// holding one leaves PostgreSQL its own choice of plan, as it had when the page was read alone.
	w.perValue = !f.From.IsZero() || !f.To.IsZero()
	b := newReadBatch(db)
	var total int
	readCount(b, w.stmt("SELECT COUNT(*) FROM audit_events", nil, ""), &total)
	page, args := limitOffset(limit, offset)
	var rows []auditRow
	read(b, w.stmt("SELECT "+auditColumns.list+" FROM audit_events", nil, " ORDER BY audit_events.seq DESC"+page, args...), auditColumns, &rows)
	if err := b.run(); err != nil {
		return nil, 0, err
	}
	return auditEntries(rows), total, nil
}

func (s Audit) Concerning(ctx context.Context, userID string, types []string, n int) ([]audit.Entry, error) {
	db := s.DB.WithContext(ctx)
	rows, err := rowsOf(db, whereOf("(audit_events.actor_id = ? OR audit_events.subject_id = ?)", userID, userID).
		and(inList(db, "audit_events.type", types)).
		stmt("SELECT "+auditColumns.list+" FROM audit_events", nil, " ORDER BY audit_events.seq DESC"+limit(n)), auditColumns)
	return auditEntries(rows), err
}

func (s Audit) After(ctx context.Context, seq int64, n int) ([]audit.Entry, error) {
	rows, err := rowsOf(s.DB.WithContext(ctx), sqlOf("SELECT "+auditColumns.list+" FROM audit_events WHERE audit_events.seq > ? ORDER BY audit_events.seq"+
		limit(n), seq), auditColumns)
	return auditEntries(rows), err
}

func auditEntries(rows []auditRow) []audit.Entry {
	out := make([]audit.Entry, len(rows))
	for i, r := range rows {
		out[i] = r.toDomain()
	}
	return out
}
