package uploads_test

import (
	"bytes"
	"testing"

	"bridgework/backend/uploads"
)

func TestSanitizeName(t *testing.T) {
	cases := []struct{ name, contentType, want string }{
		{"cv.pdf", uploads.PDF, "cv.pdf"},
		{"My CV (final).PDF", uploads.PDF, "My CV _final.pdf"},
		{"résumé.docx", uploads.DOCX, "r_sum.docx"},
		{"shell.php.pdf", uploads.PDF, "shell.php.pdf"},
		{"photo.exe", uploads.PNG, "photo.png"},
		{".htaccess", uploads.PDF, "file.pdf"},
		{`a"; filename="evil.html`, uploads.PDF, "a__ filename__evil.pdf"},
		{"", uploads.JPEG, "file.jpg"},
		{"\x00\r\n.gif", uploads.GIF, "file.gif"},
		{string(bytes.Repeat([]byte("x"), 300)) + ".pdf", uploads.PDF, string(bytes.Repeat([]byte("x"), 100)) + ".pdf"},
	}
	for _, tc := range cases {
		if got := uploads.SanitizeName(tc.name, tc.contentType); got != tc.want {
			t.Errorf("SanitizeName(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestIDFromURL(t *testing.T) {
	for url, want := range map[string]bool{
		"/api/files/0193a000-0000-7000-8000-000000000001": true,
		"/api/files/":                      false,
		"/api/files/a/../../etc/passwd":    false,
		"https://evil.example/api/files/x": false,
		"/api/files/x?download=1":          false,
	} {
		if _, ok := uploads.IDFromURL(url); ok != want {
			t.Errorf("IDFromURL(%q) ok = %v, want %v", url, ok, want)
		}
	}
}

// pdfOf is a valid PDF of n bytes whose body is filler: the worst case for the HTML scan.
func pdfOf(n int) []byte {
	b := bytes.Repeat([]byte("0123456789 abcdefghij\n"), n/22+1)[:n]
	copy(b, "%PDF-1.7\n")
	copy(b[n-7:], "\n%%EOF\n")
	return b
}

func TestDetect_largePDF(t *testing.T) {
	if got := uploads.Detect(pdfOf(uploads.MaxSize)); got != uploads.PDF {
		t.Errorf("Detect(5 MB PDF) = %q", got)
	}
	payload := pdfOf(uploads.MaxSize)
	copy(payload[4<<20:], "<ScRiPt>alert(1)</script>")
	if got := uploads.Detect(payload); got != "" {
		t.Errorf("Detect(PDF with a script 4 MB in) = %q, want refused", got)
	}
}

// BenchmarkDetect_5MBPDF is the cost of checking the largest résumé accepted.
func BenchmarkDetect_5MBPDF(b *testing.B) {
	data := pdfOf(uploads.MaxSize)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if uploads.Detect(data) != uploads.PDF {
			b.Fatal("not a PDF")
		}
	}
}
