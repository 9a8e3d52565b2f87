package accounts

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/ratelimit"
)

// Limits are the throttles on sign-in and password reset.
type Limits struct {
	LoginFailuresPerAccount int
	LoginFailuresPerIP      int
	LoginFailureWindow      time.Duration
	LoginFailuresPerDevice  int // a trusted device's own budget
	ResetRequestsPerIP      int
	ResetRequestWindow      time.Duration
	ResetMailsPerAccount    int // per ResetRequestWindow
	RegistrationsPerIP      int // per hour
}

// Service is the accounts use cases.
type Service struct {
	Store     Store
	Tokens    *Tokens
	Limiter   ratelimit.Limiter
	Outbox    Outbox
	Hash      HashParams
	Limits    Limits
	PublicURL string
	Logger    *slog.Logger
	Now       func() time.Time

	// AdminEmail and AdminPassword are the configured bootstrap credentials.
	AdminEmail, AdminPassword string

	// Sessions keeps sign-ins; Invalidator tells the other instances of changes (nil: none).
	Sessions    SessionStore
	Invalidator Invalidator
	// Audit records sign-ins, their failures, password and session changes (nil: nowhere).
	Audit Recorder

	// UserCacheTTL is how long Authenticate may reuse a user or session it read when no
	// invalidation can reach it (Redis down); 0 reads every time.
	UserCacheTTL  time.Duration
	usersOnce     sync.Once
	users         *cache[*User]
	sessionsCache *cache[sessionEntry]

	// The timing decoy (decoyHash), made once.
	decoyOnce      sync.Once
	decoyHashValue string
}

// Recorder writes an entry to the audit trail, best effort (audit.Service).
type Recorder interface {
	Record(ctx context.Context, e audit.Entry)
}

// record writes e to the trail, if there is one.
func (s *Service) record(ctx context.Context, e audit.Entry) {
	if s.Audit != nil {
		s.Audit.Record(ctx, e)
	}
}

// Session is what a successful sign-in or registration returns. Device is a new device cookie
// value after a sign-in ("" otherwise).
type Session struct {
	Token     string
	User      *User
	SessionID string
	Device    string
}

// RegisterInput is the registration form; UserType may only be student or startup.
type RegisterInput struct {
	Email, Password, ConfirmPassword string
	UserType                         string
	FirstName, LastName, College     string
	CompanyName                      string
}

// Register creates a student or startup account and signs it in. It never creates an admin or a
// verified user: those fields are not part of the input at all. One client address may register
// only Limits.RegistrationsPerIP accounts an hour.
func (s *Service) Register(ctx context.Context, in RegisterInput, client Client) (Session, error) {
	in.Email = NormalizeEmail(in.Email)
	in.FirstName, in.LastName = strings.TrimSpace(in.FirstName), strings.TrimSpace(in.LastName)
	in.CompanyName, in.College = strings.TrimSpace(in.CompanyName), strings.TrimSpace(in.College)
	userType := UserType(strings.TrimSpace(in.UserType))
	if userType == "" {
		userType = Student
	}

	var v apperr.Validator
	v.Check(userType == Student || userType == Startup, "userType", "Choose Student or Startup")
	if userType == Startup {
		checkName(&v, "companyName", "Company name", in.CompanyName, maxCompanyLen)
	} else {
		checkName(&v, "firstName", "First name", in.FirstName, maxNameLen)
		checkName(&v, "lastName", "Last name", in.LastName, maxNameLen)
		v.Check(utf8.RuneCountInString(in.College) <= maxCollegeLen, "college", "College must be at most 200 characters")
	}
	checkEmail(&v, in.Email)
	checkPassword(&v, "password", in.Password)
	checkConfirm(&v, in.Password, in.ConfirmPassword)
	if err := v.Err(); err != nil {
		return Session{}, err
	}
	if err := ratelimit.Take(ctx, s.Limiter, "register:ip:"+client.IP, s.Limits.RegistrationsPerIP, time.Hour,
		"Too many accounts were created from your network. Please try again later."); err != nil {
		return Session{}, err
	}

	hash, err := HashPassword(in.Password, s.Hash)
	if err != nil {
		return Session{}, err
	}
	u := &User{Type: userType, Email: in.Email, PasswordHash: hash}
	if userType == Startup {
		u.CompanyName, u.Tier = in.CompanyName, "free"
	} else {
		u.FirstName, u.LastName, u.College = in.FirstName, in.LastName, in.College
	}
	if err := s.Store.CreateUser(ctx, u); err != nil {
		return Session{}, err
	}
	return s.startSession(ctx, u, client)
}

// Authenticate returns the user a bearer token belongs to, with SessionID set to the token's
// session, refusing expired, forged and revoked tokens and tokens of ended sessions alike.
func (s *Service) Authenticate(ctx context.Context, token string) (*User, error) {
	expired := apperr.New(apperr.Unauthorized, "Your session has expired. Please sign in again.")
	id, version, sessionID, err := s.Tokens.Verify(token)
	if err != nil {
		return nil, expired
	}
	live, err := s.checkSession(ctx, id, sessionID)
	if err != nil {
		return nil, err
	}
	if !live {
		return nil, expired
	}
	u, err := s.user(ctx, id, version)
	if err != nil {
		return nil, err
	}
	if u == nil {
		return nil, expired
	}
	u.SessionID = sessionID
	return u, nil
}

// user reads the user of a token of the given version, from the cache when it can; nil when the
// user is gone or the version revoked.
func (s *Service) user(ctx context.Context, id string, version int) (*User, error) {
	cache := s.userCache()
	// Versions only grow: a cached user with a newer one proves the token revoked, an older one
	// only that the cache is behind.
	if u, ok := cache.get(id, s.now()); ok && u.TokenVersion >= version {
		if u.TokenVersion > version {
			return nil, nil
		}
		return u.clone(), nil
	}
	readAt := cache.generation()
	u, err := s.Store.UserByID(ctx, id)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if u.TokenVersion != version {
		return nil, nil
	}
	cache.put(id, u.clone(), readAt, cache.expiry(s.now()))
	return u, nil
}

// Forget drops what every instance remembers of a user; every change to a user calls it, so
// the user's next request, wherever it lands, sees the change.
func (s *Service) Forget(ctx context.Context, userID string) {
	s.invalidate(ctx, userID, nil)
}

func (s *Service) userCache() *cache[*User] {
	s.usersOnce.Do(func() {
		s.users = &cache[*User]{ttl: s.UserCacheTTL}
		s.sessionsCache = &cache[sessionEntry]{ttl: s.UserCacheTTL}
	})
	return s.users
}

func (s *Service) sessionCache() *cache[sessionEntry] {
	s.userCache()
	return s.sessionsCache
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func throttled(message string, retryAfter time.Duration) error {
	return &apperr.Error{Code: apperr.Throttled, Message: message, RetryAfter: retryAfter}
}
