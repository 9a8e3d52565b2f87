package audit

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash"
	"time"
)

// Key is the secret the chain is sealed with: every entry's hash is HMAC-SHA256 under it. With
// a plain hash, anyone who can write the database edits an entry and recomputes it and every
// hash after it in a few lines of script, and the chain verifies with a new head; without the
// key those hashes cannot be made. The key lives in the configuration (AUDIT_KEY, or derived from
// JWT_SECRET), never in the database.
type Key struct{ secret []byte }

// NewKey is the key the operator chose (AUDIT_KEY).
func NewKey(secret []byte) Key { return Key{secret: bytes.Clone(secret)} }

// derivationLabel makes the derived key differ from the tokens' secret it comes from, so that a
// token's signature and an entry's hash never share a key.
const derivationLabel = "bridgework audit chain v1"

// DerivedKey is the key of a deployment without AUDIT_KEY: HMAC-SHA256(JWT_SECRET, label). Every
// instance of a cluster shares JWT_SECRET, so they all seal alike; rotating JWT_SECRET without
// AUDIT_KEY set changes the key, and the whole trail then reads as changed (docs/security.md).
func DerivedKey(jwtSecret []byte) Key {
	m := hmac.New(sha256.New, jwtSecret)
	m.Write([]byte(derivationLabel))
	return Key{secret: m.Sum(nil)}
}

var errNoKey = errors.New("audit: the chain's key is not set")

func (k Key) set() bool { return len(k.secret) > 0 }

// mac is a new HMAC-SHA256 under the key.
func (k Key) mac() hash.Hash { return hmac.New(sha256.New, k.secret) }

// digest hashes every field but Hash itself with h, each prefixed by its length so that no two
// different entries encode alike.
func (e *Entry) digest(h hash.Hash) string {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(e.Seq))
	h.Write(n[:])
	for _, f := range []string{e.At.Format(time.RFC3339Nano), e.Type, e.ActorID, e.SubjectID, e.Target, e.IP, e.Detail, e.PrevHash} {
		binary.BigEndian.PutUint64(n[:], uint64(len(f)))
		h.Write(n[:])
		h.Write([]byte(f))
	}
	return hex.EncodeToString(h.Sum(nil))
}
