package httpapi

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/ratelimit"
)

const (
	ctxRequestID = "request_id"
	ctxUser      = "user"
)

// withRequestID takes the load balancer's X-Request-ID when it is sane, else makes one, and
// echoes it so a user's report can be matched to the log line.
func withRequestID(c *gin.Context) {
	id := c.GetHeader("X-Request-ID")
	if len(id) == 0 || len(id) > 64 || strings.ContainsAny(id, "\r\n\"") {
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		id = hex.EncodeToString(b)
	}
	c.Set(ctxRequestID, id)
	c.Header("X-Request-ID", id)
	c.Next()
}

func requestID(c *gin.Context) string { return c.GetString(ctxRequestID) }

// httpMetrics are the request counters and latencies served on /metrics.
type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newHTTPMetrics(reg prometheus.Registerer) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bridgework_http_requests_total", Help: "HTTP requests by route, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "bridgework_http_request_duration_seconds", Help: "HTTP request latency by route.",
			Buckets: []float64{.001, .0025, .005, .01, .02, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route", "method"}),
	}
	reg.MustRegister(m.requests, m.duration)
	return m
}

// observe logs one structured line per request and records its metrics. The route pattern,
// not the raw path, labels metrics so ids do not explode their cardinality.
func (m *httpMetrics) observe(logger *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		elapsed := time.Since(start)
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		status := c.Writer.Status()
		m.requests.WithLabelValues(route, c.Request.Method, strconv.Itoa(status)).Inc()
		m.duration.WithLabelValues(route, c.Request.Method).Observe(elapsed.Seconds())
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		// The line's attributes cost allocations, the client address a parse: not for a line
		// the level drops.
		if !logger.Enabled(c.Request.Context(), level) {
			return
		}
		attrs := []any{
			"request_id", requestID(c), "method", c.Request.Method, "path", c.Request.URL.Path,
			"route", route, "status", status, "duration_ms", float64(elapsed.Microseconds()) / 1000,
			"bytes", c.Writer.Size(), "ip", c.ClientIP(),
		}
		if u := currentUser(c); u != nil {
			attrs = append(attrs, "user_id", u.ID)
		}
		logger.Log(c.Request.Context(), level, "request", attrs...)
	}
}

// securityHeaders keeps browsers from sniffing types, framing the app, or running injected script.
// connect-src 'self' covers the same-origin websocket (CSP 3) and nothing else, so injected script
// could not send a token to another host.
func securityHeaders(c *gin.Context) {
	h := c.Writer.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "+
		"connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'")
	c.Next()
}

// recoverJSON turns a panic into the generic 500 body, logged with the request id.
func recoverJSON(c *gin.Context) {
	defer func() {
		if r := recover(); r != nil {
			slog.ErrorContext(c.Request.Context(), "panic", "panic", r, "request_id", requestID(c))
			writeError(c, apperr.New(apperr.Internal, "Internal error."))
		}
	}()
	c.Next()
}

// authenticate requires a valid bearer token and a user type the route admits (routes.go).
// It also counts the request against the user's share of the API.
func (s *Server) authenticate(a access) gin.HandlerFunc {
	return func(c *gin.Context) {
		token, ok := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
		if !ok || token == "" {
			writeError(c, apperr.New(apperr.Unauthorized, "Please sign in to continue."))
			return
		}
		u, err := s.accounts.Authenticate(c.Request.Context(), strings.TrimSpace(token))
		if err != nil {
			writeError(c, err)
			return
		}
		c.Set(ctxUser, u)
		if err := ratelimit.Take(c.Request.Context(), s.limiter, "api:user:"+u.ID, s.apiPerUser, time.Minute,
			"You are making requests too fast. Please wait a moment."); err != nil {
			writeError(c, err)
			return
		}
		if !a.admits(u.Type) {
			writeError(c, apperr.New(apperr.Forbidden, "You do not have access to this."))
			return
		}
		// What a signed-in user does may go on the audit trail, with the address it came from.
		c.Request = c.Request.WithContext(audit.WithClientIP(c.Request.Context(), c.ClientIP()))
		c.Next()
	}
}

// optionalUser is the user a public route's request signs in as, or nil without a token. A
// token that no longer works is answered as authenticate answers it (401), so the client signs
// out rather than showing a visitor's page to someone who thinks they are signed in.
func (s *Server) optionalUser(c *gin.Context) (*accounts.User, error) {
	token, ok := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
	if !ok || strings.TrimSpace(token) == "" {
		return nil, nil
	}
	u, err := s.accounts.Authenticate(c.Request.Context(), strings.TrimSpace(token))
	if err != nil {
		return nil, err
	}
	if err := ratelimit.Take(c.Request.Context(), s.limiter, "api:user:"+u.ID, s.apiPerUser, time.Minute,
		"You are making requests too fast. Please wait a moment."); err != nil {
		return nil, err
	}
	return u, nil
}

// currentUser is the signed-in user of an authenticated route, or nil.
func currentUser(c *gin.Context) *accounts.User {
	u, _ := c.Get(ctxUser)
	user, _ := u.(*accounts.User)
	return user
}
