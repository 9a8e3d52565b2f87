package store

import (
	"context"
	"errors"
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
	var last auditRow
	err := tx.Order("seq DESC").Limit(1).Take(&last).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		err = e.Seal(nil, key)
	case err != nil:
		return err
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

func (s Audit) List(ctx context.Context, f audit.Filter, offset, limit int) ([]audit.Entry, int, error) {
	q := s.DB.WithContext(ctx).Model(&auditRow{})
	if f.ActorID != "" {
		q = q.Where("actor_id = ?", f.ActorID)
	}
	if len(f.Types) > 0 {
		q = q.Where("type IN ?", f.Types)
	}
	if !f.From.IsZero() {
		q = q.Where("at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		q = q.Where("at < ?", f.To.UTC())
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []auditRow
	if err := q.Order("seq DESC").Offset(offset).Limit(limit).Find(&rows).Error; err != nil {
		return nil, 0, err
	}
	return auditEntries(rows), int(total), nil
}

func (s Audit) Concerning(ctx context.Context, userID string, types []string, limit int) ([]audit.Entry, error) {
	var rows []auditRow
	err := s.DB.WithContext(ctx).Where("(actor_id = ? OR subject_id = ?) AND type IN ?", userID, userID, types).
		Order("seq DESC").Limit(limit).Find(&rows).Error
	return auditEntries(rows), err
}

func (s Audit) After(ctx context.Context, seq int64, limit int) ([]audit.Entry, error) {
	var rows []auditRow
	err := s.DB.WithContext(ctx).Where("seq > ?", seq).Order("seq").Limit(limit).Find(&rows).Error
	return auditEntries(rows), err
}

func auditEntries(rows []auditRow) []audit.Entry {
	out := make([]audit.Entry, len(rows))
	for i, r := range rows {
		out[i] = r.toDomain()
	}
	return out
}
