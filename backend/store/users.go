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
	return s.first(ctx, "id = ?", id)
}

func (s Users) UserByEmail(ctx context.Context, email string) (*accounts.User, error) {
	return s.first(ctx, "email = ?", accounts.NormalizeEmail(email))
}

func (s Users) first(ctx context.Context, where string, arg any) (*accounts.User, error) {
	var row userRow
	err := s.DB.WithContext(ctx).Preload("Skills", orderByPosition).Where(where, arg).Take(&row).Error
	if err != nil {
		return nil, translate(err, userNotFound)
	}
	return row.toDomain(), nil
}

func orderByPosition(db *gorm.DB) *gorm.DB { return db.Order("position") }

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
	var n int64
	err := s.DB.WithContext(ctx).Model(&userRow{}).Where("user_type = ?", string(accounts.Admin)).Limit(1).Count(&n).Error
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
