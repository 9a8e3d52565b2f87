package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"testing"
)

// TestCompression_jsonAnswers: JSON answers of a packet or more are gzipped for a client that
// asks for it, and decompress to the very answer a client without gzip gets; small answers,
// files, and clients that refuse gzip get the bytes as they are.
func TestCompression_jsonAnswers(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student := e.registerStudent("Ada")
		avatar := e.upload("/api/uploads/avatar", student.Token, "avatar", "a.png", pngBytes(t)).field("url")
		// get sends a raw request (the test client would decode gzip by itself) with the encoding.
		get := func(path, token, acceptEncoding string) (*http.Response, []byte) {
			t.Helper()
			req, _ := http.NewRequest("GET", e.server.URL+path, nil)
			if acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", acceptEncoding)
			}
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			return res, body
		}

		plainRes, plain := get("/api/openapi.json", "", "")
		if plainRes.StatusCode != http.StatusOK || plainRes.Header.Get("Content-Encoding") != "" || len(plain) < 10_000 {
			t.Fatalf("without Accept-Encoding: %d, encoding %q, %d bytes", plainRes.StatusCode, plainRes.Header.Get("Content-Encoding"), len(plain))
		}
		res, zipped := get("/api/openapi.json", "", "gzip, deflate, br")
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
			t.Fatalf("with gzip: %d, encoding %q, vary %q", res.StatusCode, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped))
		if err != nil {
			t.Fatal(err)
		}
		unzipped, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(unzipped, plain) || len(zipped) > len(plain)/3 {
			t.Errorf("gzipped %d bytes decode to %d (%v), want the %d plain bytes at a third or less", len(zipped), len(unzipped), err, len(plain))
		}

		for _, c := range []struct{ name, path, token, accept string }{
			{"a small answer", "/healthz", "", "gzip"},
			{"gzip refused", "/api/openapi.json", "", "gzip;q=0, identity"},
			{"a file", avatar, "", "gzip"},
			{"an error answer", "/api/student/dashboard", "", "gzip"},
		} {
			res, body := get(c.path, c.token, c.accept)
			if res.Header.Get("Content-Encoding") != "" || len(body) == 0 || (c.name == "a file" && res.StatusCode != http.StatusOK) {
				t.Errorf("%s: %d, encoding %q, %d bytes; want it as it is", c.name, res.StatusCode, res.Header.Get("Content-Encoding"), len(body))
			}
		}
	})
}
