package app

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"bridgework/backend/admin"
	"bridgework/backend/config"
	"bridgework/backend/help"
	"bridgework/backend/httpapi"
	"bridgework/backend/ratelimit"
	"bridgework/backend/store"
	"bridgework/backend/uploads"
)

// newHandler is the HTTP API on the services, with the services only it uses (help requests,
// uploads, the admin's views) and /readyz's check of the database and Redis.
func newHandler(cfg config.Config, db *gorm.DB, rdb *redis.Client, svc *services, limiter ratelimit.Limiter,
	registry *prometheus.Registry, logger *slog.Logger) (*httpapi.Server, error) {
	return httpapi.New(httpapi.Deps{
		Accounts:  svc.accounts,
		Help:      &help.Service{Store: store.HelpRequests{DB: db}, Limiter: limiter, PerIPHour: cfg.HelpRequestsPerIP},
		Chat:      svc.chat,
		Profiles:  svc.profiles,
		FileLinks: svc.fileLinks,
		Uploads: &uploads.Service{
			Store: store.Files{DB: db}, Limiter: limiter, PerUser: cfg.UploadsPerUser, Window: cfg.UploadWindow,
			QuotaBytes: int64(cfg.UploadQuotaMB) << 20, MaxImagePixels: cfg.UploadMaxImagePixels,
		},
		Admin:          &admin.Service{Store: store.Admin{DB: db}, Marketplace: svc.tasks, Certificates: svc.certificates},
		Tasks:          svc.tasks,
		Certificates:   svc.certificates,
		Credentials:    svc.credentials,
		MaxVerifyBytes: int64(cfg.CredentialVerifyMaxMB) << 20,
		Issuers:        svc.issuers,
		Notifications:  svc.notifications,
		Ratings:        svc.ratings,
		Matching:       svc.matching,
		Alerts:         svc.alerts,
		Digests:        svc.digests,
		Payments:       svc.payments,
		Audit:          svc.audit,
		Realtime:       svc.live.hub,
		Logger:         logger,
		Registry:       registry,
		MetricsToken:   cfg.MetricsToken,
		StaticDir:      cfg.StaticDir,
		TrustedProxies: cfg.TrustedProxies,
		SecureCookies:  strings.HasPrefix(cfg.PublicURL, "https://"),
		Limiter:        limiter, APIRequestsPerUser: cfg.APIRequestsPerUser,
		Ready: func(ctx context.Context) error {
			if err := store.Ping(ctx, db); err != nil {
				return fmt.Errorf("database: %w", err)
			}
			if rdb != nil {
				if err := rdb.Ping(ctx).Err(); err != nil {
					return fmt.Errorf("redis: %w", err)
				}
			}
			return nil
		},
	})
}
