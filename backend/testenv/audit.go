package testenv

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/audit"
)

// AuditKey is the audit trail's key in the tests that build the trail's store themselves.
var AuditKey = audit.NewKey([]byte("test-audit-key-test-audit-key-0123"))

type unkeyedRow struct {
	Seq                                                          int64 `gorm:"primaryKey;autoIncrement:false"`
	At                                                           time.Time
	Type, ActorID, SubjectID, Target, IP, Detail, PrevHash, Hash string
}

// SealUnkeyed seals every audit entry from seq from on again with plain SHA-256, each linking to
// the entry stored before it, as versions before the keyed chain did: the script of someone who
// can write the database and has just edited entry from.
func SealUnkeyed(db *gorm.DB, from int64) error {
	var rows []unkeyedRow
	if err := db.Table("audit_events").Where("seq >= ?", from-1).Order("seq").Find(&rows).Error; err != nil {
		return err
	}
	prevHash := ""
	for _, r := range rows {
		if r.Seq >= from {
			r.PrevHash = prevHash
			r.Hash = unkeyedDigest(r)
			err := db.Table("audit_events").Where("seq = ?", r.Seq).Updates(map[string]any{"prev_hash": r.PrevHash, "hash": r.Hash}).Error
			if err != nil {
				return err
			}
		}
		prevHash = r.Hash
	}
	return nil
}

// WriteUnkeyedTrail makes db hold entries as a version before the keyed chain left it: sealed
// with plain SHA-256 (seq 1, 2, … in order), and migration 0022_audit_keyed, which has no schema
// of its own, not yet run.
func WriteUnkeyedTrail(db *gorm.DB, entries []audit.Entry) error {
	for i, e := range entries {
		row := unkeyedRow{Seq: int64(i + 1), At: e.At.UTC().Truncate(time.Microsecond), Type: e.Type, ActorID: e.ActorID,
			SubjectID: e.SubjectID, Target: e.Target, IP: e.IP, Detail: e.Detail}
		if err := db.Table("audit_events").Create(&row).Error; err != nil {
			return err
		}
	}
	if err := SealUnkeyed(db, 1); err != nil {
		return err
	}
	return db.Exec("DELETE FROM migrations WHERE id = ?", "0022_audit_keyed").Error
}

// unkeyedDigest is the hash earlier versions sealed an entry with: SHA-256 over its fields, each
// prefixed by its length.
func unkeyedDigest(r unkeyedRow) string {
	h := sha256.New()
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(r.Seq))
	h.Write(n[:])
	for _, f := range []string{r.At.UTC().Format(time.RFC3339Nano), r.Type, r.ActorID, r.SubjectID, r.Target, r.IP, r.Detail, r.PrevHash} {
		binary.BigEndian.PutUint64(n[:], uint64(len(f)))
		h.Write(n[:])
		h.Write([]byte(f))
	}
	return hex.EncodeToString(h.Sum(nil))
}
