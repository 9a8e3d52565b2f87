package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
	"bridgework/backend/credentials"
)

// didDocument serves the issuer's DID document at /.well-known/did.json, where did:web resolves
// the deployment's DID: every key a credential may be signed with, retired ones included.
func (s *Server) didDocument(c *gin.Context) {
	body, _ := json.Marshal(s.creds.Issuer.DIDDocument()) // strings and lists of them always marshal
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/did+ld+json", body)
}

// credentialVerificationJSON is POST /api/credentials/verify's answer. Everything but verified
// and errors is what a verified credential states, and null (or empty) unless it verified.
type credentialVerificationJSON struct {
	Verified          bool                     `json:"verified"`
	Errors            []string                 `json:"errors"`
	CertificateNumber string                   `json:"certificateNumber"`
	Issuer            *credentials.Profile     `json:"issuer"`
	Subject           *verifiedSubjectJSON     `json:"subject"`
	Achievement       *credentials.Achievement `json:"achievement"`
	Evidence          []credentials.Evidence   `json:"evidence"`
	Proof             *verifiedProofJSON       `json:"proof"`
}

// verifiedSubjectJSON is the student: their name, and their email only as its salted hash.
type verifiedSubjectJSON struct {
	Name         string `json:"name"`
	IdentityType string `json:"identityType"`
	IdentityHash string `json:"identityHash"`
	Salt         string `json:"salt"`
}

type verifiedProofJSON struct {
	VerificationMethod string `json:"verificationMethod"`
	Created            string `json:"created"`
}

// verifyCredential checks a credential sent as the request body: its JSON, a baked badge or a
// certificate PDF, told apart by their first bytes.
func (s *Server) verifyCredential(c *gin.Context) error {
	file, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, s.maxVerifyBytes))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return apperr.New(apperr.TooLarge, "The file is too large to be a credential, badge or certificate.")
	case err != nil:
		return apperr.New(apperr.Invalid, "Request body could not be read.")
	}
	result, err := s.creds.Verify(c.Request.Context(), c.ClientIP(), file)
	if err != nil {
		return err
	}
	out := credentialVerificationJSON{Verified: result.Verified, Errors: result.Errors, Evidence: []credentials.Evidence{}}
	if v := result.Credential; v != nil {
		subject, identity := v.CredentialSubject, v.CredentialSubject.Identifier[0]
		out.CertificateNumber, out.Issuer, out.Achievement, out.Evidence = result.CertificateNumber, &v.Issuer, &subject.Achievement, v.Evidence
		out.Subject = &verifiedSubjectJSON{Name: subject.Name, IdentityType: identity.IdentityType, IdentityHash: identity.IdentityHash, Salt: identity.Salt}
		out.Proof = &verifiedProofJSON{VerificationMethod: v.Proof.VerificationMethod, Created: v.Proof.Created}
	}
	c.JSON(http.StatusOK, out)
	return nil
}
