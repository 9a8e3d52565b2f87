package store

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
)

// userRow is a row of users. Experience and projects are JSON text: they are only ever read with
// their user, while skills are child rows because startups filter students by them.
type userRow struct {
	ID                 string
	UserType           string
	IsVerified         bool
	Email              string
	PasswordHash       string
	TokenVersion       int
	FirstName          string
	LastName           string
	Username           string
	CompanyName        string
	CompanyDescription string
	CompanySize        string
	Industry           string
	Tier               string
	Website            string
	VerifiedDomain     string
	VerifiedAt         *time.Time
	PayApproved        int
	PayPaid            int
	PayDisputed        int
	PayMedianDays      *float64
	Phone              string
	College            string
	Institute          string
	CollegeEmail       string
	Bio                string
	Headline           string
	Summary            string
	ProfilePicture     string
	Resume             string
	Experience         string
	Projects           string
	// A new user takes the columns' default, true: the profile save alone writes them.
	Discoverable       bool `gorm:"<-:update"`
	AcceptsInvitations bool `gorm:"<-:update"`
	CreatedAt          time.Time
	UpdatedAt          time.Time
	Skills             []skillRow `gorm:"foreignKey:UserID"`
}

func (userRow) TableName() string { return "users" }

type skillRow struct {
	ID         string
	UserID     string
	Position   int
	Name       string
	NameKey    string
	Level      string
	IsVerified bool
}

func (skillRow) TableName() string { return "user_skills" }

type userColumn = column[userRow]

// userColumns are userRow's columns; Skills, a relation, is read apart (withSkills). The profile's
// text columns are nullable in the schema (migration 0001), though the store never writes NULL
// to them: COALESCE lets them scan into strings.
var userColumns = columnsOf(
	userColumn{"users.id", func(r *userRow) any { return &r.ID }},
	userColumn{"users.user_type", func(r *userRow) any { return &r.UserType }},
	userColumn{"users.is_verified", func(r *userRow) any { return &r.IsVerified }},
	userColumn{"users.email", func(r *userRow) any { return &r.Email }},
	userColumn{"users.password_hash", func(r *userRow) any { return &r.PasswordHash }},
	userColumn{"users.token_version", func(r *userRow) any { return &r.TokenVersion }},
	userColumn{"COALESCE(users.first_name, '')", func(r *userRow) any { return &r.FirstName }},
	userColumn{"COALESCE(users.last_name, '')", func(r *userRow) any { return &r.LastName }},
	userColumn{"COALESCE(users.username, '')", func(r *userRow) any { return &r.Username }},
	userColumn{"COALESCE(users.company_name, '')", func(r *userRow) any { return &r.CompanyName }},
	userColumn{"COALESCE(users.company_description, '')", func(r *userRow) any { return &r.CompanyDescription }},
	userColumn{"COALESCE(users.company_size, '')", func(r *userRow) any { return &r.CompanySize }},
	userColumn{"COALESCE(users.industry, '')", func(r *userRow) any { return &r.Industry }},
	userColumn{"COALESCE(users.tier, '')", func(r *userRow) any { return &r.Tier }},
	userColumn{"users.website", func(r *userRow) any { return &r.Website }},
	userColumn{"users.verified_domain", func(r *userRow) any { return &r.VerifiedDomain }},
	userColumn{"users.verified_at", func(r *userRow) any { return &r.VerifiedAt }},
	userColumn{"users.pay_approved", func(r *userRow) any { return &r.PayApproved }},
	userColumn{"users.pay_paid", func(r *userRow) any { return &r.PayPaid }},
	userColumn{"users.pay_disputed", func(r *userRow) any { return &r.PayDisputed }},
	userColumn{"users.pay_median_days", func(r *userRow) any { return &r.PayMedianDays }},
	userColumn{"COALESCE(users.phone, '')", func(r *userRow) any { return &r.Phone }},
	userColumn{"COALESCE(users.college, '')", func(r *userRow) any { return &r.College }},
	userColumn{"COALESCE(users.institute, '')", func(r *userRow) any { return &r.Institute }},
	userColumn{"COALESCE(users.college_email, '')", func(r *userRow) any { return &r.CollegeEmail }},
	userColumn{"COALESCE(users.bio, '')", func(r *userRow) any { return &r.Bio }},
	userColumn{"COALESCE(users.headline, '')", func(r *userRow) any { return &r.Headline }},
	userColumn{"COALESCE(users.summary, '')", func(r *userRow) any { return &r.Summary }},
	userColumn{"COALESCE(users.profile_picture, '')", func(r *userRow) any { return &r.ProfilePicture }},
	userColumn{"COALESCE(users.resume, '')", func(r *userRow) any { return &r.Resume }},
	userColumn{"COALESCE(users.experience, '')", func(r *userRow) any { return &r.Experience }},
	userColumn{"COALESCE(users.projects, '')", func(r *userRow) any { return &r.Projects }},
	userColumn{"users.discoverable", func(r *userRow) any { return &r.Discoverable }},
	userColumn{"users.accepts_invitations", func(r *userRow) any { return &r.AcceptsInvitations }},
	userColumn{"users.created_at", func(r *userRow) any { return &r.CreatedAt }},
	userColumn{"users.updated_at", func(r *userRow) any { return &r.UpdatedAt }},
)

