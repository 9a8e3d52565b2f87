// Package credentials makes every certificate (package certs) a credential anyone can check
// without Bridgework: an Open Badges 3.0 OpenBadgeCredential on the W3C Verifiable Credentials
// Data Model 2.0, signed by the deployment with a Data Integrity proof (cryptosuite
// eddsa-rdfc-2022, Ed25519) under the did:web of PUBLIC_URL (DESIGN §3b). It builds and signs the
// credential, serves the DID document that lists the keys, bakes the credential into a badge
// image, reads it back from a badge or a certificate PDF, and verifies one. docs/credentials.md
// says how a third party verifies offline.
package credentials

// The JSON-LD contexts every credential names, in this order; both are bundled (contexts.go).
const (
	ContextCredentialsV2 = "https://www.w3.org/ns/credentials/v2"
	ContextOpenBadgesV3  = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"
)

// Credential is the whole document, property for property. Only terms the VC 2.0 and OB 3.0
// contexts define appear: a term they do not define fails the verifier's safe mode. Verify
// decodes a document into it and refuses one this type cannot say exactly.
type Credential struct {
	Context           []string   `json:"@context"`
	ID                string     `json:"id"`
	Type              []string   `json:"type"`
	Name              string     `json:"name"`
	Issuer            Profile    `json:"issuer"`
	ValidFrom         string     `json:"validFrom"`
	CredentialSubject Subject    `json:"credentialSubject"`
	Evidence          []Evidence `json:"evidence"`
	Proof             *Proof     `json:"proof,omitempty"`
}

// Profile is an issuer or creator: the deployment (id its DID) or the startup.
type Profile struct {
	ID          string   `json:"id"`
	Type        []string `json:"type"`
	Name        string   `json:"name"`
	URL         string   `json:"url,omitempty"`
	Description string   `json:"description,omitempty"`
}

// Subject is the student: named, and identified by a salted hash of their email, never by the
// address itself.
type Subject struct {
	Type        []string         `json:"type"`
	Name        string           `json:"name"`
	Identifier  []IdentityObject `json:"identifier"`
	Achievement Achievement      `json:"achievement"`
}

// IdentityObject is OB 3.0's hashed identity: IdentityHash is "sha256$" and the hex SHA-256 of
// the email followed by Salt.
type IdentityObject struct {
	Type         string `json:"type"`
	IdentityType string `json:"identityType"`
	Hashed       bool   `json:"hashed"`
	IdentityHash string `json:"identityHash"`
	Salt         string `json:"salt"`
}

// Achievement is the task, as its startup (Creator) posted it.
type Achievement struct {
	ID          string   `json:"id"`
	Type        []string `json:"type"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Criteria    Criteria `json:"criteria"`
	Tag         []string `json:"tag,omitempty"`
	Creator     Profile  `json:"creator"`
}

// Criteria says in words what earning the achievement took.
type Criteria struct {
	Narrative string `json:"narrative"`
}

// Evidence is the work the startup approved: ID its link, Narrative the startup's review notes.
// Description says why an ID is missing, for a link stored before links had to be valid URLs.
type Evidence struct {
	ID          string   `json:"id,omitempty"`
	Type        []string `json:"type"`
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Narrative   string   `json:"narrative,omitempty"`
}

// Proof is a Data Integrity proof.
type Proof struct {
	Type               string `json:"type"`
	Created            string `json:"created"`
	VerificationMethod string `json:"verificationMethod"`
	Cryptosuite        string `json:"cryptosuite"`
	ProofPurpose       string `json:"proofPurpose"`
	ProofValue         string `json:"proofValue,omitempty"`
}

// What this deployment's credentials and proofs say, and Verify expects.
var (
	credentialContexts = []string{ContextCredentialsV2, ContextOpenBadgesV3}
	credentialTypes    = []string{"VerifiableCredential", "OpenBadgeCredential"}
)

const (
	proofType    = "DataIntegrityProof"
	cryptosuite  = "eddsa-rdfc-2022"
	proofPurpose = "assertionMethod"
	// dateTime is how every date is written: xsd:dateTime in UTC to the second, which the
	// canonical forms of every JSON-LD processor agree on.
	dateTime = "2006-01-02T15:04:05Z"
)
