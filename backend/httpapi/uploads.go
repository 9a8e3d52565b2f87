package httpapi

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
	"bridgework/backend/uploads"
)

func (s *Server) uploadRoutes(api *gin.RouterGroup) {
	api.POST("/uploads/avatar", s.authenticate(), s.upload(uploads.Avatar, "avatar"))
	api.POST("/uploads/resume", s.authenticate(), s.upload(uploads.Resume, "resume"))
	api.POST("/uploads/task-image", s.authenticate(), s.upload(uploads.TaskImage, "image"))
	// <img> tags and résumé links cannot send a bearer token. Avatars and task images are
	// public to whoever holds the URL (the random part of a UUID v7, 74 bits, cannot be
	// guessed); a résumé needs a link signed for 15 minutes (uploads.Links), handed out only to
	// those profiles.VisibleTo lets see it.
	api.GET("/files/:id", s.serveFile)
}

// multipartOverhead is room for the form's boundaries and headers on top of the file itself.
const multipartOverhead = 64 << 10

// upload answers {url} for one file sent as multipart form field `field`. The body is read as a
// stream, never spooled to disk, and at most MaxSize+1 bytes of the file are read.
func (s *Server) upload(kind uploads.Kind, field string) gin.HandlerFunc {
	return func(c *gin.Context) {
		user := currentUser(c)
		if !uploads.CanUpload(user, kind) {
			writeError(c, apperr.New(apperr.Forbidden, "You do not have access to this."))
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, uploads.MaxSize+multipartOverhead)
		part, name, err := filePart(c.Request, field)
		if err != nil {
			writeError(c, err)
			return
		}
		defer part.Close()
		f, err := s.uploads.Upload(c.Request.Context(), user, kind, name, part)
		if err != nil {
			writeError(c, err)
			return
		}
		// The uploader may see their own résumé: they get a link that opens it, which the profile
		// form saves back as the file (uploads.Unsigned).
		url := f.URL()
		if kind == uploads.Resume {
			url = s.links.Sign(url)
		}
		c.JSON(http.StatusCreated, gin.H{"url": url})
	}
}

// filePart finds the form part named field that carries a file, with the file name exactly as
// the client sent it (multipart.Part.FileName would strip a path and hide a crafted name).
func filePart(r *http.Request, field string) (io.ReadCloser, string, error) {
	missing := apperr.Field(field, "Please choose a file to upload")
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, "", missing
	}
	for {
		part, err := mr.NextPart()
		var tooLarge *http.MaxBytesError
		switch {
		case errors.As(err, &tooLarge):
			return nil, "", apperr.New(apperr.TooLarge, "Request body is too large.")
		case err != nil:
			return nil, "", missing
		}
		_, params, perr := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
		if perr == nil && params["name"] == field && params["filename"] != "" {
			return part, params["filename"], nil
		}
		part.Close()
	}
}

// serveFile sends an upload with the type detected when it was stored, never a sniffed one.
// Documents are downloads; images are shown inline. The sandbox policy keeps even a file that
// slipped past detection from running script on this origin.
//
// A signature, when given, is checked before the database is asked; a résumé is served only
// with a valid one.
func (s *Server) serveFile(c *gin.Context) {
	id := c.Param("id")
	signed := c.Query("signature") != "" || c.Query("expires") != ""
	if signed {
		if err := s.links.Check(id, c.Query("expires"), c.Query("signature")); err != nil {
			writeError(c, err)
			return
		}
	}
	f, err := s.uploads.Open(c.Request.Context(), id)
	if err != nil {
		writeError(c, err)
		return
	}
	if f.Kind == uploads.Resume && !signed {
		writeError(c, apperr.New(apperr.Forbidden, "Résumés open only through the link on a profile. Open the profile again."))
		return
	}
	disposition := "attachment"
	if f.IsImage() {
		disposition = "inline"
	}
	h := c.Writer.Header()
	h.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": f.Name}))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	// A file never changes once stored, so browsers may keep it; private keeps shared caches out.
	// A signed download is not kept at all: its link stops working, a cached copy would not.
	h.Set("Cache-Control", "private, max-age=31536000, immutable")
	if signed {
		h.Set("Cache-Control", "private, no-store")
	}
	h.Set("Content-Length", strconv.FormatInt(int64(len(f.Data)), 10))
	c.Data(http.StatusOK, f.ContentType, f.Data)
}
