// Package help takes the Help Center's call-back requests: a phone number and an email so the
// team can reach back out, and, when the caller gives them, what the matter is about and what is
// wrong.
package help

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/ratelimit"
)

// Request is one call-back request. Topic and Message are empty when the caller sent only the
// spec's phone and email.
type Request struct {
	ID        string
	Phone     string
	Email     string
	Topic     string
	Message   string
	CreatedAt time.Time
}

// Topics are what a request may be about, in the order the form offers them.
var Topics = []string{"account", "tasks", "payments", "certificates", "other"}

// MaxMessageLength is the longest message a request keeps, in characters.
const MaxMessageLength = 2000

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

// Submission is what the form sends: the spec's phone and email, and the optional topic and
// message.
type Submission struct {
	Phone, Email, Topic, Message string
}

// Submit validates and stores a request from the client address ip with the Help Center form's
// messages: both fields are required, then the email's shape is checked before the phone's.
// Topic and message are checked after them, so a spec client (which sends neither) meets exactly
// the spec's answers.
func (s *Service) Submit(ctx context.Context, in Submission, ip string) (*Request, error) {
	phone, email := strings.TrimSpace(in.Phone), strings.TrimSpace(in.Email)
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
	topic, message := strings.TrimSpace(in.Topic), strings.TrimSpace(in.Message)
	if topic != "" && !slices.Contains(Topics, topic) {
		return nil, apperr.Field("topic", "Topic must be one of: "+strings.Join(Topics, ", ")+".")
	}
	if utf8.RuneCountInString(message) > MaxMessageLength {
		return nil, apperr.Field("message", fmt.Sprintf("Please keep the message to %d characters.", MaxMessageLength))
	}
	if err := ratelimit.Take(ctx, s.Limiter, "help:ip:"+ip, s.PerIPHour, time.Hour,
		"Too many requests from your network. Please try again later."); err != nil {
		return nil, err
	}
	r := &Request{Phone: normalized, Email: accounts.NormalizeEmail(email), Topic: topic, Message: message}
	if err := s.Store.CreateHelpRequest(ctx, r); err != nil {
		return nil, err
	}
	return r, nil
}
