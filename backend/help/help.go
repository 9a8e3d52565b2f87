// Package help takes the Help Center's call-back requests: a phone number and an email so the
// team can reach back out.
package help

import (
	"context"
	"regexp"
	"strings"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/ratelimit"
)

// Request is one call-back request.
type Request struct {
	ID        string
	Phone     string
	Email     string
	CreatedAt time.Time
}

// Store keeps requests.
type Store interface {
	CreateHelpRequest(ctx context.Context, r *Request) error
}

// Service takes requests; one client address may send PerIPHour of them an hour (0: no limit).
type Service struct {
	Store     Store
	Limiter   ratelimit.Limiter
	PerIPHour int
}

// phoneSeparators are characters people type inside phone numbers that carry no digits.
var phoneSeparators = strings.NewReplacer(" ", "", "-", "", ".", "", "(", "", ")", "")

var phoneDigits = regexp.MustCompile(`^\+?[0-9]{10,15}$`)

// NormalizePhone strips separators; the result is valid when it is 10 to 15 digits with an
// optional leading +.
func NormalizePhone(s string) (string, bool) {
	p := phoneSeparators.Replace(strings.TrimSpace(s))
	return p, phoneDigits.MatchString(p)
}

// Submit validates and stores a request from the client address ip with the Help Center form's
// messages: both fields are required, then the email's shape is checked before the phone's.
func (s *Service) Submit(ctx context.Context, phone, email, ip string) (*Request, error) {
	phone, email = strings.TrimSpace(phone), strings.TrimSpace(email)
	if phone == "" || email == "" {
		const msg = "Both phone number and email are required."
		e := &apperr.Error{Code: apperr.Invalid, Message: msg, Fields: map[string]string{}}
		if phone == "" {
			e.Fields["phone"] = msg
		}
		if email == "" {
			e.Fields["email"] = msg
		}
		return nil, e
	}
	if !accounts.ValidEmail(email) {
		return nil, apperr.Field("email", "Please enter a valid email address.")
	}
	normalized, ok := NormalizePhone(phone)
	if !ok {
		return nil, apperr.Field("phone", "Please enter a valid phone number.")
	}
	if err := ratelimit.Take(ctx, s.Limiter, "help:ip:"+ip, s.PerIPHour, time.Hour,
		"Too many requests from your network. Please try again later."); err != nil {
		return nil, err
	}
	r := &Request{Phone: normalized, Email: accounts.NormalizeEmail(email)}
	if err := s.Store.CreateHelpRequest(ctx, r); err != nil {
		return nil, err
	}
	return r, nil
}
