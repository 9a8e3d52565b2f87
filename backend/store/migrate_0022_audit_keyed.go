package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"

	"bridgework/backend/audit"
)

// migrateAuditKeyed seals the audit trail, which earlier versions hashed with plain SHA-256,
// again with the audit key (audit.Resealer), in the migration's one transaction and under the
// trail's lock. The old chain is checked as it is resealed: the entries up to its first break
// are sealed again, the break and what follows keep their old hashes, so Verify still names it.
// A last audit.resealed entry puts the reseal itself on the trail.
//
// It runs once, as every migration does; the record that it ran is in the database, like the
// trail. Someone who deletes that record, rewrites the whole trail with plain SHA-256 and waits
// for a restart gets it sealed again, but not unseen: a second audit.resealed entry appears, and
// every checkpoint logged before it no longer holds (docs/security.md). There is no way back to
// the unkeyed digest, so no Rollback.
func migrateAuditKeyed(key audit.Key) *gormigrate.Migration {
	// auditEvent is audit_events as migration 0011 made it.
	type auditEvent struct {
		Seq                                                          int64 `gorm:"primaryKey;autoIncrement:false"`
		At                                                           time.Time
		Type, ActorID, SubjectID, Target, IP, Detail, PrevHash, Hash string
	}
	entry := func(r auditEvent) audit.Entry {
		return audit.Entry{Seq: r.Seq, At: r.At.UTC(), Type: r.Type, ActorID: r.ActorID, SubjectID: r.SubjectID,
			Target: r.Target, IP: r.IP, Detail: r.Detail, PrevHash: r.PrevHash, Hash: r.Hash}
	}
	return &gormigrate.Migration{
		ID: "0022_audit_keyed",
		Migrate: func(tx *gorm.DB) error {
			if err := lockAudit(tx); err != nil {
				return err
			}
			resealer := audit.NewResealer(key)
			var last *audit.Entry
			for {
				var after int64
				if last != nil {
					after = last.Seq
				}
				var rows []auditEvent
				if err := tx.Table("audit_events").Where("seq > ?", after).Order("seq").Limit(1000).Find(&rows).Error; err != nil {
					return err
				}
				for _, r := range rows {
					e := entry(r)
					if resealer.Next(&e) {
						err := tx.Table("audit_events").Where("seq = ?", e.Seq).
							Updates(map[string]any{"prev_hash": e.PrevHash, "hash": e.Hash}).Error
						if err != nil {
							return err
						}
					}
					last = &e
				}
				if len(rows) < 1000 {
					break
				}
			}
			if last == nil {
				return nil // a new trail: nothing to reseal
			}
			record := resealer.Record()
			record.At = time.Now()
			if err := record.Seal(last, key); err != nil {
				return err
			}
			return tx.Table("audit_events").Create(&auditEvent{Seq: record.Seq, At: record.At, Type: record.Type,
				Detail: record.Detail, PrevHash: record.PrevHash, Hash: record.Hash}).Error
		},
	}
}
