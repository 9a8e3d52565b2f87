// Package issuers lets a startup prove it is the company it names, so that a certificate says
// who really issued it: the startup enters an address at its company domain itself (the
// registrable domain of its website, CheckWebsite), a single-use link is mailed there through the
// outbox, and opening it while signed in as that startup marks the startup verified for the
// domain. Changing the website to another domain drops the verification
// (store.Profiles.SaveStartupProfile). Only a startup verifies: the HTTP route table
// (httpapi/routes.go) admits no other user type.
package issuers

import (
	"context"
	"fmt"
	"strings"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/linktoken"
	"bridgework/backend/mail"
	"bridgework/backend/ratelimit"
)

// MailKind is the outbox kind of a verification mail. Its Body holds the Verification's id; the
// link itself is made by ComposeMail when the mail is sent, so no secret waits in the outbox.
const MailKind = "company-verification"

// Verification is a request to verify a startup for Domain through Email. TokenHash is set when
// the mail is composed; only the hash of the mailed token is stored.
type Verification struct {
	ID, UserID, Email, Domain string
	TokenHash                 string
	ExpiresAt                 time.Time
}

// Store is what the service needs from the database.
type Store interface {
	UserByID(ctx context.Context, id string) (*accounts.User, error)
	// CreateVerification stores v, setting its ID.
	CreateVerification(ctx context.Context, v *Verification, now time.Time) error
	// VerificationByID gives apperr.NotFound for an unknown or already used verification.
	VerificationByID(ctx context.Context, id string) (*Verification, error)
	SetVerificationToken(ctx context.Context, id, tokenHash string, expiresAt time.Time) error
	// ConsumeVerification deletes the verification whose token hashes to tokenHash and that
	// userID asked for, and returns it; apperr.NotFound when there is none. Single use even under
	// concurrent calls. Another user's verification is left as it is.
	ConsumeVerification(ctx context.Context, tokenHash, userID string) (*Verification, error)
	// VerificationExists reports whether any verification has this token hash.
	VerificationExists(ctx context.Context, tokenHash string) (bool, error)
	// MarkVerified records userID as verified for domain at at, only while the user's website is
	// still website; it reports whether it did.
	MarkVerified(ctx context.Context, userID, website, domain string, at time.Time) (bool, error)
}

