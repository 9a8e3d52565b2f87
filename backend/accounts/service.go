package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"bridgework/backend/apperr"
	"bridgework/backend/mail"
	"bridgework/backend/ratelimit"
)

// Limits are the throttles on sign-in and password reset.
type Limits struct {
	LoginFailuresPerAccount int
	LoginFailuresPerIP      int
	LoginFailureWindow      time.Duration
	ResetRequestsPerIP      int
	ResetRequestWindow      time.Duration
}

// Service is the accounts use cases.
type Service struct {
	Store     Store
	Tokens    *Tokens
	Limiter   ratelimit.Limiter
	Mailer    mail.Mailer
	Hash      HashParams
	Limits    Limits
	PublicURL string
	Logger    *slog.Logger
	Now       func() time.Time

	// AdminEmail and AdminPassword are the configured bootstrap credentials.
	AdminEmail, AdminPassword string

	// UserCacheTTL is how long Authenticate may reuse a user it read; 0 reads every time.
	UserCacheTTL time.Duration
	usersOnce    sync.Once
	users        *userCache

	// dummyHash is checked when an email is unknown, so a failed sign-in takes as long either way
	// and timing does not tell which emails have accounts.
	dummyOnce sync.Once
	dummyHash string
}

// Session is what a successful sign-in or registration returns.
type Session struct {
	Token string
	User  *User
}

// RegisterInput is the registration form; UserType may only be student or startup.
type RegisterInput struct {
	Email, Password, ConfirmPassword string
	UserType                         string
	FirstName, LastName, College     string
	CompanyName                      string
}

// Register creates a student or startup account and signs it in. It never creates an admin or a
// verified user: those fields are not part of the input at all.
func (s *Service) Register(ctx context.Context, in RegisterInput) (Session, error) {
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
	return s.session(u)
}

// Login checks credentials. Failures are counted per account and per IP; once either count
// reaches its limit in the window, attempts are refused with 429 before the password is checked.
func (s *Service) Login(ctx context.Context, email, password, ip string) (Session, error) {
	email = NormalizeEmail(email)
	var v apperr.Validator
	checkEmail(&v, email)
	if v.Check(password != "", "password", "Password is required") {
		v.Check(len([]rune(password)) >= MinPasswordLen, "password", "Password must be at least 6 characters")
	}
	if err := v.Err(); err != nil {
		return Session{}, err
	}

	keys := []struct {
		key   string
		limit int
	}{
		{"login:acct:" + email, s.Limits.LoginFailuresPerAccount},
		{"login:ip:" + ip, s.Limits.LoginFailuresPerIP},
	}
	for _, k := range keys {
		count, resetIn, err := s.Limiter.Hit(ctx, k.key, 0, s.Limits.LoginFailureWindow)
		if err != nil {
			return Session{}, err
		}
		if count >= k.limit {
			return Session{}, throttled("Too many failed sign-in attempts. Please try again later.", resetIn)
		}
	}

	u, err := s.Store.UserByEmail(ctx, email)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return Session{}, err
	}
	if u == nil {
		CheckPassword(s.dummy(), password)
	}
	if u == nil || !CheckPassword(u.PasswordHash, password) {
		for _, k := range keys {
			if _, _, err := s.Limiter.Hit(ctx, k.key, 1, s.Limits.LoginFailureWindow); err != nil {
				return Session{}, err
			}
		}
		return Session{}, apperr.New(apperr.Unauthorized, "Invalid email or password")
	}
	if err := s.Limiter.Reset(ctx, keys[0].key); err != nil {
		return Session{}, err
	}
	return s.session(u)
}

// Authenticate returns the user a bearer token belongs to, refusing expired, forged and revoked
// tokens alike.
func (s *Service) Authenticate(ctx context.Context, token string) (*User, error) {
	expired := apperr.New(apperr.Unauthorized, "Your session has expired. Please sign in again.")
	id, version, err := s.Tokens.Verify(token)
	if err != nil {
		return nil, expired
	}
	cache := s.userCache()
	// Versions only grow: a cached user with a newer one proves the token revoked, an older one
	// only that the cache is behind.
	if u, ok := cache.get(id, s.now()); ok && u.TokenVersion >= version {
		if u.TokenVersion > version {
			return nil, expired
		}
		return u, nil
	}
	readAt := cache.generation()
	u, err := s.Store.UserByID(ctx, id)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil, expired
	}
	if err != nil {
		return nil, err
	}
	if u.TokenVersion != version {
		return nil, expired
	}
	cache.put(u, readAt, s.now())
	return u, nil
}

// Forget drops what Authenticate remembers of a user; every change to a user made through this
// instance calls it, so the user's next request sees the change.
func (s *Service) Forget(userID string) {
	s.userCache().forget(userID)
}

func (s *Service) userCache() *userCache {
	s.usersOnce.Do(func() { s.users = &userCache{ttl: s.UserCacheTTL} })
	return s.users
}

// ForgotPassword mails a single-use reset link when email has an account. It answers the same
// either way, so it cannot be used to learn which emails are registered.
func (s *Service) ForgotPassword(ctx context.Context, email, ip string) error {
	email = NormalizeEmail(email)
	var v apperr.Validator
	checkEmail(&v, email)
	if err := v.Err(); err != nil {
		return err
	}
	count, resetIn, err := s.Limiter.Hit(ctx, "reset:ip:"+ip, 1, s.Limits.ResetRequestWindow)
	if err != nil {
		return err
	}
	if count > s.Limits.ResetRequestsPerIP {
		return throttled("Too many reset requests. Please try again later.", resetIn)
	}
	u, err := s.Store.UserByEmail(ctx, email)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil
	}
	if err != nil {
		return err
	}
	token, err := randomToken()
	if err != nil {
		return err
	}
	reset := PasswordReset{TokenHash: hashToken(token), UserID: u.ID, ExpiresAt: s.now().Add(time.Hour)}
	if err := s.Store.CreatePasswordReset(ctx, reset); err != nil {
		return err
	}
	link := fmt.Sprintf("%s/reset-password?token=%s", s.PublicURL, token)
	return s.Mailer.Send(ctx, mail.Message{
		To:      u.Email,
		Subject: "Reset your Bridgework password",
		Body:    "Someone asked to reset the password of your Bridgework account.\n\nOpen this link within one hour to choose a new password:\n" + link + "\n\nIf it was not you, ignore this email.",
	})
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
	userID, err := s.Store.ConsumePasswordReset(ctx, hashToken(token), s.now())
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
	s.Forget(userID)
	return nil
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
		if password, err = randomToken(); err != nil {
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

func (s *Service) session(u *User) (Session, error) {
	token, err := s.Tokens.Issue(u)
	if err != nil {
		return Session{}, err
	}
	return Session{Token: token, User: u}, nil
}

func (s *Service) dummy() string {
	s.dummyOnce.Do(func() { s.dummyHash, _ = HashPassword("not a real password", s.Hash) })
	return s.dummyHash
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

func randomToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// hashToken is how reset tokens are stored: a database leak must not yield working links.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
