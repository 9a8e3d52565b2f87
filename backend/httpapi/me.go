package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

func (s *Server) me(c *gin.Context) {
	u := currentUser(c)
	c.JSON(http.StatusOK, s.userJSON(u, u))
}

type changePasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

// changePassword answers {token, user}: the new token replaces the caller's, every other
// session's token stops working.
func (s *Server) changePassword(c *gin.Context) {
	var req changePasswordRequest
	if !bindJSON(c, &req) {
		return
	}
	u := currentUser(c)
	token, err := s.profiles.ChangePassword(c.Request.Context(), u, req.CurrentPassword, req.NewPassword, req.ConfirmPassword)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, sessionJSON{Token: token, User: s.userJSON(u, u)})
}