type skillColumn = column[skillRow]

var skillColumns = columnsOf(
	skillColumn{"user_skills.id", func(r *skillRow) any { return &r.ID }},
	skillColumn{"user_skills.user_id", func(r *skillRow) any { return &r.UserID }},
	skillColumn{"user_skills.position", func(r *skillRow) any { return &r.Position }},
	skillColumn{"user_skills.name", func(r *skillRow) any { return &r.Name }},
	skillColumn{"user_skills.name_key", func(r *skillRow) any { return &r.NameKey }},
	skillColumn{"user_skills.level", func(r *skillRow) any { return &r.Level }},
	skillColumn{"user_skills.is_verified", func(r *skillRow) any { return &r.IsVerified }},
)

const userNotFound = "User not found."

// Users is the accounts store.
type Users struct{ DB *gorm.DB }

func (s Users) CreateUser(ctx context.Context, u *accounts.User) error {
	if u.ID == "" {
		u.ID = NewID()
	}
	row := toUserRow(u)
	err := s.DB.WithContext(ctx).Create(&row).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		const msg = "An account with this email already exists"
		return &apperr.Error{Code: apperr.Conflict, Message: msg, Fields: map[string]string{"email": msg}}
	}
	if err != nil {
		return err
	}
	u.CreatedAt, u.UpdatedAt = row.CreatedAt, row.UpdatedAt
	return nil
}

func (s Users) UserByID(ctx context.Context, id string) (*accounts.User, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, userNotFound)
	}
	return s.first(ctx, whereOf("users.id = ?", id))
}

func (s Users) UserByEmail(ctx context.Context, email string) (*accounts.User, error) {
	return s.first(ctx, whereOf("users.email = ?", accounts.NormalizeEmail(email)))
}

// first reads the one user w selects, then their skills; apperr.NotFound when none.
func (s Users) first(ctx context.Context, w where) (*accounts.User, error) {
	db := s.DB.WithContext(ctx)
	users, err := usersWithSkills(db, w.stmt("SELECT "+userColumns.list+" FROM users", nil, limit(1)))
	if err != nil {
		return nil, err
	}
	if len(users) == 0 {
		return nil, apperr.New(apperr.NotFound, userNotFound)
	}
	return users[0], nil
}

// usersWithSkills reads the users s selects, in its order, and then their skills in one more
// statement when it selects any.
func usersWithSkills(db *gorm.DB, s stmt) ([]*accounts.User, error) {
	rows, err := rowsOf(db, s, userColumns)
	if err != nil {
		return nil, err
	}
	if err := withSkills(db, rows); err != nil {
		return nil, err
	}
	users := make([]*accounts.User, 0, len(rows))
	for i := range rows {
		users = append(users, rows[i].toDomain())
	}
	return users, nil
}

// withSkills reads the skills of rows into them, each user's in its order. One user, the read of
// every signed-in request, is read by its id: the (user_id, position) index gives the order
// without a sort.
func withSkills(db *gorm.DB, rows []userRow) error {
	if len(rows) == 0 {
		return nil
	}
	at := make(map[string]int, len(rows))
	ids := make([]string, len(rows))
	for i, r := range rows {
		at[r.ID], ids[i] = i, r.ID
	}
	var w where
	if len(ids) == 1 {
		w = whereOf("user_skills.user_id = ?", ids[0])
	} else {
		w = whereOf(inList(db, "user_skills.user_id", ids))
	}
	skills, err := rowsOf(db, w.stmt("SELECT "+skillColumns.list+" FROM user_skills", nil, " ORDER BY user_skills.position"), skillColumns)
	if err != nil {
		return err
	}
	for _, sk := range skills {
		r := &rows[at[sk.UserID]]
		r.Skills = append(r.Skills, sk)
	}
	return nil
}

// SetPassword also deletes the user's outstanding reset links: a link mailed before a change
// must not undo it.
func (s Users) SetPassword(ctx context.Context, userID, hash string) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&userRow{}).Where("id = ?", userID).Updates(map[string]any{
			"password_hash": hash,
			"token_version": gorm.Expr("token_version + 1"),
			"updated_at":    time.Now().UTC(),
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, userNotFound)
		}
		return tx.Where("user_id = ?", userID).Delete(&passwordResetRow{}).Error
	})
}

