// Package httpapi is the product's HTTP surface: it translates requests into service calls and
// service errors into responses through one mapping (errors.go). Handlers hold no business rules.
package httpapi

import (
	"context"
	"crypto/subtle"
	"log/slog"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"bridgework/backend/accounts"
	"bridgework/backend/admin"
	"bridgework/backend/alerts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/certs"
	"bridgework/backend/chat"
	"bridgework/backend/credentials"
	"bridgework/backend/digest"
	"bridgework/backend/help"
	"bridgework/backend/issuers"
	"bridgework/backend/matching"
	"bridgework/backend/notify"
	"bridgework/backend/payments"
	"bridgework/backend/profiles"
	"bridgework/backend/ratelimit"
	"bridgework/backend/ratings"
	"bridgework/backend/tasks"
	"bridgework/backend/uploads"
)

// Deps are the services and settings the HTTP layer needs.
type Deps struct {
	Accounts       *accounts.Service
	Help           *help.Service
	Chat           *chat.Service
	Profiles       *profiles.Service
	Uploads        *uploads.Service
	FileLinks      *uploads.Links // signs and checks the links to résumés
	Admin          *admin.Service
	Tasks          *tasks.Service
	Certificates   *certs.Service
	Credentials    *credentials.Service
	MaxVerifyBytes int64 // the largest file POST /api/credentials/verify reads
	Issuers        *issuers.Service
	Notifications  *notify.Service
	Ratings        *ratings.Service
	Matching       *matching.Service
	Audit          *audit.Service
	Alerts         *alerts.Service
	Digests        *digest.Service
	Payments       *payments.Service
	Realtime       http.Handler // the websocket hub, mounted at /api/ws
	Logger         *slog.Logger
	Registry       *prometheus.Registry
	MetricsToken   string // the bearer token /metrics asks for; empty: not served
	StaticDir      string
	TrustedProxies []string
	// SecureCookies marks cookies Secure: the app is served over https (PUBLIC_URL).
	SecureCookies bool
	// Limiter counts each signed-in user's requests: at most APIRequestsPerUser a minute over the
	// whole API (0: no limit), so one account cannot take more than its share of an instance.
	Limiter            ratelimit.Limiter
	APIRequestsPerUser int
	// Ready reports whether the database and Redis answer; /readyz calls it.
	Ready func(ctx context.Context) error
}

// Server holds the handlers' dependencies.
type Server struct {
	accounts *accounts.Service
	help     *help.Service
	chat     *chat.Service
	profiles *profiles.Service
	uploads  *uploads.Service
	links    *uploads.Links
	privacy  profiles.Privacy
	admin    *admin.Service
	tasks    *tasks.Service
	certs    *certs.Service
	creds    *credentials.Service
	issuers  *issuers.Service
	notify   *notify.Service
	ratings  *ratings.Service
	matching *matching.Service
	audit    *audit.Service
	alerts   *alerts.Service
	digests  *digest.Service
	payments *payments.Service
	realtime http.Handler
	ready    func(ctx context.Context) error
	engine   *gin.Engine

	limiter        ratelimit.Limiter
	apiPerUser     int
	secureCookies  bool
	maxVerifyBytes int64
}

// New builds the router with every route of the product.
func New(d Deps) (*Server, error) {
	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	// Forwarded headers are trusted only from configured proxies, so clients cannot forge their
	// IP to dodge the per-IP limits.
	if err := engine.SetTrustedProxies(d.TrustedProxies); err != nil {
		return nil, err
	}
	engine.ContextWithFallback = true
	metrics := newHTTPMetrics(d.Registry)
	engine.Use(withRequestID, metrics.observe(d.Logger), recoverJSON, securityHeaders, compressJSON, checkQueryText)

	s := &Server{accounts: d.Accounts, help: d.Help, realtime: d.Realtime, ready: d.Ready, engine: engine}
	s.limiter, s.apiPerUser, s.secureCookies = d.Limiter, d.APIRequestsPerUser, d.SecureCookies
	s.chat = d.Chat
	s.tasks, s.certs, s.notify, s.issuers = d.Tasks, d.Certificates, d.Notifications, d.Issuers
	s.creds, s.maxVerifyBytes = d.Credentials, d.MaxVerifyBytes
	s.profiles, s.uploads, s.admin = d.Profiles, d.Uploads, d.Admin
	s.ratings, s.audit, s.alerts, s.digests, s.payments = d.Ratings, d.Audit, d.Alerts, d.Digests, d.Payments
	s.links, s.privacy = d.FileLinks, profiles.Privacy{Links: d.FileLinks}
	s.matching = d.Matching

	engine.GET("/healthz", func(c *gin.Context) { c.JSON(http.StatusOK, probeJSON{Status: "ok"}) })
	engine.GET("/readyz", s.readyz)
	engine.GET("/metrics", metricsHandler(d.MetricsToken, promhttp.HandlerFor(d.Registry, promhttp.HandlerOpts{})))
	// The issuer's did:web resolves here (credentials.go).
	engine.GET("/.well-known/did.json", s.didDocument)

	s.mountRoutes(engine.Group("/api"))

	engine.NoRoute(spaHandler(d.StaticDir))
	return s, nil
}

// metricsHandler serves Prometheus' scrape to whoever has the token: request counts per route
// and runtime figures tell an attacker what runs and how busy it is. Without a token it is off.
func metricsHandler(token string, metrics http.Handler) gin.HandlerFunc {
	return func(c *gin.Context) {
		if token == "" {
			writeError(c, apperr.New(apperr.NotFound, "Not found."))
			return
		}
		given, _ := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
		if subtle.ConstantTimeCompare([]byte(given), []byte(token)) != 1 {
			c.Header("WWW-Authenticate", `Bearer realm="metrics"`)
			writeError(c, apperr.New(apperr.Unauthorized, "A metrics token is required."))
			return
		}
		metrics.ServeHTTP(c.Writer, c.Request)
	}
}

// ServeHTTP makes the server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.engine.ServeHTTP(w, r) }

// Routes lists every registered method and path, for the tests that hold every route to the
// OpenAPI document and to the role table.
func (s *Server) Routes() gin.RoutesInfo { return s.engine.Routes() }

func (s *Server) readyz(c *gin.Context) {
	if err := s.ready(c.Request.Context()); err != nil {
		slog.WarnContext(c.Request.Context(), "not ready", "err", err)
		c.JSON(http.StatusServiceUnavailable, probeJSON{Status: "unavailable"})
		return
	}
	c.JSON(http.StatusOK, probeJSON{Status: "ready"})
}

// probeJSON answers /healthz and /readyz.
type probeJSON struct {
	Status string `json:"status"`
}
