package httpapi

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
)

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
		// path.Clean on a rooted path cannot climb above dir.
		file := filepath.Join(dir, filepath.FromSlash(path.Clean("/"+p)))
		if info, err := os.Stat(file); err == nil && !info.IsDir() {
			if strings.HasPrefix(p, "/assets/") {
				// Vite fingerprints asset names, so they can be cached forever.
				c.Header("Cache-Control", "public, max-age=31536000, immutable")
			}
			c.File(file)
			return
		}
		index := filepath.Join(dir, "index.html")
		if _, err := os.Stat(index); err != nil {
			c.String(http.StatusNotFound, "The web app is not built yet: run npm run build in frontend/.")
			return
		}
		c.Header("Cache-Control", "no-cache")
		c.File(index)
	}
}
