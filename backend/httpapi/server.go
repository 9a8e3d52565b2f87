// Package httpapi is the product's HTTP surface: it translates requests into service calls and
// service errors into responses through one mapping (errors.go). Handlers hold no business rules.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"bridgework/backend/accounts"
	"bridgework/backend/admin"
	"bridgework/backend/certs"
	"bridgework/backend/chat"
	"bridgework/backend/help"
	"bridgework/backend/notify"
	"bridgework/backend/profiles"
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
	Admin          *admin.Service
	Tasks          *tasks.Service
	Certificates   *certs.Service
	Notifications  *notify.Service
	Realtime       http.Handler // the websocket hub, mounted at /api/ws
	Logger         *slog.Logger
	Registry       *prometheus.Registry
	StaticDir      string
	TrustedProxies []string
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
	admin    *admin.Service
	tasks    *tasks.Service
	certs    *certs.Service
	notify   *notify.Service
	ready    func(ctx context.Context) error
	engine   *gin.Engine
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
	engine.Use(withRequestID, metrics.observe(d.Logger), recoverJSON, securityHeaders)

	s := &Server{accounts: d.Accounts, help: d.Help, ready: d.Ready, engine: engine}
	s.chat = d.Chat
	s.tasks, s.certs, s.notify = d.Tasks, d.Certificates, d.Notifications
	s.profiles, s.uploads, s.admin = d.Profiles, d.Uploads, d.Admin

	engine.GET("/healthz", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) })
	engine.GET("/readyz", s.readyz)
	engine.GET("/metrics", gin.WrapH(promhttp.HandlerFor(d.Registry, promhttp.HandlerOpts{})))

	api := engine.Group("/api")
	api.GET("/openapi.json", serveOpenAPI)
	api.GET("/ws", gin.WrapH(d.Realtime))
	s.accountRoutes(api)
	s.helpRoutes(api)
	s.chatRoutes(api)
	s.marketplaceRoutes(api)
	s.profileRoutes(api)
	s.uploadRoutes(api)
	s.peopleRoutes(api)
	s.adminRoutes(api)

	engine.NoRoute(spaHandler(d.StaticDir))
	return s, nil
}

// ServeHTTP makes the server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.engine.ServeHTTP(w, r) }

// Routes lists every registered method and path, for the OpenAPI completeness test.
func (s *Server) Routes() gin.RoutesInfo { return s.engine.Routes() }

func (s *Server) readyz(c *gin.Context) {
	if err := s.ready(c.Request.Context()); err != nil {
		slog.WarnContext(c.Request.Context(), "not ready", "err", err)
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "unavailable"})
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ready"})
}
