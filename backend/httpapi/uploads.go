package httpapi

import (
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
	"bridgework/backend/uploads"
)

// multipartOverhead is room for the form's boundaries and headers on top of the file itself.
const multipartOverhead = 64 << 10

// upload answers {url} for one file sent as multipart form field `field`. The body is read as a
// stream, never spooled to disk, and at most MaxSize+1 bytes of the file are read.
func (s *Server) upload(kind uploads.Kind, field string) handlerFunc {
	return func(c *gin.Context) error {
		user := currentUser(c)
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, uploads.MaxSize+multipartOverhead)
		part, name, err := filePart(c.Request, field)
		if err != nil {
			return err
		}
		defer part.Close()
		f, err := s.uploads.Upload(c.Request.Context(), user, kind, name, part)
		if err != nil {
			return err
		}
		// The uploader may see their own résumé or chat file: they get a link that opens it, which
		// the profile form and a send take back as the file (uploads.Unsigned).
		url := f.URL()
		if kind.Private() {
			url = s.links.Sign(url)
		}
		if kind == uploads.Chat {
			// What the composer shows on the file's chip before sending.
			c.JSON(http.StatusCreated, chatFileJSON{URL: url, Name: f.Name, Type: f.ContentType, Size: f.Size})
			return nil
		}
		c.JSON(http.StatusCreated, urlJSON{URL: url})
		return nil
	}
}

// chatFileJSON is an uploaded chat file as the composer shows it on the file's chip before
// sending. Its keys are in alphabetical order, the order its answers have always had.
type chatFileJSON struct {
	Name string `json:"name"`
	Size int64  `json:"size"`
	Type string `json:"type"`
	URL  string `json:"url"`
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
