package credentials

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/certs"
	"bridgework/backend/ratelimit"
)

// Store keeps every certificate's credential once it is signed.
type Store interface {
	// Credential is the credential kept for a certificate, "" before it is first signed.
	Credential(ctx context.Context, certificateID string) (string, error)
	// KeepCredential keeps signed as the certificate's credential unless one was kept first, and
	// returns the one kept.
	KeepCredential(ctx context.Context, certificateID, signed string) (string, error)
}

// Users reads the student's email and the startup's website for a credential.
type Users interface {
	UserByID(ctx context.Context, id string) (*accounts.User, error)
}

// Service serves and verifies credentials. Anyone may verify VerifiesPerIP files a minute from
// one address (0: no limit): each costs a canonicalization and a signature check.
type Service struct {
	Issuer        *Issuer
	Store         Store
	Certificates  certs.Store
	Users         Users
	Limiter       ratelimit.Limiter
	VerifiesPerIP int
}

// ForCertificate is c's credential: the one kept, or else one signed now and kept.
//
// A credential is signed once and kept, not signed again on each request: the file a student
// saved, the badge they posted and the PDF they sent stay byte for byte what Bridgework serves,
// and a key rotated later (CREDENTIAL_RETIRED_KEYS) leaves them verifying. validFrom is the
// certificate's issue time, the proof's created the time it was signed; a certificate issued
// before credentials existed gets its credential the first time anyone asks for it.
func (s *Service) ForCertificate(ctx context.Context, c *certs.Certificate) ([]byte, error) {
	kept, err := s.Store.Credential(ctx, c.ID)
	if err != nil || kept != "" {
		return []byte(kept), err
	}
	student, err := s.Users.UserByID(ctx, c.StudentID)
	if err != nil {
		return nil, err
	}
	var website string
	if startup, err := s.Users.UserByID(ctx, c.StartupID); err == nil {
		website = startup.Website
	} else if apperr.CodeOf(err) != apperr.NotFound {
		return nil, err
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return nil, err
	}
	now := time.Now()
	cred := s.Issuer.Build(*c, Facts{StudentEmail: student.Email, StartupWebsite: website}, hex.EncodeToString(salt), now)
	signed, err := s.Issuer.Sign(cred, now)
	if err != nil {
		return nil, err
	}
	kept, err = s.Store.KeepCredential(ctx, c.ID, string(signed))
	return []byte(kept), err
}

// ByNumber is the credential of the certificate with this number, for anyone who has the number.
func (s *Service) ByNumber(ctx context.Context, number string) ([]byte, *certs.Certificate, error) {
	c, err := certs.ByNumber(ctx, s.Certificates, number)
	if err != nil {
		return nil, nil, err
	}
	cred, err := s.ForCertificate(ctx, c)
	return cred, c, err
}

// Badge is the badge image with the certificate's credential baked in.
func (s *Service) Badge(ctx context.Context, number string) ([]byte, *certs.Certificate, error) {
	cred, c, err := s.ByNumber(ctx, number)
	if err != nil {
		return nil, nil, err
	}
	img, err := Bake(BadgeImage(), cred)
	return img, c, err
}

// Verify checks the credential in file: its JSON, a baked badge (PNG) or a certificate PDF. A file
// that holds no credential is refused (400); a credential that does not verify is an answer, with
// the reason.
func (s *Service) Verify(ctx context.Context, ip string, file []byte) (Result, error) {
	if err := ratelimit.Take(ctx, s.Limiter, "credential-verify:ip:"+ip, s.VerifiesPerIP, time.Minute,
		"Too many verifications from your network. Please try again in a minute."); err != nil {
		return Result{}, err
	}
	raw, err := credentialIn(file)
	if err != nil {
		return Result{}, err
	}
	return s.Issuer.Verify(raw), nil
}

// credentialIn finds the credential's JSON in a file, telling what kind of file it is by its
// first bytes rather than by what the client says it is.
func credentialIn(file []byte) ([]byte, error) {
	var (
		raw []byte
		err error
	)
	switch {
	case len(bytes.TrimSpace(file)) == 0:
		return nil, apperr.Field("credential", "Send a credential: its JSON, a badge image (PNG) or a certificate PDF.")
	case bytes.HasPrefix(file, pngSignature):
		raw, err = Unbake(file)
	case bytes.HasPrefix(file, pdfHeader):
		raw, err = FromPDF(file)
	default:
		raw = file
	}
	switch {
	case errors.Is(err, ErrNoCredential):
		return nil, apperr.Field("credential", "This file carries no credential: a badge image must be a baked Open Badge, a PDF a Bridgework certificate.")
	case err != nil:
		return nil, err
	case !json.Valid(raw):
		return nil, apperr.Field("credential", "This is not a credential: it is neither JSON, nor a badge image (PNG), nor a PDF.")
	case !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")):
		return nil, apperr.Field("credential", "This JSON is not a credential: a credential is a JSON object.")
	}
	return raw, nil
}
