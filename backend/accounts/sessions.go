package accounts

import (
	"context"
	"strconv"
	"strings"
	"time"

	"bridgework/backend/apperr"
	"bridgework/backend/audit"
)

// SessionInfo is one sign-in: a device that holds a token, until it signs out or is signed out.
type SessionInfo struct {
	ID, UserID string
	Device     string // "Chrome on Windows", from the User-Agent of the sign-in
	IP         string
	CreatedAt  time.Time
	LastSeenAt time.Time
	Ended      bool
}

// SessionStore keeps sessions.
type SessionStore interface {
	CreateSession(ctx context.Context, s *SessionInfo) error
	// CheckSession reads a session with its user's token version and last change, in one
	// statement; apperr.NotFound for an unknown session.
	CheckSession(ctx context.Context, id string) (*SessionCheck, error)
	TouchSession(ctx context.Context, id string, at time.Time) error
	ActiveSessions(ctx context.Context, userID string) ([]SessionInfo, error)
	// EndSessions ends the user's sessions in ids, or all of them but except when ids is nil,
	// and returns the ids it ended.
	EndSessions(ctx context.Context, userID string, ids []string, except string) ([]string, error)
}

// SessionCheck is what Authenticate checks a sign-in against once its cached copy runs out.
type SessionCheck struct {
	UserID     string
	Ended      bool
	LastSeenAt time.Time
	// The user's TokenVersion and UpdatedAt: every change to a user moves UpdatedAt.
	TokenVersion  int
	UserUpdatedAt time.Time
}

// Invalidator tells every instance that a user changed or sessions of theirs ended, so that each
// forgets what it cached (ForgetLocal) and closes the sockets of the ended sessions. The app's
// goes through Redis; with none, through this instance alone.
type Invalidator interface {
	Invalidate(ctx context.Context, userID string, endedSessions []string)
}

// Client is where a sign-in comes from.
type Client struct {
	IP, UserAgent string
}

// touchEvery is how stale a session's "last seen" may be: touching it on every request would be
// a write per request.
const touchEvery = time.Minute

// startSession records a sign-in from client and issues its token.
func (s *Service) startSession(ctx context.Context, u *User, client Client) (Session, error) {
	info := &SessionInfo{UserID: u.ID, Device: DescribeDevice(client.UserAgent), IP: client.IP}
	if err := s.Sessions.CreateSession(ctx, info); err != nil {
		return Session{}, err
	}
	token, err := s.Tokens.Issue(u, info.ID)
	if err != nil {
		return Session{}, err
	}
	return Session{Token: token, User: u, SessionID: info.ID}, nil
}

