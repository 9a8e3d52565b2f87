package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/help"
)

// submitHelpRequest is the spec's POST /help {phone, email}; topic and message are optional
// additions a spec client never sends.
func (s *Server) submitHelpRequest(c *gin.Context) error {
	var req struct {
		Phone   string `json:"phone"`
		Email   string `json:"email"`
		Topic   string `json:"topic"`
		Message string `json:"message"`
	}
	if err := readJSON(c, &req); err != nil {
		return err
	}
	in := help.Submission{Phone: req.Phone, Email: req.Email, Topic: req.Topic, Message: req.Message}
	if _, err := s.help.Submit(c.Request.Context(), in, c.ClientIP()); err != nil {
		return err
	}
	c.JSON(http.StatusCreated, messageJSON{Message: "Thank you! We'll reach out to you at the earliest."})
	return nil
}
