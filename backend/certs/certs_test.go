package certs_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
	"time"

	"bridgework/backend/certs"
)

var sample = certs.Certificate{
	Number: "BW-ABCDEFGHIJKLMNOP", StudentName: "Zoë Ångström", StartupName: "Nimbus Labs",
	Title: "Build a landing page", TaskTitle: "Build a landing page", TaskCategory: "web-development",
	Skills: []string{"React", "CSS"}, IssuedAt: time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC),
	CompletionDate: time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC),
}

func TestNewNumber_unguessableShape(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		n, err := certs.NewNumber()
		if err != nil {
			t.Fatal(err)
		}
		if !certs.ValidNumber(n) || len(n) != 19 || seen[n] {
			t.Fatalf("number %q: valid %v, seen before %v", n, certs.ValidNumber(n), seen[n])
		}
		seen[n] = true
	}
	for _, bad := range []string{"", "BW-", "BW-ABC", "XX-ABCDEFGHIJKLMNOP", "BW-abcdefghijklmnop", "BW-ABCDEFGHIJKLMNO1"} {
		if certs.ValidNumber(bad) {
			t.Errorf("ValidNumber(%q) = true", bad)
		}
	}
}

func TestRenderPDF_onePageWithTheFacts(t *testing.T) {
	pdf, err := certs.RenderPDF(sample, "https://bridgework.example/verify/"+sample.Number, nil)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Count(pdf, []byte("/Type /Page\n")) != 1 {
		t.Errorf("want exactly one page")
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"Zoë Ångström", "Build a landing page", "Nimbus Labs", "React, CSS", "14 March 2025",
		"BW-ABCDEFGHIJKLMNOP", "https://bridgework.example/verify/BW-ABCDEFGHIJKLMNOP"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q: %s", want, text)
		}
	}
}

// The verification address is a link in the PDF, on the QR code and on the printed address
// (docs/marketplace.md, "Certificates"), as poppler reads it.
func TestRenderPDF_verifyAddressIsALink(t *testing.T) {
	url := "https://bridgework.example/verify/" + sample.Number
	pdf, err := certs.RenderPDF(sample, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdfinfo", "-url", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdfinfo (apt-get install poppler-utils): %v", err)
	}
	if got := strings.Count(string(out), url); got != 2 {
		t.Fatalf("want the address linked twice (code and text), got %d:\n%s", got, out)
	}
}

// pdfText extracts the PDF's text with poppler's pdftotext, every run of white space made one
// space.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext (apt-get install poppler-utils): %v", err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}
