// Package chat is the conversation between a student and a startup (spec §2 /chat, /messages):
// messages, read receipts, the conversation list, and the live side of it — typing, read and
// presence events pushed through the realtime hub. Students talk to startups and startups to
// students; the admin has no chat. A message may carry images and PDFs (attachments.go), uploaded
// first and served only through links signed for the conversation's two parties.
//
// Delivery is at most once on the socket and exactly once in the database: a message is stored,
// committed, then announced as chat.message to both parties. A client that missed events catches
// up with GET /api/chat/{userId}?after=<last message id>; message ids are UUID v7, so they sort by
// time and serve as the cursor.
package chat

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/ratelimit"
)

// Message is one chat message. ReadAt is nil until the receiver has read it.
type Message struct {
	ID         string
	SenderID   string
	ReceiverID string
	Content    string
	ClientID   string // the sender's idempotency key; empty when none was sent
	CreatedAt  time.Time
	ReadAt     *time.Time
	// Attachments are the message's files in the order they were sent.
	Attachments []Attachment
}

// Conversation is one chat partner of a user with the latest message between them and how many
// of the partner's messages the user has not read.
type Conversation struct {
	Partner     *accounts.User
	LastMessage Message
	UnreadCount int
	Online      bool
}

// Partner is a user the viewer may chat with, for the /chat left column.
type Partner struct {
	User   *accounts.User
	Online bool
}

// ReadReceipt says that Reader has read every message Sender sent them up to UpTo.
type ReadReceipt struct {
	ReaderID string
	SenderID string
	UpTo     string
	ReadAt   time.Time
	Count    int
}

// Cursor picks a page of a thread by message id: the messages after After (how a reconnecting
// client catches up), before Before (how a reader scrolls back), or with neither the latest.
// With Query it searches instead: the messages containing it (any case), newest first, before
// Before.
type Cursor struct {
	After, Before string
	Query         string
}

// Store is the persistence chat needs.
type Store interface {
	// CreateMessage inserts m with its attachments in one transaction (ID and CreatedAt set by
	// the store). A second message with the same sender and client id fails with
	// ErrDuplicateClientID; a file some message already holds, with ErrAttachmentTaken.
	CreateMessage(ctx context.Context, m *Message) error
	MessageByClientID(ctx context.Context, senderID, clientID string) (*Message, error)
	// Thread returns messages between a and b in time order: the first limit messages after
	// cur.After, or the last limit before cur.Before, or with neither the latest limit messages;
	// with cur.Query the latest limit that contain it (before cur.Before), newest first.
	Thread(ctx context.Context, a, b string, cur Cursor, limit int) ([]Message, error)
	// MarkRead sets read_at on every unread message from sender to reader and reports the newest
	// one it marked (zero Count when none was unread).
	MarkRead(ctx context.Context, readerID, senderID string, at time.Time) (ReadReceipt, error)
	Conversations(ctx context.Context, userID string) ([]Conversation, error)
	// PartnerIDs lists up to limit users userID has exchanged messages with.
	PartnerIDs(ctx context.Context, userID string, limit int) ([]string, error)
	// UsersOfType lists up to limit users of one type, by name.
	UsersOfType(ctx context.Context, t accounts.UserType, limit int) ([]*accounts.User, error)
	UserByID(ctx context.Context, id string) (*accounts.User, error)
	// Uploads returns the stored files among ids (unknown ids are left out), without their data.
	Uploads(ctx context.Context, ids []string) ([]Upload, error)
}

// Publisher announces an event, already committed, to every open connection of the users, on any
// instance. It is best effort (app.Publisher logs a failure; clients catch up from the database),
// and app.Publisher{} publishes nothing.
type Publisher interface {
	Publish(ctx context.Context, eventType string, data any, userIDs ...string)
}

// The events chat publishes (DESIGN.md §4), and the socket frames clients send it.
const (
	EventMessage  = "chat.message"
	EventRead     = "chat.read"
	EventTyping   = "chat.typing"
	EventPresence = "presence"

	FrameTyping = "typing"
	FrameRead   = "read"
)

