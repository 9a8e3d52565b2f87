package httpapi_test

import (
	"bytes"
	"net/http"
	"os/exec"
	"strings"
	"testing"
)

// pdfText extracts the text of a PDF with poppler's pdftotext (Debian's poppler-utils), so the
// test reads the document the way any PDF reader would.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext (apt-get install poppler-utils): %v", err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

func TestCertificates_download(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Nimbus Labs")
		student := e.registerStudent("Asha")
		id := e.postTask(startup, map[string]any{"title": "Design a logo for Nimbus", "skills": []string{"Figma", "Branding"}})
		e.submitLink(student, id, "https://dribbble.com/asha/logo")
		res := e.decide(startup, id, student.ID, true, "Lovely")
		cert := res.Body["certificate"].(map[string]any)
		number := cert["certificateNumber"].(string)

		dl := e.do("GET", "/api/student/certificates/"+cert["_id"].(string)+"/download", student.Token, nil)
		if dl.Status != http.StatusOK || dl.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("download: %d %s", dl.Status, dl.Header.Get("Content-Type"))
		}
		if got, want := dl.Header.Get("Content-Disposition"), `attachment; filename="certificate_`+number+`.pdf"`; got != want {
			t.Errorf("Content-Disposition %q, want %q", got, want)
		}
		if !bytes.HasPrefix(dl.Raw, []byte("%PDF-")) || bytes.Count(dl.Raw, []byte("/Type /Page\n")) != 1 {
			t.Errorf("not a one-page PDF")
		}
		if !bytes.Contains(dl.Raw, []byte("/MediaBox [0 0 841.89 595.28]")) {
			t.Errorf("the page is not A4 landscape")
		}
		text := pdfText(t, dl.Raw)
		for _, want := range []string{"Certificate of Completion", "Asha Tester", "Design a logo for Nimbus", "Nimbus Labs",
			"Figma, Branding", number, e.cfg.PublicURL + "/verify/" + number} {
			if !strings.Contains(text, want) {
				t.Errorf("PDF text lacks %q:\n%s", want, text)
			}
		}

		badges := e.do("GET", "/api/student/badges-certificates", student.Token, nil)
		var verified []string
		for _, b := range badges.Body["badges"].([]any) {
			if b := b.(map[string]any); b["isVerified"] == true {
				verified = append(verified, b["name"].(string))
			}
		}
		if strings.Join(verified, ",") != "Branding,Figma" || len(badges.Body["certificates"].([]any)) != 1 {
			t.Errorf("badges-certificates: %s", badges.Raw)
		}
	})
}

func TestCertificates_verify(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Verify Inc")
		student := e.registerStudent("Vera")
		id := e.postTask(startup, nil)
		e.submitLink(student, id, "https://example.com/v")
		number := e.decide(startup, id, student.ID, true, "").Body["certificate"].(map[string]any)["certificateNumber"].(string)

		for _, tc := range []struct {
			number string
			want   int
		}{
			{number, http.StatusOK},
			{strings.ToLower(number), http.StatusOK},
			{"BW-AAAAAAAAAAAAAAAA", http.StatusNotFound},
			{"BW-1", http.StatusNotFound},
			{"' OR 1=1 --", http.StatusNotFound},
		} {
			res := e.do("GET", "/api/certificates/verify/"+tc.number, "", nil)
			if res.Status != tc.want {
				t.Errorf("verify %q: %d %s, want %d", tc.number, res.Status, res.Raw, tc.want)
			}
			if res.Status == http.StatusOK {
				c := res.Body["certificate"].(map[string]any)
				if c["studentName"] != "Vera Tester" || c["startup"].(map[string]any)["companyName"] != "Verify Inc" || c["_id"] != "" {
					t.Errorf("verified certificate: %v", c)
				}
			}
		}
	})
}
