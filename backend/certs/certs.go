// Package certs issues and serves the certificates an approved task earns a student: the
// unguessable certificate number, the one-page PDF with a QR code of the public verification
// page, the student's list, and the verified skill badges they imply.
package certs

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"sort"
	"strings"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
)

// Certificate certifies that a student completed a startup's task. Names and the task's fields
// are copied when it is issued, so it keeps saying what it certified after a profile changes.
type Certificate struct {
	ID     string
	Number string

	TaskID, StudentID, StartupID string
	StudentName, StartupName     string

	Title          string
	TaskTitle      string
	TaskCategory   string
	Skills         []string
	IssuedAt       time.Time
	CompletionDate time.Time
	// WorkLink and WorkRevision are the submission's link and revision that the startup
	// approved: what the certificate vouches for.
	WorkLink     string
	WorkRevision int
	// ReviewNotes are the notes the startup approved the work with: its credential's evidence.
	ReviewNotes string

	// The issuer and the task as they stand when the certificate is read, not copied at issue:
	// a verification the startup wins or loses later shows on every certificate it issued.
	IssuerDomain string    // the startup's verified domain; "" when it is not verified
	IssuerSince  time.Time // when the startup joined Bridgework
	TaskPostedAt time.Time
}

// IssuerLine says who issued the certificate and whether Bridgework verified them:
// "Issued by Nimbus Labs · nimbus.io verified" or "Issued by Nimbus Labs · issuer not verified".
func (c Certificate) IssuerLine() string {
	state := "issuer not verified"
	if c.IssuerDomain != "" {
		state = c.IssuerDomain + " verified"
	}
	return "Issued by " + c.StartupName + " · " + state
}

// NumberPrefix starts every certificate number.
const NumberPrefix = "BW-"

var numberEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewNumber returns "BW-" and 16 base32 characters from 80 random bits: numbers cannot be
// guessed or enumerated, which is what makes the public verification page safe to offer.
func NewNumber() (string, error) {
	b := make([]byte, 10)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return NumberPrefix + numberEncoding.EncodeToString(b), nil
}

// ValidNumber reports whether s has the shape of a certificate number.
func ValidNumber(s string) bool {
	rest, ok := strings.CutPrefix(s, NumberPrefix)
	if !ok || len(rest) != 16 {
		return false
	}
	_, err := numberEncoding.DecodeString(rest)
	return err == nil
}

// Store is what the service needs from the database.
type Store interface {
	// CertificatesOfStudent lists a student's certificates, newest first.
	CertificatesOfStudent(ctx context.Context, studentID string) ([]Certificate, error)
	// CertificateByID and CertificateByNumber give apperr.NotFound for an unknown certificate.
	CertificateByID(ctx context.Context, id string) (*Certificate, error)
	CertificateByNumber(ctx context.Context, number string) (*Certificate, error)
}

// Users reads a student's profile, for the skills their badges show.
type Users interface {
	UserByID(ctx context.Context, id string) (*accounts.User, error)
}

// Credentials signs a certificate's credential (package credentials), which its PDF carries.
type Credentials interface {
	ForCertificate(ctx context.Context, c *Certificate) ([]byte, error)
}

// Service serves certificates. PublicURL is where the web app lives; the QR code points there.
type Service struct {
	Store       Store
	Users       Users
	Credentials Credentials
	PublicURL   string
}

var errNotFound = apperr.New(apperr.NotFound, "Certificate not found.")

// ForStudent lists the student's certificates, newest first.
func (s *Service) ForStudent(ctx context.Context, studentID string) ([]Certificate, error) {
	return s.Store.CertificatesOfStudent(ctx, studentID)
}

// Download renders the certificate's PDF, with its credential attached, for its owner. Anyone
// else is told it does not exist.
func (s *Service) Download(ctx context.Context, studentID, id string) (*Certificate, []byte, error) {
	c, err := s.Store.CertificateByID(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if c.StudentID != studentID {
		return nil, nil, errNotFound
	}
	credential, err := s.Credentials.ForCertificate(ctx, c)
	if err != nil {
		return nil, nil, err
	}
	pdf, err := RenderPDF(*c, s.VerifyURL(c.Number), credential)
	if err != nil {
		return nil, nil, err
	}
	return c, pdf, nil
}

// Verify looks a certificate up by its number, for the public verification page.
func (s *Service) Verify(ctx context.Context, number string) (*Certificate, error) {
	return ByNumber(ctx, s.Store, number)
}

// ByNumber finds the certificate with number as a person types it or a QR code gives it: any
// letter case, spaces around it.
func ByNumber(ctx context.Context, store Store, number string) (*Certificate, error) {
	number = strings.ToUpper(strings.TrimSpace(number))
	if !ValidNumber(number) {
		return nil, errNotFound
	}
	return store.CertificateByNumber(ctx, number)
}

// VerifyURL is the public page that confirms a certificate; its QR code encodes this.
func (s *Service) VerifyURL(number string) string {
	return strings.TrimRight(s.PublicURL, "/") + "/verify/" + number
}

// Badge is a skill on a student's profile or earned by an approved task. Verified means an
// approved task required it.
type Badge struct {
	Name       string
	Level      string
	IsVerified bool
}

// BadgesAndCertificates is what GET /api/student/badges-certificates answers.
type BadgesAndCertificates struct {
	Badges       []Badge
	Certificates []Certificate
}

// ForBadges lists the student's certificates and skill badges: every profile skill, verified
// when a certificate names it, followed by the certified skills the profile does not list.
func (s *Service) ForBadges(ctx context.Context, studentID string) (BadgesAndCertificates, error) {
	list, err := s.Store.CertificatesOfStudent(ctx, studentID)
	if err != nil {
		return BadgesAndCertificates{}, err
	}
	u, err := s.Users.UserByID(ctx, studentID)
	if err != nil {
		return BadgesAndCertificates{}, err
	}
	verified := VerifiedSkills(list)
	out := BadgesAndCertificates{Certificates: list, Badges: []Badge{}}
	listed := map[string]bool{}
	for _, sk := range u.Skills {
		for _, name := range splitSkill(sk.Name) {
			key := strings.ToLower(name)
			if listed[key] {
				continue
			}
			listed[key] = true
			level := sk.Level
			if level == "" {
				level = "beginner"
			}
			_, ok := verified[key]
			out.Badges = append(out.Badges, Badge{Name: name, Level: level, IsVerified: ok || sk.IsVerified})
		}
	}
	var extra []string
	for key, name := range verified {
		if !listed[key] {
			extra = append(extra, name)
		}
	}
	sort.Strings(extra)
	for _, name := range extra {
		out.Badges = append(out.Badges, Badge{Name: name, Level: "beginner", IsVerified: true})
	}
	return out, nil
}

// VerifiedSkills maps the lower-cased name of every skill the certificates name to its name as
// written: the skills a student has proven. The admin and profile views use it for Verified.
func VerifiedSkills(list []Certificate) map[string]string {
	out := map[string]string{}
	for _, c := range list {
		for _, sk := range c.Skills {
			key := strings.ToLower(strings.TrimSpace(sk))
			if _, ok := out[key]; key != "" && !ok {
				out[key] = strings.TrimSpace(sk)
			}
		}
	}
	return out
}

// splitSkill splits a skill name the way the spec allows it to be entered: comma separated.
func splitSkill(name string) []string {
	var out []string
	for _, part := range strings.Split(name, ",") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}
