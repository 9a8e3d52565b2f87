package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
)

type sessionInfoJSON struct {
	ID         string    `json:"_id"`
	Device     string    `json:"device"`
	IP         string    `json:"ip"`
	CreatedAt  time.Time `json:"createdAt"`
	LastSeenAt time.Time `json:"lastSeenAt"`
	Current    bool      `json:"current"`
}

func (s *Server) listSessions(c *gin.Context) error {
	u := currentUser(c)
	list, err := s.accounts.ListSessions(c.Request.Context(), u)
	if err != nil {
		return err
	}
	out := make([]sessionInfoJSON, 0, len(list))
	for _, info := range list {
		out = append(out, toSessionInfoJSON(info, u))
	}
	return writeSlice(c, out)
}

func toSessionInfoJSON(info accounts.SessionInfo, viewer *accounts.User) sessionInfoJSON {
	return sessionInfoJSON{ID: info.ID, Device: info.Device, IP: info.IP, CreatedAt: info.CreatedAt,
		LastSeenAt: info.LastSeenAt, Current: info.ID == viewer.SessionID}
}

// endSession ends one of the caller's sessions; another user's is not found.
func (s *Server) endSession(c *gin.Context) error {
	if err := s.accounts.EndSessions(c.Request.Context(), currentUser(c), []string{c.Param("id")}); err != nil {
		return err
	}
	c.JSON(http.StatusOK, messageJSON{Message: "Session ended."})
	return nil
}

// endAllSessions is "Sign out of all devices", this one included.
func (s *Server) endAllSessions(c *gin.Context) error {
	if err := s.accounts.EndSessions(c.Request.Context(), currentUser(c), nil); err != nil {
		return err
	}
	c.JSON(http.StatusOK, messageJSON{Message: "Signed out of all devices."})
	return nil
}
