package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/issuers"
)

type companyVerificationRow struct {
	ID        string
	UserID    string
	Email     string
	Domain    string
	TokenHash *string
	ExpiresAt *time.Time
	CreatedAt time.Time
}

func (companyVerificationRow) TableName() string { return "company_verifications" }

type companyVerificationColumn = column[companyVerificationRow]

// companyVerificationColumns are companyVerificationRow's columns; a link's token and expiry
// are NULL until its mail is composed (migration 0009).
var companyVerificationColumns = columnsOf(
	companyVerificationColumn{"company_verifications.id", func(r *companyVerificationRow) any { return &r.ID }},
	companyVerificationColumn{"company_verifications.user_id", func(r *companyVerificationRow) any { return &r.UserID }},
	companyVerificationColumn{"company_verifications.email", func(r *companyVerificationRow) any { return &r.Email }},
	companyVerificationColumn{"company_verifications.domain", func(r *companyVerificationRow) any { return &r.Domain }},
	companyVerificationColumn{"company_verifications.token_hash", func(r *companyVerificationRow) any { return &r.TokenHash }},
	companyVerificationColumn{"company_verifications.expires_at", func(r *companyVerificationRow) any { return &r.ExpiresAt }},
	companyVerificationColumn{"company_verifications.created_at", func(r *companyVerificationRow) any { return &r.CreatedAt }},
)

func (r companyVerificationRow) toDomain() *issuers.Verification {
	v := &issuers.Verification{ID: r.ID, UserID: r.UserID, Email: r.Email, Domain: r.Domain}
	if r.TokenHash != nil {
		v.TokenHash = *r.TokenHash
	}
	if r.ExpiresAt != nil {
		v.ExpiresAt = r.ExpiresAt.UTC()
	}
	return v
}

const verificationNotFound = "Verification not found."

// Issuers is the verified-issuers store (issuers.Store).
type Issuers struct{ DB *gorm.DB }

func (s Issuers) UserByID(ctx context.Context, id string) (*accounts.User, error) {
	return Users(s).UserByID(ctx, id)
}

func (s Issuers) CreateVerification(ctx context.Context, v *issuers.Verification, now time.Time) error {
	v.ID = NewID()
	return s.DB.WithContext(ctx).Create(&companyVerificationRow{
		ID: v.ID, UserID: v.UserID, Email: v.Email, Domain: v.Domain, CreatedAt: now.UTC(),
	}).Error
}

func (s Issuers) VerificationByID(ctx context.Context, id string) (*issuers.Verification, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, verificationNotFound)
	}
	row, err := oneOf(s.DB.WithContext(ctx), whereOf("company_verifications.id = ?", id).
		stmt("SELECT "+companyVerificationColumns.list+" FROM company_verifications", nil, limit(1)), companyVerificationColumns, verificationNotFound)
	if err != nil {
		return nil, err
	}
	return row.toDomain(), nil
}

func (s Issuers) SetVerificationToken(ctx context.Context, id, tokenHash string, expiresAt time.Time) error {
	return s.DB.WithContext(ctx).Model(&companyVerificationRow{}).Where("id = ?", id).
		Updates(map[string]any{"token_hash": tokenHash, "expires_at": expiresAt.UTC()}).Error
}

// ConsumeVerification deletes and reads the row in one statement, so of two concurrent uses of
// one link only the one whose DELETE removed the row succeeds.
func (s Issuers) ConsumeVerification(ctx context.Context, tokenHash, userID string) (*issuers.Verification, error) {
	var rows []companyVerificationRow
	err := s.DB.WithContext(ctx).Clauses(clause.Returning{}).
		Where("token_hash = ? AND user_id = ?", tokenHash, userID).Delete(&rows).Error
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, apperr.New(apperr.NotFound, verificationNotFound)
	}
	return rows[0].toDomain(), nil
}

func (s Issuers) VerificationExists(ctx context.Context, tokenHash string) (bool, error) {
	n, err := countNow(s.DB.WithContext(ctx), whereOf("company_verifications.token_hash = ?", tokenHash).
		stmt("SELECT COUNT(*) FROM company_verifications", nil, ""))
	return n > 0, err
}

// MarkVerified updates the row only while its website is the one the caller checked, so a
// website changed in between is not verified by a link mailed for the old one.
func (s Issuers) MarkVerified(ctx context.Context, userID, website, domain string, at time.Time) (bool, error) {
	res := s.DB.WithContext(ctx).Model(&userRow{}).
		Where("id = ? AND user_type = ? AND website = ?", userID, string(accounts.Startup), website).
		Updates(map[string]any{"verified_domain": domain, "verified_at": at.UTC(), "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}
