package httpapi

import (
	"mime"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
	"bridgework/backend/uploads"
)

// serveFile sends an upload with the type detected when it was stored, never a sniffed one.
// Documents are downloads; images are shown inline. The sandbox policy keeps even a file that
// slipped past detection from running script on this origin.
//
// <img> tags and résumé links cannot send a bearer token, so this route is public. Avatars and
// task images are public to whoever holds the URL (the random part of a UUID v7, 74 bits, cannot
// be guessed); a résumé needs a link signed for 15 minutes (uploads.Links), handed out only to
// those profiles.VisibleTo lets see it; a chat file too, handed out only inside the messages of
// its conversation, which only its two parties can read. A signature, when given, is checked
// before the database is asked.
func (s *Server) serveFile(c *gin.Context) error {
	id := c.Param("id")
	signed := c.Query("signature") != "" || c.Query("expires") != ""
	if signed {
		if err := s.links.Check(id, c.Query("expires"), c.Query("signature")); err != nil {
			return err
		}
	}
	f, err := s.uploads.Open(c.Request.Context(), id)
	if err != nil {
		return err
	}
	if f.Kind.Private() && !signed {
		return apperr.New(apperr.Forbidden, privateFileMessage[f.Kind])
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
	return nil
}

// privateFileMessage is the answer to the bare URL of a file that opens only through a signed link.
var privateFileMessage = map[uploads.Kind]string{
	uploads.Resume: "Résumés open only through the link on a profile. Open the profile again.",
	uploads.Chat:   "Files sent in chat open only through the link in the conversation. Open the conversation again.",
}
