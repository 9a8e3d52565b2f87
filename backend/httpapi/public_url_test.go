package httpapi_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// TestPublicURL_followsThePortByDefault: on PORT=18090 without PUBLIC_URL, the links Bridgework
// hands out (a certificate's verify URL, its PDF's "Verify at" line and link, which the QR code
// encodes too, and the password-reset mail's link) point at http://localhost:18090.
func TestPublicURL_followsThePortByDefault(t *testing.T) {
	t.Setenv("PORT", "18090")
	t.Setenv("PUBLIC_URL", "")
	const want = "http://localhost:18090"
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, student := e.registerStartup("Port Labs"), e.registerStudent("Paula")
		id := e.postTask(startup, nil)
		e.submitLink(student, id, "https://example.com/port")
		cert := e.decide(startup, id, student.ID, true, "").Body["certificate"].(map[string]any)
		number := cert["certificateNumber"].(string)
		verifyURL := want + "/verify/" + number
		if cert["verifyUrl"] != verifyURL {
			t.Errorf("the approval's certificate verifies at %v, want %s", cert["verifyUrl"], verifyURL)
		}
		verified := e.do("GET", "/api/certificates/verify/"+number, "", nil)
		if got := verified.Body["certificate"].(map[string]any)["verifyUrl"]; got != verifyURL {
			t.Errorf("GET /api/certificates/verify: verifyUrl %v, want %s", got, verifyURL)
		}
		pdf := e.do("GET", "/api/student/certificates/"+cert["_id"].(string)+"/download", student.Token, nil)
		if pdf.Status != http.StatusOK || !strings.Contains(pdfText(t, pdf.Raw), "Verify at: "+verifyURL) ||
			!bytes.Contains(pdf.Raw, []byte("/URI ("+verifyURL+")")) {
			t.Errorf("the PDF does not point at %s", verifyURL)
		}

		e.do("POST", "/api/forgot-password", "", map[string]any{"email": student.Email})
		mails := e.waitMails(1)
		if len(mails) != 1 || !strings.Contains(mails[0].Body, want+"/reset-password?token=") {
			t.Errorf("the reset mail does not link to %s: %+v", want, mails)
		}
	})
}

// TestPublicURL_warnsWhenItCannotReachTheServer: a PUBLIC_URL on another port than the server's
// is logged at start, unless a proxy is configured, which may forward it there.
func TestPublicURL_warnsWhenItCannotReachTheServer(t *testing.T) {
	const warning = "PUBLIC_URL may not reach this server"
	for _, c := range []struct {
		name      string
		configure func(*config.Config)
		warns     bool
	}{
		{"its own port", func(c *config.Config) { c.Port, c.PublicURL = 18090, "http://localhost:18090" }, false},
		{"another port", func(c *config.Config) { c.Port, c.PublicURL = 18090, "http://localhost:8080" }, true},
		{"another port behind a proxy", func(c *config.Config) {
			c.Port, c.PublicURL, c.TrustedProxies = 18090, "https://bridgework.example", []string{"10.0.0.2"}
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var log syncBuffer
			newEnvLogging(t, baseConfig(t, c.configure), testenv.OpenDB(t, testenv.SQLite), nil, &log)
			if got := strings.Contains(log.String(), warning); got != c.warns {
				t.Errorf("warned %v, want %v:\n%s", got, c.warns, log.String())
			}
		})
	}
}
