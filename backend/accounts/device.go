package accounts

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// Device cookies follow OWASP's scheme against brute force: a browser that signed in to an
// account receives a cookie signed by the server and bound to that account. Sign-ins that carry
// it are not held by the account's lockout, so an attacker guessing passwords can lock out only
// clients that never signed in; the owner on their usual device keeps getting in.

// DeviceCookieName is the cookie that marks a browser that signed in to an account before.
const DeviceCookieName = "bw_device"

// DeviceCookieTTL is how long a device stays trusted after its last sign-in.
const DeviceCookieTTL = 365 * 24 * time.Hour

// device is a verified device cookie.
type device struct {
	nonce  string // names the device: its own failure budget is counted under it
	userID string
}

// deviceKey is the cookie's signing key, derived from the token secret so that every instance
// accepts every instance's cookies, and domain-separated so a cookie is never a token.
func (s *Service) deviceKey() []byte {
	mac := hmac.New(sha256.New, s.Tokens.Secret)
	mac.Write([]byte("bridgework device cookie v1"))
	return mac.Sum(nil)
}

// issueDevice returns a new device cookie value for userID: nonce.userID.expiry.signature.
func (s *Service) issueDevice(userID string) (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	payload := base64.RawURLEncoding.EncodeToString(b) + "." + userID + "." +
		strconv.FormatInt(s.now().Add(DeviceCookieTTL).Unix(), 10)
	return payload + "." + s.signDevice(payload), nil
}

func (s *Service) signDevice(payload string) string {
	mac := hmac.New(sha256.New, s.deviceKey())
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// verifyDevice checks a cookie's signature and expiry and that it belongs to userID.
func (s *Service) verifyDevice(value, userID string) (device, bool) {
	i := strings.LastIndexByte(value, '.')
	if i < 0 || userID == "" {
		return device{}, false
	}
	payload, signature := value[:i], value[i+1:]
	if !hmac.Equal([]byte(signature), []byte(s.signDevice(payload))) {
		return device{}, false
	}
	parts := strings.Split(payload, ".")
	if len(parts) != 3 || parts[1] != userID {
		return device{}, false
	}
	expires, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || !s.now().Before(time.Unix(expires, 0)) {
		return device{}, false
	}
	return device{nonce: parts[0], userID: parts[1]}, true
}
