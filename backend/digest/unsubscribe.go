package digest

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strings"

	"bridgework/backend/apperr"
)

// All is what an unsubscribe link for every type of email names.
const All = "all"

var errBadLink = apperr.New(apperr.Invalid, "This unsubscribe link is not valid.")

// unsubscribeToken signs (user, what) so a link in a mail works without a sign-in and for that
// user and type alone. It does not expire: an old mail's link must still work (RFC 8058).
func (s *Service) unsubscribeToken(userID, what string) string {
	payload := userID + "." + what
	return base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + s.sign(payload)
}

func (s *Service) sign(payload string) string {
	mac := hmac.New(sha256.New, s.Secret)
	mac.Write([]byte("unsubscribe:" + payload)) // the prefix keeps these apart from other uses of the secret
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// Unsubscribe turns off the type of email the signed token names (or all of them) and answers
// the name of what it turned off: messages, submissions, payments, invitations, taskAlerts or all.
func (s *Service) Unsubscribe(ctx context.Context, token string) (string, error) {
	encoded, signature, ok := strings.Cut(token, ".")
	raw, err := base64.RawURLEncoding.DecodeString(encoded)
	if !ok || err != nil || len(token) > 200 || !hmac.Equal([]byte(signature), []byte(s.sign(string(raw)))) {
		return "", errBadLink
	}
	userID, what, _ := strings.Cut(string(raw), ".")
	settings, err := s.Store.Settings(ctx, userID)
	if err != nil {
		return "", err
	}
	name := All
	switch Type(what) {
	case Messages, Submissions, Payments, Invitations, TaskAlerts:
		*settings.field(Type(what)) = Off
		name = fieldName(Type(what))
	default:
		if what != All {
			return "", errBadLink
		}
		settings = Settings{Messages: Off, Submissions: Off, Payments: Off, Invitations: Off, TaskAlerts: Off}
	}
	return name, s.Store.SaveSettings(ctx, userID, settings)
}
