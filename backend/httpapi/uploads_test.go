package httpapi_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"bridgework/backend/uploads"
)

// upload sends one file as multipart field `field` with the raw file name given.
func (e *env) upload(path, token, field, name string, data []byte) response {
	e.t.Helper()
	return e.uploadForm(path, token, field, name, data, nil)
}

// uploadForm is upload with extra form fields sent before the file.
func (e *env) uploadForm(path, token, field, name string, data []byte, extra map[string]string) response {
	e.t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range extra {
		w.WriteField(k, v)
	}
	h := textproto.MIMEHeader{}
	// Written by hand: CreateFormFile would escape the name, and the test needs it raw.
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, field, name))
	h.Set("Content-Type", "application/octet-stream")
	part, err := w.CreatePart(h)
	if err != nil {
		e.t.Fatal(err)
	}
	part.Write(data)
	w.Close()
	req, err := http.NewRequest(http.MethodPost, e.server.URL+path, &body)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := e.server.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := response{Status: res.StatusCode, Header: res.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// The corpus is built from bytes here, so every case is visible in the test.

func testImage() image.Image {
	img := image.NewPaletted(image.Rect(0, 0, 4, 3), color.Palette{color.White, color.Black})
	img.SetColorIndex(1, 1, 1)
	return img
}

func pngBytes(t testing.TB) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, testImage()); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegBytes(t *testing.T) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testImage(), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gifBytes(t *testing.T) []byte {
	var b bytes.Buffer
	if err := gif.Encode(&b, testImage(), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// webpBytes is a lossless 1×1 WebP (RIFF, WEBP, VP8L chunk).
func webpBytes() []byte {
	return []byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00")
}

func pdfBytes() []byte {
	return []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n" +
		"trailer << /Root 1 0 R >>\n%%EOF\n")
}

// docBytes is an OLE2 compound file header sector, as a .doc starts.
func docBytes() []byte {
	b := make([]byte, 1024)
	copy(b, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
	b[24], b[26], b[28], b[29] = 0x3e, 0x03, 0xfe, 0xff
	return b
}

func docxBytes(t *testing.T) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for name, content := range map[string]string{
		"[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"_rels/.rels":         `<?xml version="1.0"?><Relationships/>`,
		"word/document.xml":   `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>`,
	} {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(content))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func plainZipBytes(t *testing.T) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	w, _ := z.Create("notes.txt")
	w.Write([]byte("hello"))
	z.Close()
	return b.Bytes()
}

var (
	svgWithScript = []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>`)
	htmlPage      = []byte(`<!doctype html><html><body><script>alert(1)</script></body></html>`)
	pdfWithHTML   = []byte("%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n")
	elfBinary     = append([]byte("\x7fELF\x02\x01\x01\x00"), make([]byte, 120)...)
	peBinary      = append([]byte("MZ\x90\x00\x03\x00\x00\x00"), make([]byte, 120)...)
)

func TestUploads_resumeCorpus(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student := e.registerStudent("Corpus")
		const wrongType, tooBig = "Please upload a PDF or Word document", "File size must be less than 5MB"
		cases := []struct {
			name, file string
			data       []byte
			status     int
			message    string
			served     string
		}{
			{"pdf", "cv.pdf", pdfBytes(), http.StatusCreated, "", uploads.PDF},
			{"doc", "cv.doc", docBytes(), http.StatusCreated, "", uploads.DOC},
			{"docx", "cv.docx", docxBytes(t), http.StatusCreated, "", uploads.DOCX},
			{"docx named pdf is still a docx", "cv.pdf", docxBytes(t), http.StatusCreated, "", uploads.DOCX},
			{"exactly 5 MB", "big.pdf", padPDF(uploads.MaxSize), http.StatusCreated, "", uploads.PDF},
			{"html renamed pdf", "cv.pdf", htmlPage, http.StatusUnsupportedMediaType, wrongType, ""},
			{"pdf with an html payload", "cv.pdf", pdfWithHTML, http.StatusUnsupportedMediaType, wrongType, ""},
			{"pdf header only", "cv.pdf", []byte("%PDF-1.4 nothing else"), http.StatusUnsupportedMediaType, wrongType, ""},
			{"svg with script", "cv.svg", svgWithScript, http.StatusUnsupportedMediaType, wrongType, ""},
			{"elf executable", "cv.pdf", elfBinary, http.StatusUnsupportedMediaType, wrongType, ""},
			{"pe executable", "cv.exe", peBinary, http.StatusUnsupportedMediaType, wrongType, ""},
			{"zip that is not a docx", "cv.docx", plainZipBytes(t), http.StatusUnsupportedMediaType, wrongType, ""},
			{"ole header cut short", "cv.doc", docBytes()[:100], http.StatusUnsupportedMediaType, wrongType, ""},
			{"an image is not a resume", "cv.png", pngBytes(t), http.StatusUnsupportedMediaType, wrongType, ""},
			{"empty file", "cv.pdf", nil, http.StatusUnsupportedMediaType, wrongType, ""},
			{"5 MB + 1 byte", "big.pdf", padPDF(uploads.MaxSize + 1), http.StatusRequestEntityTooLarge, tooBig, ""},
			{"10 MB", "huge.pdf", padPDF(2 * uploads.MaxSize), http.StatusRequestEntityTooLarge, "", ""},
			{"parent path in the name", "../../etc/cv.pdf", pdfBytes(), http.StatusBadRequest, "Invalid file name", ""},
			{"windows path in the name", `..\..\cv.pdf`, pdfBytes(), http.StatusBadRequest, "Invalid file name", ""},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res := e.upload("/api/uploads/resume", student.Token, "resume", tc.file, tc.data)
				if res.Status != tc.status {
					t.Fatalf("status %d %s, want %d", res.Status, res.Raw, tc.status)
				}
				if tc.message != "" && res.field("message") != tc.message {
					t.Errorf("message %q, want %q", res.field("message"), tc.message)
				}
				if tc.served == "" {
					return
				}
				url := res.field("url")
				if !strings.HasPrefix(url, "/api/files/") {
					t.Fatalf("url = %q", url)
				}
				file := e.do("GET", url, "", nil)
				if file.Status != http.StatusOK || file.Header.Get("Content-Type") != tc.served || !bytes.Equal(file.Raw, tc.data) {
					t.Fatalf("GET %s: %d %q (%d bytes)", url, file.Status, file.Header.Get("Content-Type"), len(file.Raw))
				}
				if d := file.Header.Get("Content-Disposition"); !strings.HasPrefix(d, "attachment;") {
					t.Errorf("Content-Disposition = %q, want an attachment", d)
				}
			})
		}
	})
}

// padPDF is a valid PDF of exactly n bytes.
func padPDF(n int) []byte {
	head, tail := []byte("%PDF-1.4\n%"), []byte("\n%%EOF\n")
	b := bytes.Repeat([]byte("a"), n)
	copy(b, head)
	copy(b[n-len(tail):], tail)
	return b
}

func TestUploads_imageCorpus(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student := e.registerStudent("Pictured")
		startup := e.registerStartup("Pictured Inc")
		const wrongType = "Please upload a PNG, JPEG, GIF or WebP image"
		cases := []struct {
			name, path, field, file string
			data                    []byte
			status                  int
			served, message         string
		}{
			{"png avatar", "/api/uploads/avatar", "avatar", "me.png", pngBytes(t), http.StatusCreated, uploads.PNG, ""},
			{"jpeg avatar", "/api/uploads/avatar", "avatar", "me.jpg", jpegBytes(t), http.StatusCreated, uploads.JPEG, ""},
			{"gif avatar", "/api/uploads/avatar", "avatar", "me.gif", gifBytes(t), http.StatusCreated, uploads.GIF, ""},
			{"webp avatar", "/api/uploads/avatar", "avatar", "me.webp", webpBytes(), http.StatusCreated, uploads.WebP, ""},
			{"png task image", "/api/uploads/task-image", "image", "shot.png", pngBytes(t), http.StatusCreated, uploads.PNG, ""},
			{"svg avatar", "/api/uploads/avatar", "avatar", "me.svg", svgWithScript, http.StatusUnsupportedMediaType, "", wrongType},
			{"html named png", "/api/uploads/avatar", "avatar", "me.png", htmlPage, http.StatusUnsupportedMediaType, "", wrongType},
			{"png magic then junk", "/api/uploads/avatar", "avatar", "me.png", append([]byte("\x89PNG\r\n\x1a\n"), htmlPage...), http.StatusUnsupportedMediaType, "", wrongType},
			{"pdf as avatar", "/api/uploads/avatar", "avatar", "me.png", pdfBytes(), http.StatusUnsupportedMediaType, "", wrongType},
			{"empty task image", "/api/uploads/task-image", "image", "x.png", nil, http.StatusUnsupportedMediaType, "", wrongType},
			{"too large task image", "/api/uploads/task-image", "image", "x.png", bytes.Repeat([]byte{1}, uploads.MaxSize+1), http.StatusRequestEntityTooLarge, "", "Image size must be less than 5MB"},
			{"wrong field name", "/api/uploads/avatar", "file", "me.png", pngBytes(t), http.StatusBadRequest, "", "Please choose a file to upload"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				token := student.Token
				if tc.path == "/api/uploads/task-image" {
					token = startup.Token
				}
				res := e.upload(tc.path, token, tc.field, tc.file, tc.data)
				if res.Status != tc.status {
					t.Fatalf("status %d %s, want %d", res.Status, res.Raw, tc.status)
				}
				if tc.message != "" && res.field("message") != tc.message {
					t.Errorf("message %q, want %q", res.field("message"), tc.message)
				}
				if tc.served == "" {
					return
				}
				file := e.do("GET", res.field("url"), "", nil)
				h := file.Header
				if file.Status != http.StatusOK || h.Get("Content-Type") != tc.served {
					t.Fatalf("GET: %d %q", file.Status, h.Get("Content-Type"))
				}
				if !strings.HasPrefix(h.Get("Content-Disposition"), "inline;") || h.Get("X-Content-Type-Options") != "nosniff" ||
					!strings.HasPrefix(h.Get("Content-Security-Policy"), "sandbox") {
					t.Errorf("headers: %v", h)
				}
			})
		}
	})
}

func TestUploads_servedNameIsSanitized(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student := e.registerStudent("Named")
		res := e.upload("/api/uploads/resume", student.Token, "resume", `my "cv"; evil=1 .exe`, pdfBytes())
		if res.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", res.Status, res.Raw)
		}
		got := e.do("GET", res.field("url"), "", nil).Header.Get("Content-Disposition")
		if got != `attachment; filename="my _cv__ evil_1.pdf"` {
			t.Errorf("Content-Disposition = %s", got)
		}
		if res := e.do("GET", "/api/files/"+"00000000-0000-7000-8000-000000000000", "", nil); res.Status != http.StatusNotFound {
			t.Errorf("unknown file: %d", res.Status)
		}
		if res := e.do("GET", "/api/files/../../etc/passwd", "", nil); res.Status < 400 || res.Status >= 500 {
			t.Errorf("path in file id: %d", res.Status)
		}
	})
}
