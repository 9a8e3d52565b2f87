// Package digest emails people what they missed while away: one mail that gathers a user's
// unread messages (by conversation) and notifications (submission updates, task alerts) once no
// tab of theirs has been open for OfflineAfter, at most one per MinInterval, following their
// preferences per type (settings.go), with a signed one-click unsubscribe (unsubscribe.go).
//
// A run (Run, every DIGEST_CHECK_EVERY on one instance) only decides who gets a mail and queues it in
// the outbox with the window it covers, moving the user's marks in the same transaction: a
// restart loses nothing and sends nothing twice. The mail is written when the outbox sends it
// (Compose), from what is still unread then.
//
// What a user wrote (a chat message, a startup's review notes) is quoted under their name ("Nimbus
// Labs wrote:", then "> " and the text, or a blockquote), one paragraph of plain text
// (textcheck.Excerpt), never as Bridgework's words nor as a link of the mail: a startup's notes
// dressed as a Bridgework warning read as what they are.
package digest

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"time"

	"bridgework/backend/mail"
)

// MailKind is the outbox kind of a digest.
const MailKind = "digest"

// Pending is a user's unread items of one type that no digest covered yet.
type Pending struct {
	UserID string
	Type   Type
	SentAt *time.Time // the last digest that covered this type; nil: none yet
	From   time.Time  // what that digest covered; the zero time when none
}

// Recipient is what a run needs to know of a user with pending items.
type Recipient struct {
	ID, Email, Name string
	Settings        Settings
	LastSeen        time.Time // a request or a closed tab; the zero time when never
	LastMail        time.Time // the last digest of any type; the zero time when none
}

// Store is what digests need from the database.
type Store interface {
	Settings(ctx context.Context, userID string) (Settings, error)
	SaveSettings(ctx context.Context, userID string, s Settings) error
	// Pending lists, per user and type, the unread items newer than the last digest of it.
	Pending(ctx context.Context) ([]Pending, error)
	Recipients(ctx context.Context, userIDs []string) (map[string]Recipient, error)
	// Schedule queues each digest's mail and marks its types covered up to until, all in one
	// transaction.
	Schedule(ctx context.Context, digests []Scheduled, until time.Time) error
	// Missed reads what a digest covers: the user's items of each type in window.From[type]
	// (exclusive) to window.Until that are still unread, oldest first, at most limit per type.
	Missed(ctx context.Context, userID string, w Window, limit int) ([]Item, error)
	// Seen records that a user's last open tab closed at.
	Seen(ctx context.Context, userID string, at time.Time) error
}

// Scheduled is a digest a run decided on: its mail and the types it covers.
type Scheduled struct {
	UserID string
	Types  []Type
	Mail   mail.Queued
}

// scheduleBatch is how many digests one transaction queues.
const scheduleBatch = 500

// Presence tells who has a tab open on any instance.
type Presence interface {
	Online(ctx context.Context, userIDs []string) (map[string]bool, error)
}

// Service decides, writes and unsubscribes from digests.
type Service struct {
	Store        Store
	Presence     Presence
	Wake         func() // tells the outbox there is mail; nil: it finds it on its next poll
	Secret       []byte // signs unsubscribe links
	PublicURL    string
	OfflineAfter time.Duration
	MinInterval  time.Duration
	Logger       *slog.Logger
}

// Window is the span of a digest's items per type and whom it greets; it travels in the outbox
// row, so writing the mail reads only the items.
type Window struct {
	UserID string             `json:"userId"`
	Name   string             `json:"name"`
	From   map[Type]time.Time `json:"from"`
	Until  time.Time          `json:"until"`
}

// cadence is how long after the last digest covering a type its next one may go.
func (s *Service) cadence(m Mode) time.Duration {
	switch m {
	case Hourly:
		return s.MinInterval
	case Daily:
		return 24 * time.Hour
	}
	return 0
}

// due is the types of r's pending items that may be mailed at now, or nil. A type is due once
// its mode allows (not off, its cadence since its last digest passed) and the user is away: no
// tab open, and for the digests no request or tab for OfflineAfter. Any mail at all waits
// MinInterval after the last one unless a due type is immediate.
func (s *Service) due(r Recipient, pending []Pending, online bool, now time.Time) []Type {
	if online {
		return nil
	}
	away := now.Sub(r.LastSeen) >= s.OfflineAfter
	var types []Type
	urgent := false
	for _, p := range pending {
		mode := r.Settings.Mode(p.Type)
		if mode == Off || (mode != Immediate && !away) {
			continue
		}
		if p.SentAt != nil && now.Sub(*p.SentAt) < s.cadence(mode) {
			continue
		}
		types = append(types, p.Type)
		urgent = urgent || mode == Immediate
	}
	if len(types) == 0 || (!urgent && now.Sub(r.LastMail) < s.MinInterval) {
		return nil
	}
	return types
}

// Run queues a digest for every user one is due to at now and reports how many it queued.
func (s *Service) Run(ctx context.Context, now time.Time) (int, error) {
	pending, err := s.Store.Pending(ctx)
	if err != nil || len(pending) == 0 {
		return 0, err
	}
	byUser := map[string][]Pending{}
	var ids []string
	for _, p := range pending {
		if _, seen := byUser[p.UserID]; !seen {
			ids = append(ids, p.UserID)
		}
		byUser[p.UserID] = append(byUser[p.UserID], p)
	}
	online, err := s.Presence.Online(ctx, ids)
	if err != nil {
		return 0, err
	}
	recipients, err := s.Store.Recipients(ctx, ids)
	if err != nil {
		return 0, err
	}
	var batch []Scheduled
	for _, id := range ids {
		r, ok := recipients[id]
		if !ok {
			continue // deleted since
		}
		types := s.due(r, byUser[id], online[id], now)
		if len(types) == 0 {
			continue
		}
		w := Window{UserID: id, Name: r.Name, From: map[Type]time.Time{}, Until: now.UTC()}
		for _, p := range byUser[id] {
			w.From[p.Type] = p.From
		}
		for t := range w.From {
			if !slices.Contains(types, t) {
				delete(w.From, t)
			}
		}
		body, _ := json.Marshal(w)
		batch = append(batch, Scheduled{UserID: id, Types: types,
			Mail: mail.Queued{Kind: MailKind, Message: mail.Message{To: r.Email, Subject: subject, Body: string(body)}}})
	}
	for start := 0; start < len(batch); start += scheduleBatch {
		if err := s.Store.Schedule(ctx, batch[start:min(start+scheduleBatch, len(batch))], now); err != nil {
			return start, err
		}
	}
	if len(batch) > 0 && s.Wake != nil {
		s.Wake()
	}
	return len(batch), nil
}

// Seen records that a user's last tab closed, so a digest waits OfflineAfter from then.
func (s *Service) Seen(ctx context.Context, userID string) {
	if err := s.Store.Seen(ctx, userID, time.Now()); err != nil {
		s.Logger.WarnContext(ctx, "digest: last seen", "user", userID, "err", err)
	}
}
