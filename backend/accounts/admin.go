package accounts

import (
	"context"
	"crypto/subtle"

	"bridgework/backend/apperr"
	"bridgework/backend/linktoken"
)

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
