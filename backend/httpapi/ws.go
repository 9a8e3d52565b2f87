package httpapi

import (
	"github.com/gin-gonic/gin"

	"bridgework/backend/realtime"
)

// serveWebsocket hands the upgrade to the hub, which authenticates the socket by its first frame.
func (s *Server) serveWebsocket(c *gin.Context) error {
	// The hub limits sockets per client address: it gets the one decided behind trusted proxies.
	c.Request = c.Request.WithContext(realtime.WithClientIP(c.Request.Context(), c.ClientIP()))
	s.realtime.ServeHTTP(c.Writer, c.Request)
	return nil
}
