package accounts

import (
	"context"
	"fmt"
	"time"

	"bridgework/backend/apperr"
	"bridgework/backend/audit"
)

// LoginInput is a sign-in attempt: the credentials, the client, and the device cookie it sent
// ("" for none).
type LoginInput struct {
	Email, Password string
	Client          Client
	DeviceCookie    string
}

// Login checks credentials under OWASP's device-cookie scheme (device.go). A client without a
// valid device cookie for the account is refused with 429, before the password is checked, once
// the account has LoginFailuresPerAccount failures from such clients in the window, or its address
// LoginFailuresPerIP failures. A client with one is held only by that cookie's own budget,
// LoginFailuresPerDevice, past which it counts as untrusted. A successful sign-in returns a fresh
// device cookie in Session.Device.
func (s *Service) Login(ctx context.Context, in LoginInput) (Session, error) {
	email := NormalizeEmail(in.Email)
	var v apperr.Validator
	checkEmail(&v, email)
	if v.Check(in.Password != "", "password", "Password is required") {
		v.Check(len([]rune(in.Password)) >= MinPasswordLen, "password", "Password must be at least 6 characters")
	}
	if err := v.Err(); err != nil {
		return Session{}, err
	}

	u, err := s.Store.UserByEmail(ctx, email)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return Session{}, err
	}
	counters, err := s.loginCounters(ctx, u, email, in)
	if err != nil {
		return Session{}, err
	}

	if u == nil {
		CheckPassword(s.decoyHash(), in.Password)
	}
	if u == nil || !CheckPassword(u.PasswordHash, in.Password) {
		for _, c := range counters {
			if _, _, err := s.Limiter.Hit(ctx, c.key, 1, s.Limits.LoginFailureWindow); err != nil {
				return Session{}, err
			}
		}
		// A failure against an account belongs to its owner's security events; one against an
		// unknown address names nobody (and keeps no typed text: people type passwords there).
		failure := audit.Entry{Type: audit.SignInFailed, IP: in.Client.IP, Detail: "unknown address"}
		if u != nil {
			failure.SubjectID, failure.Detail = u.ID, "wrong password, "+DescribeDevice(in.Client.UserAgent)
		}
		s.record(ctx, failure)
		return Session{}, apperr.New(apperr.Unauthorized, "Invalid email or password")
	}
	// Success clears the counters this client was held by: for an untrusted client the account's
	// (whoever knows the password may try again), for a trusted one only its own budget, so the
	// owner signing in does not hand an attacker a fresh set of guesses.
	if err := s.Limiter.Reset(ctx, counters[0].key); err != nil {
		return Session{}, err
	}
	sess, err := s.startSession(ctx, u, in.Client)
	if err != nil {
		return Session{}, err
	}
	if sess.Device, err = s.issueDevice(u.ID); err != nil {
		return Session{}, err
	}
	s.record(ctx, audit.Entry{Type: audit.SignIn, ActorID: u.ID, SubjectID: u.ID, Target: sess.SessionID,
		IP: in.Client.IP, Detail: DescribeDevice(in.Client.UserAgent)})
	return sess, nil
}

type loginCounter struct {
	key   string
	limit int
}

// loginCounters returns the failure counters that hold this attempt, the one to clear on success
// first, after refusing with 429 when one of them is spent.
func (s *Service) loginCounters(ctx context.Context, u *User, email string, in LoginInput) ([]loginCounter, error) {
	if u != nil {
		if d, ok := s.verifyDevice(in.DeviceCookie, u.ID); ok {
			trusted := loginCounter{"login:device:" + d.nonce, s.Limits.LoginFailuresPerDevice}
			count, _, err := s.Limiter.Hit(ctx, trusted.key, 0, s.Limits.LoginFailureWindow)
			if err != nil {
				return nil, err
			}
			if trusted.limit <= 0 || count < trusted.limit {
				return []loginCounter{trusted}, nil
			}
			// A spent budget makes the device an untrusted client like any other.
		}
	}
	counters := []loginCounter{
		{accountCounter(email), s.Limits.LoginFailuresPerAccount},
		{"login:ip:" + in.Client.IP, s.Limits.LoginFailuresPerIP},
	}
	for i, c := range counters {
		count, resetIn, err := s.Limiter.Hit(ctx, c.key, 0, s.Limits.LoginFailureWindow)
		if err != nil {
			return nil, err
		}
		if c.limit > 0 && count >= c.limit {
			// Say when, and the way in now: a reset lifts the account's hold (ResetPassword),
			// not the network's.
			if i == 0 {
				return nil, throttled(fmt.Sprintf("Too many failed sign-in attempts. Try again in %s, or reset your password to sign in now.", minutes(resetIn)), resetIn)
			}
			return nil, throttled(fmt.Sprintf("Too many failed sign-in attempts from your network. Try again in %s.", minutes(resetIn)), resetIn)
		}
	}
	return counters, nil
}

// accountCounter counts an account's failed sign-ins from clients it does not know.
func accountCounter(email string) string { return "login:acct:" + email }

// minutes says a wait in whole minutes, rounded up: "1 minute", "14 minutes".
func minutes(d time.Duration) string {
	n := max(1, int((d+time.Minute-1)/time.Minute))
	if n == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", n)
}

// decoyHash is checked against the password given for an unknown email, so that such a sign-in
// takes as long as a wrong password and does not tell which emails have accounts.
func (s *Service) decoyHash() string {
	s.decoyOnce.Do(func() { s.decoyHashValue, _ = HashPassword("not a real password", s.Hash) })
	return s.decoyHashValue
}