// Service is the verified-issuer use cases.
type Service struct {
	Store  Store
	Outbox interface {
		Enqueue(context.Context, mail.Queued) error
	}
	Limiter ratelimit.Limiter
	// MailsPerAccount verification mails a startup may ask for per MailWindow (0: no limit).
	MailsPerAccount int
	MailWindow      time.Duration
	LinkTTL         time.Duration
	PublicURL       string
	Now             func() time.Time // nil: time.Now
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

const invalidLink = "This verification link is invalid or has expired. Ask for a new one from your profile."

// RequestVerification queues a verification mail to email, an address at the startup's company
// domain, and returns the address it goes to.
func (s *Service) RequestVerification(ctx context.Context, u *accounts.User, email string) (string, error) {
	email = accounts.NormalizeEmail(email)
	_, site, problem := CheckWebsite(u.Website)
	var v apperr.Validator
	if v.Check(email != "", "email", "Enter your work email address") &&
		v.Check(accounts.ValidEmail(email), "email", "Invalid email address") &&
		v.Check(strings.TrimSpace(u.Website) != "", "email", "Add your company's website to your profile first: the address must be at its domain.") &&
		v.Check(problem == "", "email", "Fix the website on your profile first. "+problem) {
		mailbox := mailboxProblem(domainOf(email), site)
		v.Check(mailbox == "", "email", mailbox)
	}
	if err := v.Err(); err != nil {
		return "", err
	}
	if err := ratelimit.Take(ctx, s.Limiter, "verify:acct:"+u.ID, s.MailsPerAccount, s.MailWindow,
		"Too many verification emails. Please try again later."); err != nil {
		return "", err
	}
	ver := Verification{UserID: u.ID, Email: email, Domain: site}
	if err := s.Store.CreateVerification(ctx, &ver, s.now()); err != nil {
		return "", err
	}
	return email, s.Outbox.Enqueue(ctx, mail.Queued{Kind: MailKind, Message: mail.Message{To: email, Body: ver.ID}})
}

// ComposeMail makes a queued verification mail: a single-use link valid for LinkTTL. A retry of
// one mail makes a new link, and the earlier one stops working. A verification used meanwhile
// is dropped.
func (s *Service) ComposeMail(ctx context.Context, q mail.Queued) (mail.Message, bool, error) {
	ver, err := s.Store.VerificationByID(ctx, strings.TrimSpace(q.Body))
	if apperr.CodeOf(err) == apperr.NotFound {
		return mail.Message{}, false, nil
	}
	if err != nil {
		return mail.Message{}, false, err
	}
	u, err := s.Store.UserByID(ctx, ver.UserID)
	if err != nil {
		return mail.Message{}, false, err
	}
	token, err := linktoken.New()
	if err != nil {
		return mail.Message{}, false, err
	}
	if err := s.Store.SetVerificationToken(ctx, ver.ID, linktoken.Hash(token), s.now().Add(s.LinkTTL)); err != nil {
		return mail.Message{}, false, err
	}
	link := fmt.Sprintf("%s/verify-company?token=%s", strings.TrimRight(s.PublicURL, "/"), token)
	// The company name is the startup's own words: quoted, as task titles are, so that it reads
	// as a name and never as part of Bridgework's sentence.
	return mail.Message{
		To:      ver.Email,
		Subject: fmt.Sprintf("Confirm %q on Bridgework", u.CompanyName),
		Body: fmt.Sprintf("The startup account %q asked Bridgework to verify that it is the company behind %s.\n\n"+
			"Open this link within %s, signed in as %q, to confirm it:\n%s\n\n"+
			"If you do not know this request, ignore this email: nothing changes.",
			u.CompanyName, ver.Domain, humanDuration(s.LinkTTL), u.CompanyName, link),
	}, true, nil
}

// Confirm uses a mailed token: the startup that asked for it becomes verified for the domain it
// was sent to, if its website is still at that domain. It returns the startup as stored.
func (s *Service) Confirm(ctx context.Context, u *accounts.User, token string) (*accounts.User, error) {
	token = strings.TrimSpace(token)
	if token == "" || len(token) > 200 {
		return nil, apperr.Field("token", invalidLink)
	}
	hash := linktoken.Hash(token)
	ver, err := s.Store.ConsumeVerification(ctx, hash, u.ID)
	if apperr.CodeOf(err) == apperr.NotFound {
		// The link binds to the startup that asked: another account may not use it, and does
		// not spend it either.
		if exists, err := s.Store.VerificationExists(ctx, hash); err != nil {
			return nil, err
		} else if exists {
			return nil, apperr.New(apperr.NotFound, "This verification link was sent for another Bridgework account. Sign in as the startup that asked for it.")
		}
		return nil, apperr.Field("token", invalidLink)
	}
	if err != nil {
		return nil, err
	}
	if !s.now().Before(ver.ExpiresAt) {
		return nil, apperr.Field("token", invalidLink)
	}
	current, err := s.Store.UserByID(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	// A link mailed before the rules last changed verifies only what they allow now.
	if mailbox := mailboxProblem(domainOf(ver.Email), ver.Domain); mailbox != "" {
		return nil, apperr.Field("token", mailbox)
	}
	changed := apperr.New(apperr.Conflict, "Your website changed since this link was sent. Ask for a new link from your profile.")
	if SiteDomain(current.Website) != ver.Domain {
		return nil, changed
	}
	ok, err := s.Store.MarkVerified(ctx, u.ID, current.Website, ver.Domain, s.now())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, changed
	}
	return s.Store.UserByID(ctx, u.ID)
}

// humanDuration says a link's lifetime in words: "24 hours", "30 minutes".
func humanDuration(d time.Duration) string {
	if d >= time.Hour && d%time.Hour == 0 {
		if d == time.Hour {
			return "1 hour"
		}
		return fmt.Sprintf("%d hours", d/time.Hour)
	}
	return fmt.Sprintf("%d minutes", max(1, int(d/time.Minute)))
}
