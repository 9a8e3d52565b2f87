// Package notify keeps the in-app notifications of the bell: a row is written in the same
// transaction as the change it announces (by the domain that makes the change), listed for its
// user, and marked read. After a commit the new notification and the user's unread count are
// pushed to every open tab of that user.
package notify

import (
	"context"
	"log/slog"
	"maps"
	"slices"
	"time"

	"bridgework/backend/apperr"
	"bridgework/backend/jsonappend"
)

// Notification is one message for one user; Link, when set, is an in-app path (e.g. /certificates).
// Kind is what it is about, which decides the email preference it follows (backend/digest).
//
// Message is Bridgework's words only. What a user wrote that the notification carries (a
// startup's review notes) is its Quote, cut to one paragraph (textcheck.Excerpt), by QuoteAuthor:
// the bell and the mails show it quoted under that name, so a startup's notes can never read as a
// message from Bridgework.
type Notification struct {
	ID          string
	UserID      string
	Kind        string
	Message     string
	Quote       string
	QuoteAuthor string
	Link        string
	Read        bool
	CreatedAt   time.Time
}

// Store is what the service needs from the database.
type Store interface {
	// Notifications reads limit of the user's notifications past offset, newest first, and
	// counts them all; with in.UnreadOnly only unread ones; with in.After only those created
	// after that id (UUID v7 ids are time-ordered), so a reconnecting client can catch up.
	Notifications(ctx context.Context, userID string, in ListInput, offset, limit int) ([]Notification, int, error)
	// MarkRead marks one of the user's notifications read; apperr.NotFound when it is not theirs.
	MarkRead(ctx context.Context, userID, id string) error
	// UnreadCount counts the user's unread notifications.
	UnreadCount(ctx context.Context, userID string) (int, error)
	// UnreadCounts counts the unread notifications of each of the users in one go, with 0 for a
	// user who has none.
	UnreadCounts(ctx context.Context, userIDs []string) (map[string]int, error)
}

// Publisher announces an event, already committed, to every open connection of the users, on any
// instance. It is best effort (app.Publisher logs a failure; clients catch up from the database),
// and app.Publisher{} publishes nothing.
type Publisher interface {
	Publish(ctx context.Context, eventType string, data any, userIDs ...string)
	// PublishEach sends each user (a key of dataByUser) their own event, batched.
	PublishEach(ctx context.Context, eventType string, dataByUser map[string]any)
}

// The kinds of notification.
const (
	KindSubmission = "submission" // a submission was sent, revised or decided
	KindAlert      = "alert"      // a new task matched a saved search
	KindPayment    = "payment"    // a payment was opened, sent, confirmed or disputed
	KindInvitation = "invitation" // a startup invited a student to a task, or the student answered
)

// The events notifications publish (DESIGN.md §4).
const (
	EventNew   = "notification.new"
	EventCount = "notification.count"
)

// Service lists notifications and announces new ones.
type Service struct {
	Store     Store
	Publisher Publisher
	Logger    *slog.Logger
}

// ListInput selects what List returns.
type ListInput struct {
	UnreadOnly bool
	After      string
}

// List reads limit of the user's notifications past offset, newest first, and counts them all.
func (s *Service) List(ctx context.Context, userID string, in ListInput, offset, limit int) ([]Notification, int, error) {
	if len(in.After) > 36 {
		return nil, 0, apperr.Field("after", "after must be a notification id")
	}
	return s.Store.Notifications(ctx, userID, in, offset, limit)
}

// MarkRead marks a notification read and pushes the new unread count.
func (s *Service) MarkRead(ctx context.Context, userID, id string) error {
	if err := s.Store.MarkRead(ctx, userID, id); err != nil {
		return err
	}
	s.publishCount(ctx, userID)
	return nil
}

// UnreadCount is the number on the bell's badge.
func (s *Service) UnreadCount(ctx context.Context, userID string) (int, error) {
	return s.Store.UnreadCount(ctx, userID)
}

// Announce pushes notifications that were just committed: each one as notification.new, then
// each user's unread count once. Delivery is best effort: the rows are the truth, and a client
// that missed the push sees them on its next fetch. It costs a few round trips however many users
// it reaches (a task filled tells all its other submitters): the events go out in batches and the
// counts are read in one query.
func (s *Service) Announce(ctx context.Context, created ...Notification) {
	if len(created) == 0 {
		return
	}
	// One batch per notification a user got, so that each user's arrive in order; nearly always
	// a single batch. The first batch holds every user once.
	var users []string
	for pending := created; len(pending) > 0; {
		batch := make(map[string]any, len(pending))
		var later []Notification
		for _, n := range pending {
			if _, ok := batch[n.UserID]; ok {
				later = append(later, n)
				continue
			}
			batch[n.UserID] = ToJSON(n)
		}
		if users == nil {
			users = slices.Collect(maps.Keys(batch))
		}
		s.Publisher.PublishEach(ctx, EventNew, batch)
		pending = later
	}
	unread, err := s.Store.UnreadCounts(ctx, users)
	if err != nil {
		s.log().WarnContext(ctx, "unread counts for push", "err", err, "users", len(users))
		return
	}
	counts := make(map[string]any, len(unread))
	for user, n := range unread {
		counts[user] = CountJSON{Unread: n}
	}
	s.Publisher.PublishEach(ctx, EventCount, counts)
}

func (s *Service) publishCount(ctx context.Context, userID string) {
	unread, err := s.Store.UnreadCount(ctx, userID)
	if err != nil {
		s.log().WarnContext(ctx, "unread count for push", "err", err, "user_id", userID)
		return
	}
	s.Publisher.Publish(ctx, EventCount, CountJSON{Unread: unread}, userID)
}

func (s *Service) log() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// JSON is a notification as clients see it, in the REST answers and in notification.new events.
type JSON struct {
	ID          string    `json:"_id"`
	Message     string    `json:"message"`
	Quote       string    `json:"quote,omitempty"`
	QuoteAuthor string    `json:"quoteAuthor,omitempty"`
	Link        string    `json:"link,omitempty"`
	Read        bool      `json:"read"`
	CreatedAt   time.Time `json:"createdAt"`
}

// AppendJSON appends n as json.Marshal writes it (a task alert carries one to each of thousands
// of students at once; see jsonappend).
func (n JSON) AppendJSON(b []byte) ([]byte, error) {
	b = jsonappend.String(append(b, `{"_id":`...), n.ID)
	b = jsonappend.String(append(b, `,"message":`...), n.Message)
	if n.Quote != "" {
		b = jsonappend.String(append(b, `,"quote":`...), n.Quote)
	}
	if n.QuoteAuthor != "" {
		b = jsonappend.String(append(b, `,"quoteAuthor":`...), n.QuoteAuthor)
	}
	if n.Link != "" {
		b = jsonappend.String(append(b, `,"link":`...), n.Link)
	}
	b = jsonappend.Bool(append(b, `,"read":`...), n.Read)
	b, err := jsonappend.Time(append(b, `,"createdAt":`...), n.CreatedAt)
	return append(b, '}'), err
}

// CountJSON is the data of a notification.count event.
type CountJSON struct {
	Unread int `json:"unread"`
}

// ToJSON converts n for clients.
func ToJSON(n Notification) JSON {
	return JSON{ID: n.ID, Message: n.Message, Quote: n.Quote, QuoteAuthor: n.QuoteAuthor, Link: n.Link, Read: n.Read,
		CreatedAt: n.CreatedAt.UTC()}
}
