package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
)

// issuerRoutes registers a startup's company verification (package issuers): asking for a link
// mailed to a work address, and confirming the link. Both are the startup's own.
func (s *Server) issuerRoutes(api *gin.RouterGroup) {
	g := api.Group("/startup/verification", s.authenticate(accounts.Startup))
	g.POST("", s.requestVerification)
	g.POST("/confirm", s.confirmVerification)
}

type verificationRequest struct {
	Email string `json:"email"`
}

// requestVerification answers 202: the mail leaves through the outbox after the request.
func (s *Server) requestVerification(c *gin.Context) {
	var req verificationRequest
	if !bindJSON(c, &req) {
		return
	}
	to, err := s.issuers.RequestVerification(c.Request.Context(), currentUser(c), req.Email)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{
		"message": "We sent a verification link to " + to + ". Open it while signed in to this account.",
		"email":   to,
	})
}

type confirmVerificationRequest struct {
	Token string `json:"token"`
}

func (s *Server) confirmVerification(c *gin.Context) {
	var req confirmVerificationRequest
	if !bindJSON(c, &req) {
		return
	}
	u, err := s.issuers.Confirm(c.Request.Context(), currentUser(c), req.Token)
	if err != nil {
		writeError(c, err)
		return
	}
	s.accounts.Forget(c.Request.Context(), u.ID)
	c.JSON(http.StatusOK, s.userJSON(u, u))
}
