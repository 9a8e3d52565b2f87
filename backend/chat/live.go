package chat

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"bridgework/backend/accounts"
)

// The live side of chat: frames a client sends on its socket, and presence announcements.

// typingInterval is the least time between two chat.typing events for one pair of users; a
// client sends "typing" on keystrokes, and the indicator lasts longer than this on screen.
const typingInterval = time.Second

// clientEventTimeout bounds the work one client frame may cause: it runs on that socket's
// reading goroutine.
const clientEventTimeout = 5 * time.Second

// clientFrame is the data of a client "typing" or "read" frame: the partner it is about.
type clientFrame struct {
	UserID string `json:"userId"`
}

// HandleClientEvent serves the socket frames {"type":"typing","data":{"userId":"<partner>"}}
// (→ chat.typing to the partner, throttled) and {"type":"read","data":{"userId":"<partner>"}}
// (→ the partner's messages are marked read, chat.read to both). Anything invalid is dropped:
// a socket has no one to answer an error to.
func (s *Service) HandleClientEvent(userID, frameType string, data json.RawMessage) {
	var f clientFrame
	if json.Unmarshal(data, &f) != nil || !validID(f.UserID) || !validID(userID) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), clientEventTimeout)
	defer cancel()
	switch frameType {
	case FrameTyping:
		s.typingTo(ctx, userID, f.UserID)
	case FrameRead:
		typ, err := s.userType(ctx, userID)
		if err != nil {
			return
		}
		if _, err := s.MarkRead(ctx, &accounts.User{ID: userID, Type: typ}, f.UserID); err != nil {
			s.logger().DebugContext(ctx, "read frame refused", "userId", userID, "err", err)
		}
	}
}

func (s *Service) typingTo(ctx context.Context, fromID, toID string) {
	if !s.typing.allow(fromID+" "+toID, s.now()) {
		return
	}
	fromType, err := s.userType(ctx, fromID)
	if err != nil {
		return
	}
	if err := s.checkPartner(ctx, &accounts.User{ID: fromID, Type: fromType}, toID); err != nil {
		return
	}
	s.Publisher.Publish(ctx, EventTyping, TypingData{From: fromID, To: toID}, toID)
}

// AnnouncePresence tells the users userID has chatted with that userID came online or went
// offline (on every instance together; the presence tracker decides).
func (s *Service) AnnouncePresence(ctx context.Context, userID string, online bool) {
	ids, err := s.Store.PartnerIDs(ctx, userID, maxPartners)
	if err != nil {
		s.logger().WarnContext(ctx, "presence: partners lookup failed", "userId", userID, "err", err)
		return
	}
	for _, id := range ids {
		s.Publisher.Publish(ctx, EventPresence, PresenceData{UserID: userID, Online: online}, id)
	}
}

// typingThrottle remembers when each pair last produced a chat.typing event. It is per
// instance: a client's socket stays on one instance, so that is where its frames arrive.
type typingThrottle struct {
	mu   sync.Mutex
	last map[string]time.Time
}

func (t *typingThrottle) allow(key string, now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.last == nil {
		t.last = map[string]time.Time{}
	}
	if now.Sub(t.last[key]) < typingInterval {
		return false
	}
	if len(t.last) >= 10_000 { // forget stale pairs so the map stays small
		for k, at := range t.last {
			if now.Sub(at) >= typingInterval {
				delete(t.last, k)
			}
		}
	}
	t.last[key] = now
	return true
}
