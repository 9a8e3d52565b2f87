// Package profiles owns what people say about themselves: a student's profile (skills with
// levels, experience, projects, résumé), a startup's company details, changing one's password,
// and finding students by skill. Fields only the server decides — user type, verification,
// tier, ids, a skill's Verified badge — are not part of any input here. Which user type a use
// case is for is the HTTP route table's rule (httpapi/routes.go); this package checks what
// depends on the request: whose profile a save names, which users a list asks for.
package profiles

import (
	"context"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/ratelimit"
	"bridgework/backend/uploads"
)

// StudentProfile is everything a student may set about themself.
type StudentProfile struct {
	FirstName, LastName                     string
	Phone, College, Institute, CollegeEmail string
	Bio, Headline, Summary                  string
	ProfilePicture, Resume                  string
	// Skills carry a name and a level only; IsVerified is ignored (the store keeps the badge a
	// skill already earned).
	Skills     []accounts.Skill
	Experience []accounts.Experience
	Projects   []accounts.Project
	// Discoverable and AcceptsInvitations are the student's choices (accounts.User); nil keeps
	// what is stored, as the spec's client sends neither.
	Discoverable, AcceptsInvitations *bool
}

// StartupProfile is everything a startup may set about its company.
type StartupProfile struct {
	CompanyName, Industry, CompanyDescription, CompanySize, ProfilePicture string
	// Website is the company's site; its domain is the one the startup may verify (package
	// issuers). Moving it to another domain drops that verification.
	Website string
}

// UserFilter selects users of one type, newest first.
type UserFilter struct {
	Type accounts.UserType
	// SkillKeys, when set, keeps users with at least one skill whose lower-cased name is listed.
	SkillKeys []string
	// Discoverable keeps only the users who let startups find them (accounts.User.Discoverable).
	Discoverable bool
	Limit        int
	Offset       int
}

// Store is what the profiles service needs from the database.
type Store interface {
	UserByID(ctx context.Context, id string) (*accounts.User, error)
	// HasStudentProfile reports whether the student saved a profile (Add Profile) before.
	HasStudentProfile(ctx context.Context, userID string) (bool, error)
	// SaveStudentProfile writes p in one transaction: AddProfile succeeds only when no profile
	// exists yet (else apperr.Conflict), SaveProfile creates or updates it. A skill keeps its
	// Verified badge when a skill of the same name (any case) had it.
	SaveStudentProfile(ctx context.Context, userID string, p StudentProfile, mode SaveMode) error
	SaveStartupProfile(ctx context.Context, userID string, p StartupProfile) error
	SetPassword(ctx context.Context, userID, hash string) error
	ListUsers(ctx context.Context, f UserFilter) ([]*accounts.User, error)
	// CountUsers counts what ListUsers would list without a limit.
	CountUsers(ctx context.Context, f UserFilter) (int64, error)
	// FileMeta returns an upload's owner and kind (no data); apperr.NotFound when unknown.
	FileMeta(ctx context.Context, id string) (*uploads.File, error)
	// TrackRecords reads the certificates (one per approved task) of userIDs in one query;
	// VerifiedSkills is left to the caller, who holds the users' skills already.
	TrackRecords(ctx context.Context, userIDs []string) (map[string]TrackRecord, error)
}

// Sessions ends the other sessions after a password change and gives the caller's a fresh token.
type Sessions interface {
	PasswordChanged(ctx context.Context, userID, keepSession string) (token string, err error)
}

