package accounts

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"bridgework/backend/apperr"
	"bridgework/backend/linktoken"
	"bridgework/backend/mail"
	"bridgework/backend/ratelimit"
)

// ResetMailKind is the outbox kind of a password reset mail, composed by ComposeResetMail.
const ResetMailKind = "password-reset"

// Outbox takes mails to send after the request (mail.Outbox).
type Outbox interface {
	Enqueue(ctx context.Context, m mail.Queued) error
}

// ForgotPassword queues a reset mail for email and returns. Whether email has an account is
// decided only when the mail is composed, after the request: the request does the same work, in
// the same time, with the same answer, for every email, whatever the mail server does. next, when
// given, is the page of the app the reset link returns to once the owner signs in again; until the
// mail is composed it waits in the queued mail's body.
func (s *Service) ForgotPassword(ctx context.Context, email, next, ip string) error {
	email = NormalizeEmail(email)
	var v apperr.Validator
	checkEmail(&v, email)
	v.Check(next == "" || isAppPath(next), "next", badNext)
	if err := v.Err(); err != nil {
		return err
	}
	if err := ratelimit.Take(ctx, s.Limiter, "reset:ip:"+ip, s.Limits.ResetRequestsPerIP, s.Limits.ResetRequestWindow,
		"Too many reset requests. Please try again later."); err != nil {
		return err
	}
	return s.Outbox.Enqueue(ctx, mail.Queued{Kind: ResetMailKind, Message: mail.Message{To: email, Body: next}})
}

// ComposeResetMail makes a queued reset mail: a single-use link valid for an hour, for an email
// that has an account and has not had ResetMailsPerAccount mails in the window. Other mails are
// dropped. A retry of one mail makes a new link and does not count again.
func (s *Service) ComposeResetMail(ctx context.Context, q mail.Queued) (mail.Message, bool, error) {
	u, err := s.Store.UserByEmail(ctx, q.To)
	if apperr.CodeOf(err) == apperr.NotFound {
		return mail.Message{}, false, nil
	}
	if err != nil {
		return mail.Message{}, false, err
	}
	if q.Attempts == 1 {
		err := ratelimit.Take(ctx, s.Limiter, "reset:acct:"+u.ID, s.Limits.ResetMailsPerAccount, s.Limits.ResetRequestWindow, "")
		if apperr.CodeOf(err) == apperr.Throttled {
			s.Logger.Info("reset mail dropped: the account had its share this window", "user_id", u.ID)
			return mail.Message{}, false, nil
		}
		if err != nil {
			return mail.Message{}, false, err
		}
	}
	token, err := linktoken.New()
	if err != nil {
		return mail.Message{}, false, err
	}
	reset := PasswordReset{TokenHash: linktoken.Hash(token), UserID: u.ID, ExpiresAt: s.now().Add(time.Hour)}
	if err := s.Store.CreatePasswordReset(ctx, reset); err != nil {
		return mail.Message{}, false, err
	}
	link := fmt.Sprintf("%s/reset-password?token=%s", s.PublicURL, token)
	if next := q.Body; next != "" && isAppPath(next) {
		link += "&next=" + url.QueryEscape(next)
	}
	return mail.Message{
		To:      u.Email,
		Subject: "Reset your Bridgework password",
		Body:    "Someone asked to reset the password of your Bridgework account.\n\nOpen this link within one hour to choose a new password:\n" + link + "\n\nIf it was not you, ignore this email.",
	}, true, nil
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
	userID, err := s.Store.ConsumePasswordReset(ctx, linktoken.Hash(token), s.now())
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
	// Whoever asked for the link may not be the only one signed in: every session ends.
	if _, err = s.PasswordChanged(ctx, userID, ""); err != nil {
		return err
	}
	// The owner proved they hold the mailbox: the account's sign-in hold is lifted, so the new
	// password works at once. Guesses made with the old password are worthless now anyway.
	u, err := s.Store.UserByID(ctx, userID)
	if err != nil {
		return err
	}
	return s.Limiter.Reset(ctx, accountCounter(u.Email))
}
