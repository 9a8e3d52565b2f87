package credentials

import (
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/mr-tron/base58"
)

// ed25519PubPrefix is the multicodec code of an Ed25519 public key (0xed, as a varint), which
// Multikey puts before the key bytes.
var ed25519PubPrefix = []byte{0xed, 0x01}

// Multikey is the publicKeyMultibase of an Ed25519 public key as the Multikey type writes it:
// "z" (base58btc) and the key after its multicodec prefix, so always "z6Mk…".
func Multikey(pub ed25519.PublicKey) string {
	return "z" + base58.Encode(append(append([]byte{}, ed25519PubPrefix...), pub...))
}

// ParseMultikey reads an Ed25519 public key written as Multikey writes it.
func ParseMultikey(s string) (ed25519.PublicKey, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(s), "z")
	if !ok {
		return nil, fmt.Errorf("%q is not a base58btc multibase key (z6Mk…)", s)
	}
	b, err := base58.Decode(rest)
	if err != nil || len(b) != len(ed25519PubPrefix)+ed25519.PublicKeySize || b[0] != ed25519PubPrefix[0] || b[1] != ed25519PubPrefix[1] {
		return nil, fmt.Errorf("%q is not an Ed25519 Multikey (z6Mk…)", s)
	}
	return ed25519.PublicKey(b[len(ed25519PubPrefix):]), nil
}

// ParseSigningKey reads CREDENTIAL_SIGNING_KEY: the standard base64 of a 32-byte Ed25519 seed,
// as `openssl rand -base64 32` prints one.
func ParseSigningKey(b64 string) (ed25519.PrivateKey, error) {
	seed, err := base64.StdEncoding.DecodeString(strings.TrimSpace(b64))
	if err != nil || len(seed) != ed25519.SeedSize {
		return nil, errors.New("CREDENTIAL_SIGNING_KEY must be the standard base64 of 32 bytes (openssl rand -base64 32)")
	}
	return ed25519.NewKeyFromSeed(seed), nil
}

// ParseRetiredKeys reads CREDENTIAL_RETIRED_KEYS: the Multikeys (z6Mk…) of keys signed with
// before, which the DID document keeps listing.
func ParseRetiredKeys(list []string) ([]ed25519.PublicKey, error) {
	var out []ed25519.PublicKey
	for _, s := range list {
		pub, err := ParseMultikey(s)
		if err != nil {
			return nil, fmt.Errorf("CREDENTIAL_RETIRED_KEYS: %w", err)
		}
		out = append(out, pub)
	}
	return out, nil
}

// DIDWeb is the did:web of the host of publicURL: "did:web:" and the host, its port's colon
// percent-encoded as the method requires ("did:web:localhost%3A8080"), as is anything else that
// is not a letter, digit, ".", "-" or "_".
func DIDWeb(publicURL string) (string, error) {
	u, err := url.Parse(publicURL)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", fmt.Errorf("PUBLIC_URL %q has no host to name a did:web by", publicURL)
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.WriteString("did:web:")
	for _, c := range []byte(strings.ToLower(u.Host)) {
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String(), nil
}