// Service is the profiles use cases.
type Service struct {
	Store    Store
	Work     Work
	Sessions Sessions
	Hash     accounts.HashParams
	Limiter  ratelimit.Limiter
	// PasswordFailures in PasswordWindow lock out further current-password guesses, so a stolen
	// session cannot be used to find the password behind it.
	PasswordFailures int
	PasswordWindow   time.Duration
	Now              func() time.Time // nil: time.Now
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// CheckOwnProfile refuses a profile save that names another user: the spec's client sends the
// userId it saves for, and it may only be the caller's own.
func CheckOwnProfile(u *accounts.User, userID string) error {
	if len(userID) > maxShort {
		return apperr.Field("userId", "Unknown user")
	}
	if userID != "" && userID != u.ID {
		return apperr.New(apperr.Forbidden, "You can only edit your own profile.")
	}
	return nil
}

// StudentProfile returns the student's own profile, or nil when they have not created one yet
// (the form then offers Add Profile). Not having a profile yet is a state, not an error: a 404
// here would put a failed request in the console of every new student's profile page.
func (s *Service) StudentProfile(ctx context.Context, u *accounts.User) (*accounts.User, error) {
	has, err := s.Store.HasStudentProfile(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	if !has {
		return nil, nil
	}
	return s.Store.UserByID(ctx, u.ID)
}

// SaveMode is how a student's profile save treats the profile there is, or is not, already.
type SaveMode int

const (
	// AddProfile creates the profile and refuses when there is one (the form's Add Profile, POST).
	AddProfile SaveMode = iota
	// SaveProfile creates or updates it (PUT): the spec's client sends PUT for every student it
	// has read a user for, new registrants included, as the original server upserted.
	SaveProfile
)

// SaveStudentProfile saves the caller's profile as mode says and returns it as stored.
func (s *Service) SaveStudentProfile(ctx context.Context, u *accounts.User, in StudentProfile, mode SaveMode) (*accounts.User, error) {
	p, err := normalizeStudent(in, s.now())
	if err != nil {
		return nil, err
	}
	if err := s.checkOwnFile(ctx, u, "profilePicture", p.ProfilePicture, uploads.Avatar); err != nil {
		return nil, err
	}
	if err := s.checkOwnFile(ctx, u, "resume", p.Resume, uploads.Resume); err != nil {
		return nil, err
	}
	if err := s.Store.SaveStudentProfile(ctx, u.ID, p, mode); err != nil {
		return nil, err
	}
	return s.Store.UserByID(ctx, u.ID)
}

// SaveStartupProfile updates the caller's company profile and returns it as stored.
func (s *Service) SaveStartupProfile(ctx context.Context, u *accounts.User, in StartupProfile) (*accounts.User, error) {
	p, err := normalizeStartup(in)
	if err != nil {
		return nil, err
	}
	if err := s.checkOwnFile(ctx, u, "profilePicture", p.ProfilePicture, uploads.Avatar); err != nil {
		return nil, err
	}
	if err := s.Store.SaveStartupProfile(ctx, u.ID, p); err != nil {
		return nil, err
	}
	return s.Store.UserByID(ctx, u.ID)
}

// checkOwnFile accepts an uploads URL only for a file of kind that u uploaded, so a profile
// cannot point at someone else's upload. Outside links were refused by validation already,
// except résumé links (http/https), which are left as they are.
func (s *Service) checkOwnFile(ctx context.Context, u *accounts.User, field, url string, kind uploads.Kind) error {
	id, ok := uploads.IDFromURL(url)
	if !ok {
		return nil
	}
	f, err := s.Store.FileMeta(ctx, id)
	if apperr.CodeOf(err) == apperr.NotFound || (err == nil && (f.OwnerID != u.ID || f.Kind != kind)) {
		return apperr.Field(field, "Please upload the file again")
	}
	return err
}

// ChangePassword checks the current password, stores the new one and bumps the token version,
// which signs out every other session. It returns a fresh token for the caller's own session.
func (s *Service) ChangePassword(ctx context.Context, u *accounts.User, current, next, confirm string) (string, error) {
	if err := validatePasswordChange(current, next, confirm); err != nil {
		return "", err
	}
	key := "password:acct:" + u.ID
	count, resetIn, err := s.Limiter.Hit(ctx, key, 0, s.PasswordWindow)
	if err != nil {
		return "", err
	}
	if count >= s.PasswordFailures {
		return "", &apperr.Error{Code: apperr.Throttled, Message: "Too many attempts. Please try again later.", RetryAfter: resetIn}
	}
	if !accounts.CheckPassword(u.PasswordHash, current) {
		if _, _, err := s.Limiter.Hit(ctx, key, 1, s.PasswordWindow); err != nil {
			return "", err
		}
		// 400, not 401: a wrong current password must not end the session it was typed in.
		return "", apperr.Field("currentPassword", "Current password is incorrect")
	}
	hash, err := accounts.HashPassword(next, s.Hash)
	if err != nil {
		return "", err
	}
	if err := s.Store.SetPassword(ctx, u.ID, hash); err != nil {
		return "", err
	}
	if err := s.Limiter.Reset(ctx, key); err != nil {
		return "", err
	}
	return s.Sessions.PasswordChanged(ctx, u.ID, u.SessionID)
}

// ListUsers reads limit students or startups past offset, newest first, optionally only
// students with any of skills, and counts them all. The admin account is never listed.
func (s *Service) ListUsers(ctx context.Context, viewer *accounts.User, userType string, skills []string, offset, limit int) ([]*accounts.User, int64, error) {
	t := accounts.UserType(userType)
	if t != accounts.Student && t != accounts.Startup {
		return nil, 0, apperr.Field("role", "role must be student or startup")
	}
	if !CanBrowseUsersOf(viewer, t) {
		return nil, 0, apperr.New(apperr.Forbidden, "Students cannot browse other students.")
	}
	keys, err := SkillKeys(skills)
	if err != nil {
		return nil, 0, err
	}
	// A student who hid from search is not listed to startups; the admin oversees everyone.
	f := UserFilter{Type: t, SkillKeys: keys, Discoverable: viewer.Type == accounts.Startup, Limit: limit, Offset: offset}
	users, err := s.Store.ListUsers(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	// A page that is not full ends the list, so its length is known without a count (most
	// skill searches fit on one page).
	if len(users) < limit && (len(users) > 0 || offset == 0) {
		return users, int64(offset + len(users)), nil
	}
	total, err := s.Store.CountUsers(ctx, f)
	return users, total, err
}

// Students reads a page of students for a startup, optionally only those with any of skills.
func (s *Service) Students(ctx context.Context, viewer *accounts.User, skills []string, offset, limit int) ([]*accounts.User, int64, error) {
	return s.ListUsers(ctx, viewer, string(accounts.Student), skills, offset, limit)
}

// Student returns one student's profile for a startup; any other id is not found.
func (s *Service) Student(ctx context.Context, id string) (*accounts.User, error) {
	return accounts.OfType(ctx, s.Store, id, accounts.Student, "Student not found.")
}

// Startup returns one startup's public profile for any signed-in user.
func (s *Service) Startup(ctx context.Context, id string) (*accounts.User, error) {
	return accounts.OfType(ctx, s.Store, id, accounts.Startup, "Startup not found.")
}