// ClientFrames are the socket frames HandleClientEvent serves.
var ClientFrames = []string{FrameTyping, FrameRead}

// Presence answers which users have an open connection on any instance.
type Presence interface {
	Online(ctx context.Context, userIDs []string) (map[string]bool, error)
}

// Limits bound what one user may send.
type Limits struct {
	// MessagesPerMinute caps sends per user, shared by every instance; 0 means no cap.
	MessagesPerMinute int
}

// Service is the chat use cases.
type Service struct {
	Store     Store
	Publisher Publisher
	Presence  Presence
	Links     Links // signs attachment links; nil leaves them bare (tests of the rules alone)
	Limiter   ratelimit.Limiter
	Limits    Limits
	Logger    *slog.Logger
	Now       func() time.Time

	typing  typingThrottle
	typesMu sync.Mutex
	types   map[string]accounts.UserType // see userType
}

// Sizes of what the service stores and returns.
const (
	MaxQueryLen    = 200
	MaxContentLen  = 2000
	MaxClientIDLen = 64
	// maxPartners bounds the /chat left column and the users a presence change is announced to.
	maxPartners = 500
)

// ErrDuplicateClientID is the store's answer to a second message with the same client id.
var ErrDuplicateClientID = apperr.New(apperr.Conflict, "This message was already sent.")

var errNoChat = apperr.New(apperr.Forbidden, "Chat is only for students and startups.")

// partnerNotFound is the answer for anyone the caller cannot chat with: unknown users, users of
// the caller's own type, admins. Chat does not say which.
var partnerNotFound = apperr.New(apperr.NotFound, "User not found.")

// PartnerType is the user type u chats with: startups for a student, students for a startup.
func PartnerType(u *accounts.User) (accounts.UserType, bool) {
	switch u.Type {
	case accounts.Student:
		return accounts.Startup, true
	case accounts.Startup:
		return accounts.Student, true
	}
	return "", false
}

// CanChat reports whether a and b may exchange messages: one student and one startup.
func CanChat(a, b *accounts.User) bool {
	want, ok := PartnerType(a)
	return ok && b != nil && b.Type == want && a.ID != b.ID
}

// checkPartner checks that viewer may chat with partnerID: 403 for a viewer with no chat, 404
// for anyone who is not a possible partner.
func (s *Service) checkPartner(ctx context.Context, viewer *accounts.User, partnerID string) error {
	if _, ok := PartnerType(viewer); !ok {
		return errNoChat
	}
	typ, err := s.userType(ctx, partnerID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return partnerNotFound
	}
	if err != nil {
		return err
	}
	if !CanChat(viewer, &accounts.User{ID: partnerID, Type: typ}) {
		return partnerNotFound
	}
	return nil
}

// maxCachedTypes bounds the user-type cache; past it the cache starts over.
const maxCachedTypes = 100_000

// userType is the type of user id. Types never change and accounts are never deleted, so they
// are cached: a conversation's every message would otherwise look its partner up again.
func (s *Service) userType(ctx context.Context, id string) (accounts.UserType, error) {
	s.typesMu.Lock()
	typ, ok := s.types[id]
	s.typesMu.Unlock()
	if ok {
		return typ, nil
	}
	u, err := s.Store.UserByID(ctx, id)
	if err != nil {
		return "", err
	}
	s.typesMu.Lock()
	if s.types == nil || len(s.types) >= maxCachedTypes {
		s.types = map[string]accounts.UserType{}
	}
	s.types[id] = u.Type
	s.typesMu.Unlock()
	return u.Type, nil
}

// online looks presence up for ids; without an answer everyone shows offline.
func (s *Service) online(ctx context.Context, ids []string) map[string]bool {
	if s.Presence == nil || len(ids) == 0 {
		return map[string]bool{}
	}
	on, err := s.Presence.Online(ctx, ids)
	if err != nil {
		s.logger().WarnContext(ctx, "presence lookup failed", "err", err)
		return map[string]bool{}
	}
	return on
}

// validID reports whether s is a UUID in its 36-character form.
func validID(s string) bool { _, err := uuid.Parse(s); return err == nil && len(s) == 36 }

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Service) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}
