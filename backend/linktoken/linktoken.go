// Package linktoken makes the secrets that mailed links carry (password reset, company
// verification): 256 random bits for the link, and the hash that is all the database keeps.
package linktoken

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// New returns a fresh token, URL-safe.
func New() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// Hash is how tokens are stored and looked up: a database leak must not yield working links.
func Hash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
