package accounts

import (
	"context"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"bridgework/backend/apperr"
	"bridgework/backend/linktoken"
	"bridgework/backend/mail"
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
		v.Check(len(in.College) <= maxCollegeLen, "college", "College must be at most 200 characters")
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

// LoginInput is a sign-in attempt: the credentials, the client, and the device cookie it sent
// ("" for none).
type LoginInput struct {
	Email, Password string
	Client          Client
	DeviceCookie    string
}

// Login checks credentials under OWASP's device-cookie scheme (device.go). A client without a
// valid device cookie for the account is refused with 429, before the password is checked, once
// the account has LoginFailuresPerAccount failures from such clients in the window, or its address
// LoginFailuresPerIP failures. A client with one is held only by that cookie's own budget,
// LoginFailuresPerDevice, past which it counts as untrusted. A successful sign-in returns a fresh
// device cookie in Session.Device.
func (s *Service) Login(ctx context.Context, in LoginInput) (Session, error) {
	email := NormalizeEmail(in.Email)
	var v apperr.Validator
	checkEmail(&v, email)
	if v.Check(in.Password != "", "password", "Password is required") {
		v.Check(len([]rune(in.Password)) >= MinPasswordLen, "password", "Password must be at least 6 characters")
	}
	if err := v.Err(); err != nil {
		return Session{}, err
	}

	u, err := s.Store.UserByEmail(ctx, email)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return Session{}, err
	}
	counters, err := s.loginCounters(ctx, u, email, in)
	if err != nil {
		return Session{}, err
	}

	if u == nil {
		CheckPassword(s.decoyHash(), in.Password)
	}
	if u == nil || !CheckPassword(u.PasswordHash, in.Password) {
		for _, c := range counters {
			if _, _, err := s.Limiter.Hit(ctx, c.key, 1, s.Limits.LoginFailureWindow); err != nil {
				return Session{}, err
			}
		}
		return Session{}, apperr.New(apperr.Unauthorized, "Invalid email or password")
	}
	// Success clears the counters this client was held by: for an untrusted client the account's
	// (whoever knows the password may try again), for a trusted one only its own budget, so the
	// owner signing in does not hand an attacker a fresh set of guesses.
	if err := s.Limiter.Reset(ctx, counters[0].key); err != nil {
		return Session{}, err
	}
	sess, err := s.startSession(ctx, u, in.Client)
	if err != nil {
		return Session{}, err
	}
	if sess.Device, err = s.issueDevice(u.ID); err != nil {
		return Session{}, err
	}
	return sess, nil
}

type loginCounter struct {
	key   string
	limit int
}

