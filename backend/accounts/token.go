package accounts

import (
	"errors"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Tokens issues and verifies the bearer tokens of signed-in users.
type Tokens struct {
	Secret   []byte
	Issuer   string
	Audience string
	TTL      time.Duration
	Now      func() time.Time

	// verified holds the tokens that passed Verify, until they expire. A client sends the same
	// token with every request, and parsing it again (base64, JSON, HMAC) was a sixth of a chat
	// message's CPU in the sending instance. Revocation is not this cache's business: a token
	// only ever stops being valid by expiring, and Authenticate checks its session and version
	// on every request, whether the token came from here or not.
	verifiedOnce sync.Once
	verified     *cache[verifiedToken]
}

type verifiedToken struct {
	userID, sessionID string
	version           int
}

type claims struct {
	jwt.RegisteredClaims
	// Version must equal the user's TokenVersion; a password reset bumps it.
	Version int `json:"ver"`
	// Session names the sign-in this token belongs to; ending it ends the token.
	Session string `json:"sid"`
}

// Issue returns a signed HS256 token for u in session sessionID.
func (t *Tokens) Issue(u *User, sessionID string) (string, error) {
	now := t.now()
	c := claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   u.ID,
			Issuer:    t.Issuer,
			Audience:  jwt.ClaimStrings{t.Audience},
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(t.TTL)),
		},
		Version: u.TokenVersion,
		Session: sessionID,
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.Secret)
}

// errBadToken covers every way a token can be unacceptable; callers need not know which.
var errBadToken = errors.New("bad token")

// Verify checks signature, algorithm, expiry, issuer and audience, and returns the user id,
// token version and session inside.
func (t *Tokens) Verify(token string) (userID string, version int, sessionID string, err error) {
	now := t.now()
	t.verifiedOnce.Do(func() { t.verified = &cache[verifiedToken]{ttl: t.TTL} })
	if v, ok := t.verified.get(token, now); ok {
		return v.userID, v.version, v.sessionID, nil
	}
	var c claims
	_, err = jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.Secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuer(t.Issuer),
		jwt.WithAudience(t.Audience),
		jwt.WithTimeFunc(t.now),
	)
	if err != nil || c.Subject == "" || c.Session == "" {
		return "", 0, "", errBadToken
	}
	// WithExpirationRequired: ExpiresAt is set. Nothing is ever forgotten, so the generation
	// is always current.
	t.verified.put(token, verifiedToken{userID: c.Subject, sessionID: c.Session, version: c.Version},
		t.verified.generation(), c.ExpiresAt.Time)
	return c.Subject, c.Version, c.Session, nil
}

func (t *Tokens) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}
