package credentials

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strconv"
)

// AttachmentName is the file name of the credential the certificate PDF carries.
const AttachmentName = "credential.json"

var (
	pdfHeader    = []byte("%PDF-")
	embeddedType = regexp.MustCompile(`/Type\s*/EmbeddedFile[\s/>]`)
	pdfLength    = regexp.MustCompile(`/Length\s+(\d+)(\s+\d+\s+R)?`)
)

// FromPDF returns the credential a PDF carries as an embedded file: the first embedded file
// that holds a JSON object. ErrNoCredential when it carries none. It reads files embedded as
// fpdf and most writers embed them (an object whose dictionary says /Type /EmbeddedFile with a
// direct /Length, then the stream, plain or deflated), not the compressed object streams some
// editors rewrite a PDF into.
func FromPDF(pdf []byte) ([]byte, error) {
	if !bytes.HasPrefix(pdf, pdfHeader) {
		return nil, ErrNoCredential
	}
	for _, m := range embeddedType.FindAllIndex(pdf, -1) {
		objStart := bytes.LastIndex(pdf[:m[0]], []byte(" obj"))
		streamAt := bytes.Index(pdf[m[0]:], []byte("stream"))
		if objStart < 0 || streamAt < 0 {
			continue
		}
		dict := pdf[objStart : m[0]+streamAt]
		if bytes.Contains(dict, []byte("endobj")) {
			continue // the stream belongs to another object
		}
		length := pdfLength.FindSubmatch(dict)
		if length == nil || length[2] != nil {
			continue // no length, or one kept in another object
		}
		start := m[0] + streamAt + len("stream")
		if bytes.HasPrefix(pdf[start:], []byte("\r")) {
			start++
		}
		if !bytes.HasPrefix(pdf[start:], []byte("\n")) {
			continue
		}
		start++
		n, err := strconv.Atoi(string(length[1]))
		if err != nil || n > len(pdf)-start {
			continue
		}
		data := pdf[start : start+n]
		if bytes.Contains(dict, []byte("/FlateDecode")) {
			if data, err = inflate(data); err != nil {
				continue
			}
		}
		if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
			return data, nil
		}
	}
	return nil, ErrNoCredential
}

// inflate decompresses zlib data of at most MaxCredentialSize bytes.
func inflate(data []byte) ([]byte, error) {
	r, err := zlib.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	out, err := io.ReadAll(io.LimitReader(r, MaxCredentialSize+1))
	if err != nil || len(out) > MaxCredentialSize {
		return nil, ErrNoCredential
	}
	return out, nil
}
