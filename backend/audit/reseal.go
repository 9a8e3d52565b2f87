package audit

import (
	"crypto/sha256"
	"fmt"
)

// Resealer upgrades a trail that earlier versions sealed with plain SHA-256: it checks each entry,
// oldest first, against that old digest and seals it again with the key. It runs once, in the
// store's migration 0022_audit_keyed, under the trail's lock; after it there is one digest only,
// so no entry carries a flag that could be set back to the old one.
//
// The first entry that does not follow under the old digest ends the reseal: it and every entry
// after it keep their old hashes. Sealing them too would bless an edit made before the upgrade,
// and leaving the whole trail unkeyed would move the break to entry 1; this way Verify still
// names the entry where the old chain broke.
type Resealer struct {
	key      Key
	old      *Entry // the last entry checked, as the old digest sealed it
	prev     *Entry // the same entry, sealed again with the key
	resealed int64
	brokenAt int64
	reason   string
}

// NewResealer reseals with key.
func NewResealer(key Key) *Resealer { return &Resealer{key: key} }

// Next seals e again with the key when it follows the old chain, and reports whether it did.
// Once an entry does not, Next seals nothing more.
func (r *Resealer) Next(e *Entry) bool {
	if r.brokenAt != 0 {
		return false
	}
	if reason := follows(r.old, e, sha256.New); reason != "" {
		r.brokenAt, r.reason = e.Seq, reason
		return false
	}
	old := *e
	r.old = &old
	e.PrevHash = ""
	if r.prev != nil {
		e.PrevHash = r.prev.Hash
	}
	e.Hash = e.digest(r.key.mac())
	resealed := *e
	r.prev = &resealed
	r.resealed++
	return true
}

// Record is the entry that puts the reseal itself on the trail, to be sealed after its last
// entry: how many entries were sealed again and, if the old chain broke, where and why.
func (r *Resealer) Record() Entry {
	detail := fmt.Sprintf("entries 1–%d sealed again with the audit key", r.resealed)
	if r.resealed == 0 {
		detail = "no entry sealed again with the audit key"
	}
	if r.brokenAt != 0 {
		detail += fmt.Sprintf("; the unkeyed chain breaks at entry %d (%s): it and the entries after it keep their unkeyed hashes", r.brokenAt, r.reason)
	}
	return Entry{Type: Resealed, Detail: detail}
}
