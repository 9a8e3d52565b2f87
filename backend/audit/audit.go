// Package audit keeps the append-only trail of what matters for trust and oversight: sign-ins
// and their failures, password and session changes, decisions on work, a startup's changes to
// what it posted, certificates, ratings and every time the admin opens a person's dashboard.
//
// Each entry carries the hash of the one before it and a hash of itself over both, so the trail
// is a chain: editing an entry breaks its own hash, deleting one breaks the next entry's link
// and leaves a gap in the sequence. Verify walks the chain and names the first break. The hashes
// are HMAC-SHA256 under a key kept outside the database (Key), so someone who can write the
// database cannot seal an edited entry and the ones after it again. Every hour (by default) the
// head is also written to the log as a signed checkpoint (WriteCheckpoint), which shows a cut
// tail later.
//
// An entry about a change to work (an approval, a certificate) is written by the transaction that
// makes the change, so the two commit together. An entry about a request that changes nothing
// else (a failed sign-in) is written on its own by Service.Record, best effort: a database that
// cannot take the entry must not also refuse the person signing in.
package audit

import (
	"context"
	"crypto/hmac"
	"hash"
	"log/slog"
	"time"
)

// The kinds of entries.
const (
	SignIn             = "signin"
	SignInFailed       = "signin.failed"
	PasswordChanged    = "password.changed"
	PasswordReset      = "password.reset"
	SessionsEnded      = "sessions.ended"
	SubmissionApproved = "submission.approved"
	SubmissionRejected = "submission.rejected"
	ChangesRequested   = "submission.changes_requested"
	CertificateIssued  = "certificate.issued"
	RatingGiven        = "rating.given"
	AdminViewed        = "admin.viewed"
	Resealed           = "audit.resealed"  // the upgrade sealed the unkeyed trail again with the key (Resealer)
	PaymentChanged     = "payment.changed" // a payment was opened, sent, confirmed, disputed or transferred
	FundingChanged     = "funding.changed" // a task's funding arrived or its rest was refunded
	TaskEdited         = "task.edited"     // a startup changed a task it posted
	TaskClosed         = "task.closed"     // a startup closed a task with a reason, unfilled
	TaskWithdrawn      = "task.withdrawn"  // a startup deleted a task nobody had submitted to
	TaskReposted       = "task.reposted"   // a startup posted an ended task again, as a new one
)

// Types lists every kind, in the order the admin's filter offers them.
var Types = []string{
	SignIn, SignInFailed, PasswordChanged, PasswordReset, SessionsEnded,
	SubmissionApproved, SubmissionRejected, ChangesRequested, CertificateIssued, RatingGiven,
	AdminViewed, Resealed, PaymentChanged, FundingChanged, TaskEdited, TaskClosed, TaskWithdrawn, TaskReposted,
}

// SecurityTypes are the kinds a user reads about their own account ("recent sign-ins").
var SecurityTypes = []string{SignIn, SignInFailed, PasswordChanged, PasswordReset, SessionsEnded}

// Entry is one line of the trail.
type Entry struct {
	Seq       int64     // 1, 2, …: a gap means a deleted entry
	At        time.Time // UTC, to the microsecond (what both databases keep); zero is "now"
	Type      string
	ActorID   string // who did it; empty for a failed sign-in to an unknown address
	SubjectID string // whose account it concerns, if anyone's (the student approved, the person viewed)
	Target    string // the object acted on: a task, submission, certificate or rating id
	IP        string
	Detail    string // a short human text, e.g. the task's title or why a sign-in failed
	PrevHash  string
	Hash      string
}

// Seal sets e's place in the chain after prev (nil for the first entry): its sequence number,
// its link to prev and its own hash under key. The store calls it while it holds the trail's lock.
func (e *Entry) Seal(prev *Entry, key Key) error {
	if !key.set() {
		return errNoKey
	}
	e.At = e.At.UTC().Truncate(time.Microsecond)
	e.Seq, e.PrevHash = 1, ""
	if prev != nil {
		e.Seq, e.PrevHash = prev.Seq+1, prev.Hash
	}
	e.Hash = e.digest(key.mac())
	return nil
}

type clientIPKey struct{}

// WithClientIP carries the client address of the request being served to the entries written
// while serving it, however deep in the domain they are written.
func WithClientIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, clientIPKey{}, ip)
}

// ClientIP is the address WithClientIP stored, or "".
func ClientIP(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey{}).(string)
	return ip
}

