package uploads

import (
	"archive/zip"
	"bytes"
	"image"
	_ "image/gif"  // registers GIF for image.DecodeConfig
	_ "image/jpeg" // registers JPEG
	_ "image/png"  // registers PNG
)

// The content types an upload may be stored and served with. Nothing else is ever served.
const (
	PNG  = "image/png"
	JPEG = "image/jpeg"
	GIF  = "image/gif"
	WebP = "image/webp"
	PDF  = "application/pdf"
	DOC  = "application/msword"
	DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
)

// Detect names what data is by its content alone: magic bytes, then enough structure to tell a
// real file from a disguised one. It answers "" for anything else — SVG, HTML, executables,
// archives, empty files — whatever the file's name claims. http.DetectContentType is not enough:
// it calls a DOCX a zip and a PDF with an HTML payload a PDF.
func Detect(data []byte) string {
	switch {
	case len(data) == 0:
		return ""
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return decodableImage(data, "png", PNG)
	case bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return decodableImage(data, "jpeg", JPEG)
	case bytes.HasPrefix(data, []byte("GIF87a")), bytes.HasPrefix(data, []byte("GIF89a")):
		return decodableImage(data, "gif", GIF)
	case isWebP(data):
		return WebP
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return pdf(data)
	case bytes.HasPrefix(data, []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")):
		return oleDocument(data)
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return wordDocument(data)
	}
	return ""
}

// decodableImage accepts data only when the decoder for format reads a valid header with sane
// dimensions: a magic number followed by anything else is not an image.
func decodableImage(data []byte, format, contentType string) string {
	cfg, got, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || got != format || cfg.Width <= 0 || cfg.Height <= 0 {
		return ""
	}
	return contentType
}

// isWebP checks the RIFF container: "RIFF", a length, "WEBP", then a VP8, VP8L or VP8X chunk.
func isWebP(data []byte) bool {
	if len(data) < 16 || !bytes.HasPrefix(data, []byte("RIFF")) || string(data[8:12]) != "WEBP" {
		return false
	}
	switch string(data[12:16]) {
	case "VP8 ", "VP8L", "VP8X":
		return true
	}
	return false
}

// htmlMarkers are what a browser would need to treat a file as a page. A PDF holding any of them
// is a polyglot; no résumé needs them.
var htmlMarkers = [][]byte{
	[]byte("<html"), []byte("<script"), []byte("<body"), []byte("<iframe"), []byte("<svg"),
	[]byte("<!doctype"), []byte("<meta"), []byte("javascript:"),
}

// pdf requires the header, the end-of-file marker every complete PDF carries, and no HTML.
func pdf(data []byte) string {
	if !bytes.Contains(data, []byte("%%EOF")) {
		return ""
	}
	lower := bytes.ToLower(data)
	for _, marker := range htmlMarkers {
		if bytes.Contains(lower, marker) {
			return ""
		}
	}
	return PDF
}

// oleDocument checks the OLE2 compound file header of a .doc: the full 512-byte header sector
// with its little-endian byte order mark.
func oleDocument(data []byte) string {
	if len(data) < 512 || data[28] != 0xfe || data[29] != 0xff {
		return ""
	}
	return DOC
}

// wordDocument accepts a zip only when it is laid out as a Word document. Entries are listed,
// never decompressed, so a zip bomb costs nothing.
func wordDocument(data []byte) string {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return ""
	}
	var contentTypes, document bool
	for _, f := range z.File {
		switch f.Name {
		case "[Content_Types].xml":
			contentTypes = true
		case "word/document.xml":
			document = true
		}
	}
	if !contentTypes || !document {
		return ""
	}
	return DOCX
}