// checkSession reports whether sessionID is a live session of userID, from the cache when it
// can, and keeps its last-seen time roughly current. The read that checks the session again
// also tells whether the user cached for it is still as stored; if so, that copy is kept as
// long as the session's, and the user (two statements, with the skills) is not read again.
func (s *Service) checkSession(ctx context.Context, userID, sessionID string) (bool, error) {
	cache, users := s.sessionCache(), s.userCache()
	now := s.now()
	e, ok := cache.get(sessionID, now)
	if !ok {
		readAt, usersReadAt := cache.generation(), users.generation()
		c, err := s.Sessions.CheckSession(ctx, sessionID)
		if apperr.CodeOf(err) == apperr.NotFound {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		e = sessionEntry{userID: c.UserID, ended: c.Ended, lastSeen: c.LastSeenAt}
		expires := cache.expiry(now)
		cache.put(sessionID, e, readAt, expires)
		users.renew(c.UserID, usersReadAt, expires, func(u *User) bool {
			return u.TokenVersion == c.TokenVersion && u.UpdatedAt.Equal(c.UserUpdatedAt)
		})
	}
	if e.ended || e.userID != userID {
		return false, nil
	}
	if now.Sub(e.lastSeen) > touchEvery {
		if err := s.Sessions.TouchSession(ctx, sessionID, now); err != nil {
			return false, err
		}
		cache.update(sessionID, func(e *sessionEntry) { e.lastSeen = now })
	}
	return true, nil
}

// Logout ends the session u's request came with.
func (s *Service) Logout(ctx context.Context, u *User) error {
	return s.EndSessions(ctx, u, []string{u.SessionID})
}

// EndSessions ends some of u's sessions (ids), or all of them (nil): their tokens are refused
// and their sockets closed, on every instance.
func (s *Service) EndSessions(ctx context.Context, u *User, ids []string) error {
	ended, err := s.Sessions.EndSessions(ctx, u.ID, ids, "")
	if err != nil {
		return err
	}
	if ids != nil && len(ended) == 0 {
		return apperr.New(apperr.NotFound, "Session not found.")
	}
	s.invalidate(ctx, u.ID, ended)
	detail := "signed out everywhere"
	switch {
	case len(ended) == 1 && ended[0] == u.SessionID:
		detail = "signed out"
	case ids != nil:
		detail = "signed out another device"
	}
	s.record(ctx, audit.Entry{Type: audit.SessionsEnded, ActorID: u.ID, SubjectID: u.ID,
		IP: audit.ClientIP(ctx), Detail: detail})
	return nil
}

// ListSessions lists u's live sessions, the most recent first.
func (s *Service) ListSessions(ctx context.Context, u *User) ([]SessionInfo, error) {
	return s.Sessions.ActiveSessions(ctx, u.ID)
}

// PasswordChanged ends every session of the user but keep ("" for none, after a reset) and
// returns a fresh token for keep, whose old one the new token version refuses. The outstanding
// reset links went with the change (Store.SetPassword).
func (s *Service) PasswordChanged(ctx context.Context, userID, keep string) (token string, err error) {
	ended, err := s.Sessions.EndSessions(ctx, userID, nil, keep)
	if err != nil {
		return "", err
	}
	s.invalidate(ctx, userID, ended)
	// Without a session to keep, the change came from a reset link, which signs nobody in.
	kind, actor := audit.PasswordChanged, userID
	if keep == "" {
		kind, actor = audit.PasswordReset, ""
	}
	s.record(ctx, audit.Entry{Type: kind, ActorID: actor, SubjectID: userID, IP: audit.ClientIP(ctx),
		Detail: sessionsEndedText(len(ended))})
	if keep == "" {
		return "", nil
	}
	u, err := s.Store.UserByID(ctx, userID)
	if err != nil {
		return "", err
	}
	return s.Tokens.Issue(u, keep)
}

func sessionsEndedText(n int) string {
	switch n {
	case 0:
		return "no session ended"
	case 1:
		return "1 session ended"
	}
	return strconv.Itoa(n) + " sessions ended"
}

// ForgetLocal drops what this instance cached of a user and of the sessions that ended; the
// Invalidator calls it on every instance.
func (s *Service) ForgetLocal(userID string, endedSessions []string) {
	s.userCache().forget(userID)
	for _, id := range endedSessions {
		s.sessionCache().forget(id)
	}
}

// invalidate tells every instance, this one included, through the Invalidator.
func (s *Service) invalidate(ctx context.Context, userID string, endedSessions []string) {
	s.ForgetLocal(userID, endedSessions)
	if s.Invalidator != nil {
		s.Invalidator.Invalidate(ctx, userID, endedSessions)
	}
}

// DescribeDevice names a browser and system from a User-Agent, for the sessions list.
func DescribeDevice(userAgent string) string {
	pick := func(pairs ...string) string {
		for i := 0; i+1 < len(pairs); i += 2 {
			if strings.Contains(userAgent, pairs[i]) {
				return pairs[i+1]
			}
		}
		return ""
	}
	browser := pick("Edg/", "Edge", "OPR/", "Opera", "Firefox/", "Firefox", "Chrome/", "Chrome", "Safari/", "Safari", "curl/", "curl")
	system := pick("Android", "Android", "iPhone", "iPhone", "iPad", "iPad", "Windows", "Windows", "Mac OS X", "macOS", "CrOS", "ChromeOS", "Linux", "Linux")
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	case system != "":
		return system
	}
	return "Unknown device"
}

// sessionEntry is what the cache keeps of a session.
type sessionEntry struct {
	userID   string
	ended    bool
	lastSeen time.Time
}