// Filter selects entries for the admin's view; zero fields select everything.
type Filter struct {
	ActorID string
	Types   []string
	From    time.Time // inclusive
	To      time.Time // exclusive
}

// Store is what the service needs from the database.
type Store interface {
	// Append seals e after the last entry and writes it, holding the trail's lock.
	Append(ctx context.Context, e *Entry) error
	// List reads limit entries past offset, newest first, and counts them all.
	List(ctx context.Context, f Filter, offset, limit int) ([]Entry, int, error)
	// Concerning reads the newest entries of the given types whose actor or subject is the user.
	Concerning(ctx context.Context, userID string, types []string, limit int) ([]Entry, error)
	// After reads up to limit entries with Seq > seq, oldest first.
	After(ctx context.Context, seq int64, limit int) ([]Entry, error)
}

// Service records and reads the trail.
type Service struct {
	Store  Store
	Key    Key // what the chain is sealed with: the one the store appends with
	Logger *slog.Logger
}

// Record appends an entry that stands on its own, best effort: a failure is logged, not returned.
func (s *Service) Record(ctx context.Context, e Entry) {
	if err := s.Store.Append(ctx, &e); err != nil {
		s.Logger.ErrorContext(ctx, "audit entry lost", "type", e.Type, "actor", e.ActorID, "err", err)
	}
}

// List is the admin's view of the trail.
func (s *Service) List(ctx context.Context, f Filter, offset, limit int) ([]Entry, int, error) {
	return s.Store.List(ctx, f, offset, limit)
}

// SecurityEventsShown is how many of their recent security events a user sees: Settings' sign-in
// log says "Your last 20 sign-ins", and an account hammered by guesses should not bury its owner
// in pages of failures.
const SecurityEventsShown = 20

// SecurityEvents are the user's own recent sign-ins, failures, password and session changes.
func (s *Service) SecurityEvents(ctx context.Context, userID string) ([]Entry, error) {
	return s.Store.Concerning(ctx, userID, SecurityTypes, SecurityEventsShown)
}

// Report is what Verify found.
// Removing the newest entries leaves no break behind, so the report gives the head's hash: kept
// anywhere outside the database, it shows a cut tail later.
type Report struct {
	Checked  int   // entries whose link and hash were checked
	BrokenAt int64 // the sequence number where the chain first breaks; 0 when whole
	Reason   string
	Head     string // the hash of the last entry checked
}

// verifyBatch is how many entries Verify reads at a time.
const verifyBatch = 1000

// Verify walks the whole chain, oldest first, and stops at the first entry that does not follow
// from the one before it.
func (s *Service) Verify(ctx context.Context) (Report, error) {
	r, _, err := s.walk(ctx, 0)
	return r, err
}

// walk is Verify, also giving the hash of entry seq when the chain is whole up to it ("" when
// it is not, or seq is 0).
func (s *Service) walk(ctx context.Context, seq int64) (r Report, hashAtSeq string, err error) {
	if !s.Key.set() {
		return r, "", errNoKey
	}
	var prev *Entry
	for {
		var after int64
		if prev != nil {
			after = prev.Seq
		}
		batch, err := s.Store.After(ctx, after, verifyBatch)
		if err != nil {
			return r, "", err
		}
		for i := range batch {
			e := &batch[i]
			if reason := follows(prev, e, s.Key.mac); reason != "" {
				r.BrokenAt, r.Reason = e.Seq, reason
				return r, hashAtSeq, nil
			}
			if e.Seq == seq {
				hashAtSeq = e.Hash
			}
			r.Checked, r.Head = r.Checked+1, e.Hash
			prev = e
		}
		if len(batch) < verifyBatch {
			return r, hashAtSeq, nil
		}
	}
}

// follows says why e cannot come right after prev, or "" when it does, with hashes made by
// newHash: the key's HMAC, or for the upgrade of an unkeyed trail plain SHA-256 (Resealer).
func follows(prev, e *Entry, newHash func() hash.Hash) string {
	wantSeq, wantPrev := int64(1), ""
	if prev != nil {
		wantSeq, wantPrev = prev.Seq+1, prev.Hash
	}
	switch {
	case e.Seq != wantSeq:
		return "an entry is missing before this one"
	case e.PrevHash != wantPrev:
		return "this entry does not link to the one before it"
	case !hmac.Equal([]byte(e.digest(newHash())), []byte(e.Hash)):
		return "this entry was changed after it was written"
	}
	return ""
}
