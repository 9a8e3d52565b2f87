// Package accounts owns users: registration, sign-in, tokens, password reset and the admin
// bootstrap. Profile fields live on the same User so every user type is one row.
package accounts

import (
	"context"
	"time"

	"bridgework/backend/apperr"
)

// UserType is a user's role. It is set by the server only, never by a client.
type UserType string

const (
	Student UserType = "student"
	Startup UserType = "startup"
	Admin   UserType = "admin"
)

// Skill levels, lowest first; a skill without a level is a beginner's.
var SkillLevels = []string{"beginner", "intermediate", "advanced", "expert"}

// User is any account of the product with its profile.
type User struct {
	ID           string
	Type         UserType
	IsVerified   bool
	Email        string // stored lower-case
	PasswordHash string
	// TokenVersion is embedded in every token; bumping it revokes all tokens issued before.
	TokenVersion int
	// SessionID is the session of the token a request came with (set by Authenticate; not stored).
	SessionID string

	FirstName, LastName, Username string

	CompanyName, CompanyDescription, CompanySize, Industry, Tier string
	// Website is the startup's site; VerifiedDomain is its domain once an address there confirmed
	// a mailed link (package issuers), and VerifiedAt when. Both are cleared when the website
	// moves to another domain.
	Website        string
	VerifiedDomain string
	VerifiedAt     *time.Time
	// PaymentRecord is what a startup's students were paid (package payments), kept by
	// Bridgework alone: no save of the startup's touches it.
	PaymentRecord PaymentRecord

	Phone, College, Institute, CollegeEmail string
	Bio, Headline, Summary                  string
	ProfilePicture, Resume                  string

	Skills     []Skill
	Experience []Experience
	Projects   []Project
	// A student's two choices about being found (package matching): Discoverable lists them in
	// startups' matches, AcceptsInvitations lets startups invite them to tasks. Both start true.
	Discoverable, AcceptsInvitations bool

	CreatedAt, UpdatedAt time.Time
}

// PaymentRecord is a startup's record of paying for approved work, shown to every student before
// they work for it: Approved paid submissions, how many were Paid (confirmed received or
// transferred), how many are Disputed until their student confirms, and the median days from
// approval to payment (nil before the first).
type PaymentRecord struct {
	Approved, Paid, Disputed int
	MedianDaysToPay          *float64
}

// Skill is a named skill with a level; IsVerified is set only by an approved task.
type Skill struct {
	Name       string
	Level      string
	IsVerified bool
}

// Experience is one job or role; an empty EndDate means Present.
type Experience struct {
	Title, Company, Description string
	StartDate, EndDate          string
	IsCurrent                   bool
}

// Project is a piece of work a student shows.
type Project struct {
	Title, Description string
	Technologies       []string
	Link               string
}

// DisplayName is how the product names a user to others.
func (u *User) DisplayName() string {
	if u.Type == Startup && u.CompanyName != "" {
		return u.CompanyName
	}
	if name := joinNonEmpty(u.FirstName, u.LastName); name != "" {
		return name
	}
	return u.Email
}

func joinNonEmpty(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " " + b
}

// PasswordReset is a pending reset; only a hash of its token is stored.
type PasswordReset struct {
	TokenHash string
	UserID    string
	ExpiresAt time.Time
}

// Store is what the accounts service needs from the database.
type Store interface {
	// CreateUser inserts u; a taken email gives an apperr.Conflict.
	CreateUser(ctx context.Context, u *User) error
	// UserByID and UserByEmail give apperr.NotFound for an unknown user.
	UserByID(ctx context.Context, id string) (*User, error)
	UserByEmail(ctx context.Context, email string) (*User, error)
	// SetPassword stores a new hash and bumps the token version, revoking older tokens.
	SetPassword(ctx context.Context, userID, hash string) error
	// AdminExists reports whether any admin account exists.
	AdminExists(ctx context.Context) (bool, error)
	CreatePasswordReset(ctx context.Context, r PasswordReset) error
	// ConsumePasswordReset deletes the reset with tokenHash and returns its user when it has not
	// expired at now; otherwise apperr.NotFound. Single use even under concurrent calls.
	ConsumePasswordReset(ctx context.Context, tokenHash string, now time.Time) (userID string, err error)
}

// UserReader reads a user by id; apperr.NotFound when unknown.
type UserReader interface {
	UserByID(ctx context.Context, id string) (*User, error)
}

// OfType reads the user id names when they are a t. Anyone else, known or not, is not found with
// the message notFound, so that an id of another type tells nothing.
func OfType(ctx context.Context, users UserReader, id string, t UserType, notFound string) (*User, error) {
	u, err := users.UserByID(ctx, id)
	if apperr.CodeOf(err) == apperr.NotFound || (err == nil && u.Type != t) {
		return nil, apperr.New(apperr.NotFound, notFound)
	}
	return u, err
}
