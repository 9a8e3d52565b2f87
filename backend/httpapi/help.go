package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

func (s *Server) submitHelpRequest(c *gin.Context) {
	var req struct {
		Phone string `json:"phone"`
		Email string `json:"email"`
	}
	if !bindJSON(c, &req) {
		return
	}
	if _, err := s.help.Submit(c.Request.Context(), req.Phone, req.Email, c.ClientIP()); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"message": "Thank you! We'll reach out to you at the earliest."})
}
