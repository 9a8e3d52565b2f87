package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/notify"
)

// notifications pages the bell on both dashboards (spec §7), newest first; ?unread=true keeps
// the unread ones and ?after=<id> only those newer than a notification the client already has.
func (s *Server) notifications(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	list, total, err := s.notify.List(c.Request.Context(), currentUser(c).ID, notify.ListInput{
		UnreadOnly: c.Query("unread") == "true", After: c.Query("after"),
	}, p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	out := make([]notify.JSON, 0, len(list))
	for _, n := range list {
		out = append(out, notify.ToJSON(n))
	}
	writeList(c, p, out, counted(total))
	return nil
}

func (s *Server) markNotificationRead(c *gin.Context) error {
	if err := s.notify.MarkRead(c.Request.Context(), currentUser(c).ID, c.Param("id")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, messageJSON{Message: "Notification marked as read."})
	return nil
}