func (s Users) AdminExists(ctx context.Context) (bool, error) {
	n, err := countNow(s.DB.WithContext(ctx), whereOf("users.user_type = ?", string(accounts.Admin)).
		stmt("SELECT COUNT(*) FROM (SELECT 1 FROM users", nil, limit(1)+") AS admins"))
	return n > 0, err
}

type passwordResetRow struct {
	TokenHash string `gorm:"primaryKey"`
	UserID    string
	ExpiresAt time.Time
	CreatedAt time.Time
}

func (passwordResetRow) TableName() string { return "password_resets" }

func (s Users) CreatePasswordReset(ctx context.Context, r accounts.PasswordReset) error {
	return s.DB.WithContext(ctx).Create(&passwordResetRow{TokenHash: r.TokenHash, UserID: r.UserID, ExpiresAt: r.ExpiresAt.UTC()}).Error
}

// ConsumePasswordReset deletes the reset row and reads it in one statement, so of two concurrent
// uses of one link only the one whose DELETE removed the row succeeds.
func (s Users) ConsumePasswordReset(ctx context.Context, tokenHash string, now time.Time) (string, error) {
	var rows []passwordResetRow
	err := s.DB.WithContext(ctx).Clauses(clause.Returning{}).
		Where("token_hash = ?", tokenHash).Delete(&rows).Error
	if err != nil {
		return "", err
	}
	if len(rows) == 0 || !now.Before(rows[0].ExpiresAt) {
		return "", apperr.New(apperr.NotFound, "reset not found")
	}
	return rows[0].UserID, nil
}

func toUserRow(u *accounts.User) userRow {
	exp, _ := json.Marshal(nonNil(u.Experience))
	proj, _ := json.Marshal(nonNil(u.Projects))
	row := userRow{
		ID: u.ID, UserType: string(u.Type), IsVerified: u.IsVerified, Email: accounts.NormalizeEmail(u.Email),
		PasswordHash: u.PasswordHash, TokenVersion: u.TokenVersion,
		FirstName: u.FirstName, LastName: u.LastName, Username: u.Username,
		CompanyName: u.CompanyName, CompanyDescription: u.CompanyDescription, CompanySize: u.CompanySize,
		Industry: u.Industry, Tier: u.Tier, Website: u.Website, VerifiedDomain: u.VerifiedDomain,
		VerifiedAt: u.VerifiedAt, Phone: u.Phone, College: u.College, Institute: u.Institute,
		CollegeEmail: u.CollegeEmail, Bio: u.Bio, Headline: u.Headline, Summary: u.Summary,
		ProfilePicture: u.ProfilePicture, Resume: u.Resume,
		Experience: string(exp), Projects: string(proj),
	}
	row.Skills = toSkillRows(u.ID, u.Skills)
	return row
}

func toSkillRows(userID string, skills []accounts.Skill) []skillRow {
	rows := make([]skillRow, 0, len(skills))
	for i, sk := range skills {
		rows = append(rows, skillRow{
			ID: NewID(), UserID: userID, Position: i, Name: sk.Name,
			NameKey: strings.ToLower(sk.Name), Level: sk.Level, IsVerified: sk.IsVerified,
		})
	}
	return rows
}

func (r *userRow) toDomain() *accounts.User {
	u := &accounts.User{
		ID: r.ID, Type: accounts.UserType(r.UserType), IsVerified: r.IsVerified, Email: r.Email,
		PasswordHash: r.PasswordHash, TokenVersion: r.TokenVersion,
		FirstName: r.FirstName, LastName: r.LastName, Username: r.Username,
		CompanyName: r.CompanyName, CompanyDescription: r.CompanyDescription, CompanySize: r.CompanySize,
		Industry: r.Industry, Tier: r.Tier, Website: r.Website, VerifiedDomain: r.VerifiedDomain,
		VerifiedAt: r.VerifiedAt, Phone: r.Phone, College: r.College, Institute: r.Institute,
		CollegeEmail: r.CollegeEmail, Bio: r.Bio, Headline: r.Headline, Summary: r.Summary,
		ProfilePicture: r.ProfilePicture, Resume: r.Resume,
		PaymentRecord: accounts.PaymentRecord{Approved: r.PayApproved, Paid: r.PayPaid, Disputed: r.PayDisputed,
			MedianDaysToPay: r.PayMedianDays},
		Discoverable: r.Discoverable, AcceptsInvitations: r.AcceptsInvitations,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
	// Both columns are written only by toUserRow, so they always hold valid JSON.
	_ = json.Unmarshal([]byte(r.Experience), &u.Experience)
	_ = json.Unmarshal([]byte(r.Projects), &u.Projects)
	for _, s := range r.Skills {
		u.Skills = append(u.Skills, accounts.Skill{Name: s.Name, Level: s.Level, IsVerified: s.IsVerified})
	}
	return u
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