// loginCounters returns the failure counters that hold this attempt, the one to clear on success
// first, after refusing with 429 when one of them is spent.
func (s *Service) loginCounters(ctx context.Context, u *User, email string, in LoginInput) ([]loginCounter, error) {
	if u != nil {
		if d, ok := s.verifyDevice(in.DeviceCookie, u.ID); ok {
			trusted := loginCounter{"login:device:" + d.nonce, s.Limits.LoginFailuresPerDevice}
			count, _, err := s.Limiter.Hit(ctx, trusted.key, 0, s.Limits.LoginFailureWindow)
			if err != nil {
				return nil, err
			}
			if trusted.limit <= 0 || count < trusted.limit {
				return []loginCounter{trusted}, nil
			}
			// A spent budget makes the device an untrusted client like any other.
		}
	}
	counters := []loginCounter{
		{"login:acct:" + email, s.Limits.LoginFailuresPerAccount},
		{"login:ip:" + in.Client.IP, s.Limits.LoginFailuresPerIP},
	}
	for _, c := range counters {
		count, resetIn, err := s.Limiter.Hit(ctx, c.key, 0, s.Limits.LoginFailureWindow)
		if err != nil {
			return nil, err
		}
		if c.limit > 0 && count >= c.limit {
			return nil, throttled("Too many failed sign-in attempts. Please try again later.", resetIn)
		}
	}
	return counters, nil
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
	cache.put(id, u.clone(), readAt, s.now())
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

// ResetMailKind is the outbox kind of a password reset mail, composed by ComposeResetMail.
const ResetMailKind = "password-reset"

// Outbox takes mails to send after the request (mail.Worker).
type Outbox interface {
	Enqueue(ctx context.Context, m mail.Queued) error
}

// ForgotPassword queues a reset mail for email and returns. Whether email has an account is
// decided only when the mail is composed, after the request: the request does the same work, in
// the same time, with the same answer, for every email, whatever the mail server does.
func (s *Service) ForgotPassword(ctx context.Context, email, ip string) error {
	email = NormalizeEmail(email)
	var v apperr.Validator
	checkEmail(&v, email)
	if err := v.Err(); err != nil {
		return err
	}
	if err := ratelimit.Take(ctx, s.Limiter, "reset:ip:"+ip, s.Limits.ResetRequestsPerIP, s.Limits.ResetRequestWindow,
		"Too many reset requests. Please try again later."); err != nil {
		return err
	}
	return s.Outbox.Enqueue(ctx, mail.Queued{Kind: ResetMailKind, Message: mail.Message{To: email}})
}

// ComposeResetMail makes a queued reset mail: a single-use link valid for an hour, for an email
// that has an account and has not had ResetMailsPerAccount mails in the window. Other mails are
// dropped. A retry of one mail makes a new link and does not count again.
func (s *Service) ComposeResetMail(ctx context.Context, q mail.Queued) (mail.Message, bool, error) {
	u, err := s.Store.UserByEmail(ctx, q.To)
	if apperr.CodeOf(err) == apperr.NotFound {
		return mail.Message{}, false, nil
	}
	if err != nil {
		return mail.Message{}, false, err
	}
	if q.Attempts == 1 {
		err := ratelimit.Take(ctx, s.Limiter, "reset:acct:"+u.ID, s.Limits.ResetMailsPerAccount, s.Limits.ResetRequestWindow, "")
		if apperr.CodeOf(err) == apperr.Throttled {
			s.Logger.Info("reset mail dropped: the account had its share this window", "user_id", u.ID)
			return mail.Message{}, false, nil
		}
		if err != nil {
			return mail.Message{}, false, err
		}
	}
	token, err := linktoken.New()
	if err != nil {
		return mail.Message{}, false, err
	}
	reset := PasswordReset{TokenHash: linktoken.Hash(token), UserID: u.ID, ExpiresAt: s.now().Add(time.Hour)}
	if err := s.Store.CreatePasswordReset(ctx, reset); err != nil {
		return mail.Message{}, false, err
	}
	link := fmt.Sprintf("%s/reset-password?token=%s", s.PublicURL, token)
	return mail.Message{
		To:      u.Email,
		Subject: "Reset your Bridgework password",
		Body:    "Someone asked to reset the password of your Bridgework account.\n\nOpen this link within one hour to choose a new password:\n" + link + "\n\nIf it was not you, ignore this email.",
	}, true, nil
}

// ResetPassword sets a new password with a reset token. The token works once, and the new
// password revokes every token issued before it.
func (s *Service) ResetPassword(ctx context.Context, token, password, confirm string) error {
	var v apperr.Validator
	v.Check(token != "", "token", "This reset link is invalid or has expired.")
	checkPassword(&v, "password", password)
	checkConfirm(&v, password, confirm)
	if err := v.Err(); err != nil {
		return err
	}
	userID, err := s.Store.ConsumePasswordReset(ctx, linktoken.Hash(token), s.now())
	if apperr.CodeOf(err) == apperr.NotFound {
		return apperr.Field("token", "This reset link is invalid or has expired.")
	}
	if err != nil {
		return err
	}
	hash, err := HashPassword(password, s.Hash)
	if err != nil {
		return err
	}
	if err := s.Store.SetPassword(ctx, userID, hash); err != nil {
		return err
	}
	// Whoever asked for the link may not be the only one signed in: every session ends.
	_, err = s.PasswordChanged(ctx, userID, "")
	return err
}

// BootstrapAdmin creates the admin from the configured credentials when no admin exists. With no
// password configured it generates one and returns it, so the caller can print it once.
func (s *Service) BootstrapAdmin(ctx context.Context) (generatedPassword string, err error) {
	exists, err := s.Store.AdminExists(ctx)
	if err != nil || exists {
		return "", err
	}
	password := s.AdminPassword
	if password == "" {
		if password, err = linktoken.New(); err != nil {
			return "", err
		}
		generatedPassword = password
	}
	if err := s.createAdmin(ctx, password); err != nil {
		if apperr.CodeOf(err) == apperr.Conflict {
			return "", nil // an instance starting at the same moment created it first
		}
		return "", err
	}
	return generatedPassword, nil
}

// CreateDefaultAdmin is the sign-in form's fallback. It creates the admin only when none exists
// and the pair equals the configured bootstrap credentials, so it can never create an account
// with credentials a caller made up, nor replace an existing admin.
func (s *Service) CreateDefaultAdmin(ctx context.Context, email, password string) error {
	var v apperr.Validator
	checkEmail(&v, NormalizeEmail(email))
	checkPassword(&v, "password", password)
	if err := v.Err(); err != nil {
		return err
	}
	refused := apperr.New(apperr.Forbidden, "The default admin cannot be created.")
	if s.AdminPassword == "" ||
		subtle.ConstantTimeCompare([]byte(NormalizeEmail(email)), []byte(NormalizeEmail(s.AdminEmail))) != 1 ||
		subtle.ConstantTimeCompare([]byte(password), []byte(s.AdminPassword)) != 1 {
		return refused
	}
	exists, err := s.Store.AdminExists(ctx)
	if err != nil {
		return err
	}
	if exists {
		return refused
	}
	return s.createAdmin(ctx, password)
}

func (s *Service) createAdmin(ctx context.Context, password string) error {
	hash, err := HashPassword(password, s.Hash)
	if err != nil {
		return err
	}
	return s.Store.CreateUser(ctx, &User{
		Type: Admin, Email: NormalizeEmail(s.AdminEmail), PasswordHash: hash,
		FirstName: "Admin", IsVerified: true,
	})
}

// decoyHash is checked against the password given for an unknown email, so that such a sign-in
// takes as long as a wrong password and does not tell which emails have accounts.
func (s *Service) decoyHash() string {
	s.decoyOnce.Do(func() { s.decoyHashValue, _ = HashPassword("not a real password", s.Hash) })
	return s.decoyHashValue
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
