package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// unsubscribe is the one-click unsubscribe of RFC 8058: mail clients POST to the link in a
// digest's List-Unsubscribe header, and the /unsubscribe page posts here when its button is
// pressed. The signed token is the only credential; any body is ignored. It answers
// {unsubscribed: messages | submissions | payments | invitations | taskAlerts | all}.
func (s *Server) unsubscribe(c *gin.Context) error {
	what, err := s.digests.Unsubscribe(c.Request.Context(), c.Query("token"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, unsubscribedJSON{Unsubscribed: what})
	return nil
}

// unsubscribedJSON names the mail an unsubscribe link stopped.
type unsubscribedJSON struct {
	Unsubscribed string `json:"unsubscribed"`
}
