package credentials

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"time"

	"github.com/mr-tron/base58"
)

// Issuer is the deployment as an issuer of credentials: its did:web, the key it signs with, and
// the keys it signed with before (CREDENTIAL_RETIRED_KEYS), whose credentials still verify.
type Issuer struct {
	DID       string
	PublicURL string
	signing   ed25519.PrivateKey
	methods   []method // the signing key's first
}

// A method is one key of the DID document, by its verification method id (DID#Multikey).
type method struct {
	id  string
	key ed25519.PublicKey
}

// NewIssuer is the issuer at publicURL (PUBLIC_URL), which must be a plain http or https URL: every
// id a credential holds starts with it.
func NewIssuer(publicURL string, signing ed25519.PrivateKey, retired []ed25519.PublicKey) (*Issuer, error) {
	if signableLink(publicURL) != publicURL {
		return nil, fmt.Errorf("PUBLIC_URL %q must be an http or https URL as RFC 3986 writes it to issue credentials under", publicURL)
	}
	did, err := DIDWeb(publicURL)
	if err != nil {
		return nil, err
	}
	i := &Issuer{DID: did, PublicURL: publicURL, signing: signing}
	seen := map[string]bool{}
	for _, pub := range append([]ed25519.PublicKey{signing.Public().(ed25519.PublicKey)}, retired...) {
		id := did + "#" + Multikey(pub)
		if !seen[id] {
			seen[id] = true
			i.methods = append(i.methods, method{id: id, key: pub})
		}
	}
	return i, nil
}

// KeyID is the verification method the issuer signs with now.
func (i *Issuer) KeyID() string { return i.methods[0].id }

// key is the public key of a verification method the DID document lists.
func (i *Issuer) key(id string) (ed25519.PublicKey, bool) {
	for _, m := range i.methods {
		if m.id == id {
			return m.key, true
		}
	}
	return nil, false
}

// DIDDocument is what GET /.well-known/did.json serves: every key as a Multikey that may assert
// credentials, the signing key first.
type DIDDocument struct {
	Context            []string             `json:"@context"`
	ID                 string               `json:"id"`
	VerificationMethod []VerificationMethod `json:"verificationMethod"`
	AssertionMethod    []string             `json:"assertionMethod"`
}

// VerificationMethod is one key of the DID document.
type VerificationMethod struct {
	ID                 string `json:"id"`
	Type               string `json:"type"`
	Controller         string `json:"controller"`
	PublicKeyMultibase string `json:"publicKeyMultibase"`
}

// DIDDocument lists the issuer's keys.
func (i *Issuer) DIDDocument() DIDDocument {
	doc := DIDDocument{
		Context: []string{"https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"},
		ID:      i.DID, VerificationMethod: []VerificationMethod{}, AssertionMethod: []string{},
	}
	for _, m := range i.methods {
		doc.VerificationMethod = append(doc.VerificationMethod, VerificationMethod{
			ID: m.id, Type: "Multikey", Controller: i.DID, PublicKeyMultibase: Multikey(m.key),
		})
		doc.AssertionMethod = append(doc.AssertionMethod, m.id)
	}
	return doc
}

// Sign checks c's shape (shape.go) and returns it as JSON with a proof created at `at` by the
// signing key, following eddsa-rdfc-2022: the Ed25519 signature of the SHA-256 of the canonical
// proof configuration followed by the SHA-256 of the canonical credential.
func (i *Issuer) Sign(c Credential, at time.Time) ([]byte, error) {
	c.Proof = nil
	if err := i.checkShape(&c); err != nil {
		return nil, fmt.Errorf("refusing to sign: %w", err)
	}
	proof := Proof{
		Type: proofType, Created: at.UTC().Format(dateTime), VerificationMethod: i.KeyID(),
		Cryptosuite: cryptosuite, ProofPurpose: proofPurpose,
	}
	input, err := signingInput(c, proof)
	if err != nil {
		return nil, err
	}
	proof.ProofValue = "z" + base58.Encode(ed25519.Sign(i.signing, input))
	c.Proof = &proof
	return encode(c)
}

// proofConfig is the proof without its value, under the credential's contexts: what is signed
// besides the credential.
type proofConfig struct {
	Context []string `json:"@context"`
	Proof
}

// signingInput is what the proof's signature covers: SHA-256 of the canonical proof
// configuration, then SHA-256 of the canonical credential without its proof.
func signingInput(c Credential, p Proof) ([]byte, error) {
	c.Proof, p.ProofValue = nil, ""
	config, err := canonicalize(proofConfig{Context: c.Context, Proof: p})
	if err != nil {
		return nil, err
	}
	doc, err := canonicalize(c)
	if err != nil {
		return nil, err
	}
	configHash, docHash := sha256.Sum256(config), sha256.Sum256(doc)
	return append(configHash[:], docHash[:]...), nil
}

// encode writes v as indented JSON with "<", ">" and "&" as themselves: the file a student
// downloads is meant to be read.
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
