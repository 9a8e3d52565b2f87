package credentials

import (
	"crypto/ed25519"
	"strings"

	"github.com/mr-tron/base58"
)

// Result is a verification's answer: Errors say why it failed, and Credential is what a verified
// credential states (nil unless Verified, so nothing unproven is ever shown as the credential's).
type Result struct {
	Verified   bool
	Errors     []string
	Credential *Credential
	// CertificateNumber is the certificate the verified credential is of.
	CertificateNumber string
}

func failed(reason string) Result { return Result{Errors: []string{reason}} }

// Verify checks a credential given as JSON: its shape (shape.go), that this deployment issued it
// with a key its DID document lists, and that the proof's signature covers the credential as it
// is. It never fetches anything: the contexts are bundled and the only DID it trusts is its own.
func (i *Issuer) Verify(raw []byte) Result {
	c, reason := decodeExact(raw)
	if c == nil {
		return failed(reason)
	}
	if c.Proof == nil {
		return failed("The credential has no proof: it was never signed.")
	}
	if err := i.checkShape(c); err != nil {
		return failed("The credential is not one this deployment issues: " + err.Error() + ".")
	}
	sig, ok := proofSignature(c.Proof.ProofValue)
	if !ok {
		return failed("The proof's value is not an Ed25519 signature in base58btc (z…).")
	}
	input, err := signingInput(*c, *c.Proof)
	if err != nil {
		return failed("The credential could not be canonicalized: " + err.Error() + ".")
	}
	pub, _ := i.key(c.Proof.VerificationMethod) // checkShape found it
	if !ed25519.Verify(pub, input, sig) {
		return failed("The signature does not match the credential: it was changed after it was signed, or signed by another key.")
	}
	return Result{Verified: true, Errors: []string{}, Credential: c, CertificateNumber: i.certificateNumber(c.ID)}
}

func proofSignature(value string) ([]byte, bool) {
	rest, ok := strings.CutPrefix(value, "z")
	if !ok {
		return nil, false
	}
	sig, err := base58.Decode(rest)
	return sig, err == nil && len(sig) == ed25519.SignatureSize
}
