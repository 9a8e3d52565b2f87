package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/certs"
)

type certificateJSON struct {
	ID                string              `json:"_id"`
	CertificateNumber string              `json:"certificateNumber"`
	Title             string              `json:"title"`
	Skills            []string            `json:"skills"`
	IssuedAt          time.Time           `json:"issuedAt"`
	StudentName       string              `json:"studentName"`
	Startup           certStartupJSON     `json:"startup"`
	Metadata          certificateMetadata `json:"metadata"`
	VerifyURL         string              `json:"verifyUrl"`
}

// certStartupJSON is the issuer: verifiedDomain is "" when it is not verified, since is when it
// joined Bridgework.
type certStartupJSON struct {
	userIDs
	CompanyName    string    `json:"companyName"`
	VerifiedDomain string    `json:"verifiedDomain"`
	Since          time.Time `json:"since"`
}

type certificateMetadata struct {
	TaskTitle      string    `json:"taskTitle"`
	TaskCategory   string    `json:"taskCategory"`
	TaskPostedAt   time.Time `json:"taskPostedAt"`
	CompletionDate time.Time `json:"completionDate"`
	// WorkLink and WorkRevision are the approved work the certificate vouches for.
	WorkLink     string `json:"workLink"`
	WorkRevision int    `json:"workRevision"`
}

func toCertificateJSON(c certs.Certificate, verifyURL string) certificateJSON {
	skills := c.Skills
	if skills == nil {
		skills = []string{}
	}
	return certificateJSON{
		ID: c.ID, CertificateNumber: c.Number, Title: c.Title, Skills: skills, IssuedAt: c.IssuedAt,
		StudentName: c.StudentName,
		Startup: certStartupJSON{userIDs: idsOf(c.StartupID), CompanyName: c.StartupName, VerifiedDomain: c.IssuerDomain,
			Since: c.IssuerSince},
		Metadata: certificateMetadata{TaskTitle: c.TaskTitle, TaskCategory: c.TaskCategory, TaskPostedAt: c.TaskPostedAt,
			CompletionDate: c.CompletionDate, WorkLink: c.WorkLink, WorkRevision: c.WorkRevision},
		VerifyURL: verifyURL,
	}
}

func (s *Server) certificateList(list []certs.Certificate) []certificateJSON {
	out := make([]certificateJSON, 0, len(list))
	for _, c := range list {
		out = append(out, toCertificateJSON(c, s.certs.VerifyURL(c.Number)))
	}
	return out
}

// certificateCheckJSON is a certificate number's check: it is genuine, and what it certifies.
type certificateCheckJSON struct {
	Certificate certificateJSON `json:"certificate"`
	Valid       bool            `json:"valid"`
}

// verifyCertificate answers whether a number belongs to a genuine certificate and what it
// certifies; the student's id and email are not shown to the public.
func (s *Server) verifyCertificate(c *gin.Context) error {
	cert, err := s.certs.Verify(c.Request.Context(), c.Param("number"))
	if err != nil {
		return err
	}
	out := toCertificateJSON(*cert, s.certs.VerifyURL(cert.Number))
	out.ID = ""
	c.JSON(http.StatusOK, certificateCheckJSON{Valid: true, Certificate: out})
	return nil
}

// certificateCredential serves the certificate's signed credential (package credentials) to anyone
// with its number, as the verification page is: its id is this address.
func (s *Server) certificateCredential(c *gin.Context) error {
	cred, _, err := s.creds.ByNumber(c.Request.Context(), c.Param("number"))
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "public, max-age=3600") // signed once, never changed (credentials.Service)
	c.Data(http.StatusOK, "application/vc", cred)
	return nil
}

// certificateBadge serves the badge image with the certificate's credential baked in.
func (s *Server) certificateBadge(c *gin.Context) error {
	img, cert, err := s.creds.Badge(c.Request.Context(), c.Param("number"))
	if err != nil {
		return err
	}
	// The number is [A-Z0-9-] only, so it is safe inside the quoted filename.
	c.Header("Content-Disposition", `inline; filename="badge_`+cert.Number+`.png"`)
	c.Header("Cache-Control", "public, max-age=3600")
	c.Data(http.StatusOK, "image/png", img)
	return nil
}
