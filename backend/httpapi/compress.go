package httpapi

import (
	"bytes"
	"compress/gzip"
	"strconv"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// compressMin is the smallest JSON answer worth compressing: below about a packet, gzip's header
// and the work cost more than the bytes saved.
const compressMin = 1400

// gzippers are reused: a gzip.Writer holds hundreds of kilobytes of compression state.
var gzippers = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return w
}}

// compressJSON gzips the API's JSON answers of compressMin bytes or more for clients that accept
// gzip. On a phone's link a dashboard's 14 KB of JSON is a tenth of a second of its first load;
// gzip makes it a few kilobytes. BestSpeed: JSON compresses well at any level, and the CPU is the
// server's. Files, the web app's own precompressed assets, the metrics and websocket upgrades
// pass through as they are.
func compressJSON(c *gin.Context) {
	if !acceptsEncoding(c.GetHeader("Accept-Encoding"), "gzip") || c.GetHeader("Upgrade") != "" {
		c.Next()
		return
	}
	w := &gzipJSONWriter{ResponseWriter: c.Writer}
	c.Writer = w
	defer w.finish()
	c.Next()
}

// acceptsEncoding reports whether an Accept-Encoding header accepts coding: named with a weight
// above 0 or, when not named, through "*". The SPA's precompressed files ask it too.
func acceptsEncoding(header, coding string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.TrimSpace(name)
		switch {
		case strings.EqualFold(name, coding):
			return weighted(params)
		case name == "*":
			star = weighted(params)
		}
	}
	return star
}

// weighted reports whether an Accept-Encoding entry's parameters leave it a weight above 0.
func weighted(params string) bool {
	q, found := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
	if !found {
		return true
	}
	weight, err := strconv.ParseFloat(q, 64)
	return err == nil && weight > 0
}

// gzipJSONWriter holds back the start of an answer until it knows whether to compress it: JSON of
// compressMin bytes or more is compressed, anything else is written as it came.
type gzipJSONWriter struct {
	gin.ResponseWriter
	held    bytes.Buffer
	decided bool
	gz      *gzip.Writer // set once compressing
}

func (w *gzipJSONWriter) Write(p []byte) (int, error) {
	if w.decided {
		if w.gz != nil {
			return w.gz.Write(p)
		}
		return w.ResponseWriter.Write(p)
	}
	if !isJSON(w.Header().Get("Content-Type")) || w.Header().Get("Content-Encoding") != "" {
		w.decided = true
		return w.ResponseWriter.Write(p)
	}
	if w.held.Len()+len(p) < compressMin {
		w.held.Write(p)
		return len(p), nil
	}
	w.decided = true
	h := w.Header()
	h.Set("Content-Encoding", "gzip")
	h.Add("Vary", "Accept-Encoding") // no cache may hand this copy to a client without gzip
	h.Del("Content-Length")
	w.gz = gzippers.Get().(*gzip.Writer)
	w.gz.Reset(w.ResponseWriter)
	// c.JSON writes a whole answer at once: it goes to gzip without a copy held first.
	if w.held.Len() > 0 {
		if _, err := w.gz.Write(w.held.Bytes()); err != nil {
			return 0, err
		}
		w.held.Reset()
	}
	return w.gz.Write(p)
}

func (w *gzipJSONWriter) WriteString(s string) (int, error) { return w.Write([]byte(s)) }

// Flush sends what is held or compressed so far (an answer that is streamed).
func (w *gzipJSONWriter) Flush() {
	if w.gz != nil {
		_ = w.gz.Flush()
	}
	w.ResponseWriter.Flush()
}

// finish ends the answer: the gzip stream's trailer, or the small answer held back, as it came.
func (w *gzipJSONWriter) finish() {
	switch {
	case w.gz != nil:
		_ = w.gz.Close()
		w.gz.Reset(nil)
		gzippers.Put(w.gz)
		w.gz = nil
	case w.held.Len() > 0:
		_, _ = w.ResponseWriter.Write(w.held.Bytes())
	}
	w.decided = true
}

func isJSON(contentType string) bool {
	return strings.HasPrefix(contentType, "application/json")
}
