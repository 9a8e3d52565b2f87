package httpapi

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
)

// precompressed is the brotli or gzip copy of file the client accepts, if the build made one.
func precompressed(file, acceptEncoding string) (path, encoding string) {
	for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if acceptsEncoding(acceptEncoding, enc.name) {
			if info, err := os.Stat(file + enc.ext); err == nil && !info.IsDir() {
				return file + enc.ext, enc.name
			}
		}
	}
	return "", ""
}

// spaHandler serves the built single-page app. Any path that is not a file falls back to
// index.html so deep links such as /chat/42 load the app, which then routes on the client.
// Unknown /api paths stay JSON 404s.
func spaHandler(dir string) gin.HandlerFunc {
	return func(c *gin.Context) {
		p := c.Request.URL.Path
		if strings.HasPrefix(p, "/api/") || p == "/api" {
			writeError(c, apperr.New(apperr.NotFound, "Not found."))
			return
		}
		if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
			writeError(c, apperr.New(apperr.NotFound, "Not found."))
			return
		}
		// Source maps are built for the operators' error tooling, never published: they would
		// hand out the whole source.
		if strings.HasSuffix(p, ".map") {
			c.String(http.StatusNotFound, "Not found.")
			return
		}
		// path.Clean on a rooted path cannot climb above dir.
		file := filepath.Join(dir, filepath.FromSlash(path.Clean("/"+p)))
		if info, err := os.Stat(file); err == nil && !info.IsDir() && !strings.HasPrefix(filepath.Base(file), landingPage) {
			if strings.HasPrefix(p, "/assets/") {
				// Vite fingerprints asset names, so they can be cached forever.
				c.Header("Cache-Control", "public, max-age=31536000, immutable")
				c.Header("Vary", "Accept-Encoding")
				if encoded, encoding := precompressed(file, c.GetHeader("Accept-Encoding")); encoded != "" {
					// The build wrote .br and .gz beside each asset (vite.config.ts): serve the
					// smallest the browser takes, with the original's type.
					if kind := mime.TypeByExtension(filepath.Ext(file)); kind != "" {
						c.Header("Content-Type", kind)
					}
					c.Header("Content-Encoding", encoding)
					c.File(encoded)
					return
				}
			}
			c.File(file)
			return
		}
		index := filepath.Join(dir, "index.html")
		if _, err := os.Stat(index); err != nil {
			c.String(http.StatusNotFound, "The web app is not built yet: run npm run build in frontend/.")
			return
		}
		// The build renders a visitor's landing page into landing.html (frontend/vite.config.ts) so
		// that it paints before the app has loaded: only / gets it, any other route would show the
		// landing page until the app replaced it.
		if p == "/" {
			if info, err := os.Stat(filepath.Join(dir, landingPage)); err == nil && !info.IsDir() {
				index = filepath.Join(dir, landingPage)
			}
		}
		c.Header("Cache-Control", "no-cache")
		c.Header("Vary", "Accept-Encoding")
		if encoded, encoding := precompressed(index, c.GetHeader("Accept-Encoding")); encoded != "" {
			c.Header("Content-Type", "text/html; charset=utf-8")
			c.Header("Content-Encoding", encoding)
			c.File(encoded)
			return
		}
		c.File(index)
	}
}

// landingPage is the HTML the build writes for / alone, the landing page already rendered in it.
const landingPage = "landing.html"
