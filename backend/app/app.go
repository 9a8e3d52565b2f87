// Package app assembles the product from its configuration: database, Redis, services and the
// HTTP handler. main only calls it; tests build the same assembly on their own databases.
package app

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/alerts"
	"bridgework/backend/audit"
	"bridgework/backend/config"
	"bridgework/backend/credentials"
	"bridgework/backend/digest"
	"bridgework/backend/httpapi"
	"bridgework/backend/issuers"
	"bridgework/backend/lease"
	"bridgework/backend/mail"
	"bridgework/backend/matching"
	"bridgework/backend/payments"
	"bridgework/backend/ratelimit"
	"bridgework/backend/ratings"
	"bridgework/backend/realtime"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
)

// App is the assembled product.
type App struct {
	Handler  *httpapi.Server
	Accounts *accounts.Service
	Tasks    *tasks.Service
	Alerts   *alerts.Service
	Ratings  *ratings.Service
	Matching *matching.Service
	Digests  *digest.Service
	Audit    *audit.Service
	Payments *payments.Service
	Issuers  *issuers.Service
	Hub      *realtime.Hub
	Mail     *mail.Worker
	// Money works the money jobs (PAYMENTS=stripe): transfers and refunds at Stripe.
	Money *payments.Worker
	sweep *uploadSweep
	live  *live
	jobs  *jobs
	DB    *gorm.DB
	Redis *redis.Client // nil on the embedded default
}

// Shutdown lets the alerts of tasks already posted go out, then closes every websocket with
// "going away", so clients reconnect to another instance. Presence and the broker close after
// the sockets, then the background jobs stop.
func (a *App) Shutdown(ctx context.Context) error {
	return errors.Join(a.Alerts.Wait(ctx), a.live.shutdown(ctx), a.jobs.stop(ctx))
}

// SweepUploads deletes now the uploads nothing references that are older than UPLOAD_ORPHAN_AGE,
// unless another instance swept in this interval; it reports whether it ran and what it deleted.
func (a *App) SweepUploads(ctx context.Context) (ran bool, deleted int64, err error) {
	return a.sweep.sweep(ctx, time.Now())
}

// Connect opens the database, waiting for it to answer (openDatabase), migrates it and, when
// configured, connects Redis.
func Connect(ctx context.Context, cfg config.Config, logger *slog.Logger) (*gorm.DB, *redis.Client, error) {
	db, err := openDatabase(ctx, cfg, logger)
	if err != nil {
		return nil, nil, err
	}
	if err := Migrate(db, cfg); err != nil {
		return nil, nil, fmt.Errorf("migrate: %w", err)
	}
	if cfg.RedisURL == "" {
		return db, nil, nil
	}
	opts, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return nil, nil, fmt.Errorf("REDIS_URL: %w", err)
	}
	tuneRedis(opts)
	rdb := redis.NewClient(opts)
	if err := rdb.Ping(ctx).Err(); err != nil {
		return nil, nil, fmt.Errorf("redis: %w", err)
	}
	return db, rdb, nil
}

// Migrate brings db's schema up to date with the audit key cfg gives, which seals the audit trail
// of a version before the keyed chain again (store migration 0022_audit_keyed).
func Migrate(db *gorm.DB, cfg config.Config) error {
	secret, err := jwtSecret(cfg, cfg.RedisURL != "")
	if err != nil {
		return err
	}
	return store.Migrate(db, auditKey(cfg, secret))
}

// Options are the parts tests may replace.
type Options struct {
	Logger *slog.Logger
	Mailer mail.Mailer // nil: SMTP when configured, else the log
	Hash   accounts.HashParams
	// StripeHTTPClient carries the calls to Stripe (nil: stripe-go's), for a test that has to
	// make Stripe fail or hang, which stripe-mock cannot.
	StripeHTTPClient *http.Client
}

// Build wires the services and the HTTP handler on an open database and optional Redis, each
// part constructed with what it needs, in dependency order (newServices), then starts the
// background jobs.
func Build(cfg config.Config, db *gorm.DB, rdb *redis.Client, opts Options) (*App, error) {
	logger := opts.Logger
	if why := cfg.PublicURLMismatch(); why != "" {
		logger.Warn("PUBLIC_URL may not reach this server: certificates' QR codes and mailed links point there",
			"public_url", cfg.PublicURL, "reason", why)
	}
	secret, err := jwtSecret(cfg, rdb != nil)
	if err != nil {
		return nil, err
	}
	registry := prometheus.NewRegistry()
	registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if rdb != nil {
		guardRedis(rdb, logger, registry)
	}
	limiter := newLimiter(cfg, rdb)
	svc, err := newServices(cfg, db, rdb, secret, limiter, opts)
	if err != nil {
		return nil, err
	}
	svc.live.registerMetrics(registry)
	handler, err := newHandler(cfg, db, rdb, svc, limiter, registry, logger)
	if err != nil {
		return nil, err
	}
	sweep := &uploadSweep{files: store.Files{DB: db}, lease: leaseOn(rdb, cfg.RedisPrefix+"lease:upload-sweep", sweepInterval),
		age: cfg.UploadOrphanAge, logger: logger}
	background := startJobs(cfg, rdb, svc, sweep, logger)
	svc.live.startSweep()
	return &App{
		Handler: handler, Accounts: svc.accounts, Tasks: svc.tasks, Alerts: svc.alerts, Ratings: svc.ratings, Matching: svc.matching,
		Digests: svc.digests, Audit: svc.audit, Payments: svc.payments, Issuers: svc.issuers, Hub: svc.live.hub,
		Mail: svc.mail, Money: svc.stripe.worker, sweep: sweep, live: svc.live, jobs: background, DB: db, Redis: rdb,
	}, nil
}

// newLimiter counts in memory, or through Redis shared by the instances with memory taking over
// while Redis is down.
func newLimiter(cfg config.Config, rdb *redis.Client) ratelimit.Limiter {
	memory := ratelimit.NewMemory()
	if rdb == nil {
		return memory
	}
	return ratelimit.Fallback{Primary: ratelimit.NewRedis(rdb, cfg.RedisPrefix), Secondary: memory}
}

// newMailer is the mailer a test gave, else SMTP when configured, else the log.
func newMailer(cfg config.Config, given mail.Mailer, logger *slog.Logger) mail.Mailer {
	switch {
	case given != nil:
		return given
	case cfg.SMTPAddr != "":
		return mail.SMTP{Addr: cfg.SMTPAddr, From: cfg.SMTPFrom, User: cfg.SMTPUser, Password: cfg.SMTPPassword}
	default:
		return mail.Log{Logger: logger}
	}
}

// hashParams are the password hash's parameters a test gave, else the defaults.
func hashParams(given accounts.HashParams) accounts.HashParams {
	if given == (accounts.HashParams{}) {
		return accounts.DefaultHashParams
	}
	return given
}

// leaseOn is a lease on key through Redis, so that one instance of several runs a job per
// interval; nil on the embedded setup, which is one instance.
func leaseOn(rdb *redis.Client, key string, interval time.Duration) *lease.Lease {
	if rdb == nil {
		return nil
	}
	return lease.New(rdb, key, interval)
}

// startJobs starts the background loops Shutdown stops: the mail and money workers, the sweeps
// and the periodic jobs, and the listener of invalidations from every instance.
func startJobs(cfg config.Config, rdb *redis.Client, svc *services, sweep *uploadSweep, logger *slog.Logger) *jobs {
	digestRuns := &digestJob{digests: svc.digests, interval: cfg.DigestCheckEvery, logger: logger,
		lease: leaseOn(rdb, cfg.RedisPrefix+"lease:digests", cfg.DigestCheckEvery)}
	checkpoints := &auditCheckpoints{trail: svc.audit, interval: cfg.AuditCheckpointInterval, logger: logger,
		lease: leaseOn(rdb, cfg.RedisPrefix+"lease:audit-checkpoint", cfg.AuditCheckpointInterval)}
	background := newJobs()
	background.start(svc.mail.Run)
	background.start(sweep.run)
	background.start(unlistPastDeadlines(svc.tasks, logger))
	background.start(digestRuns.run)
	background.start(checkpoints.run)
	background.start(refreshMatching(svc.matching, cfg.MatchingRefreshInterval,
		leaseOn(rdb, cfg.RedisPrefix+"lease:matching-refresh", cfg.MatchingRefreshInterval), logger))
	if money := svc.stripe.worker; money != nil {
		background.start(money.Run)
		background.start(releaseOverdue(svc.tasks, logger))
	}
	hub, accountsSvc := svc.live.hub, svc.accounts
	background.start(svc.invalidations.listen(svc.invalidations.subscribe(), func(userID string, endedSessions []string) {
		accountsSvc.ForgetLocal(userID, endedSessions)
		if len(endedSessions) > 0 {
			hub.EndSessions(userID, endedSessions)
		}
	}))
	return background
}

// auditKey is AUDIT_KEY, or a key derived from the JWT secret: the one every instance shares.
func auditKey(cfg config.Config, jwtSecret []byte) audit.Key {
	if cfg.AuditKey != nil {
		return audit.NewKey(cfg.AuditKey)
	}
	return audit.DerivedKey(jwtSecret)
}

// jwtSecret is JWT_SECRET, or on a single instance a secret generated once and kept in DATA_DIR.
// Several instances must share one secret, so the scaled setup (Redis) requires it to be set.
func jwtSecret(cfg config.Config, scaled bool) ([]byte, error) {
	if cfg.JWTSecret != "" {
		return []byte(cfg.JWTSecret), nil
	}
	if scaled {
		return nil, errors.New("JWT_SECRET must be set when REDIS_URL is: every instance needs the same secret")
	}
	secret, err := keptSecret(cfg.DataDir, "jwt-secret", hex.EncodeToString)
	if err != nil {
		return nil, fmt.Errorf("keep generated JWT secret: %w", err)
	}
	return []byte(secret), nil
}

// credentialIssuer issues credentials under PUBLIC_URL, signing with CREDENTIAL_SIGNING_KEY or, on
// a single instance, a key generated once and kept in DATA_DIR. Like the JWT secret, the scaled
// setup requires the key set: instances that each generated their own would sign under keys the
// DID document (served by whichever instance answers) does not all list.
func credentialIssuer(cfg config.Config, scaled bool) (*credentials.Issuer, error) {
	seed := cfg.CredentialSigningKey
	if seed == "" {
		if scaled {
			return nil, errors.New("CREDENTIAL_SIGNING_KEY must be set when REDIS_URL is: every instance signs credentials with the same key (openssl rand -base64 32)")
		}
		var err error
		if seed, err = keptSecret(cfg.DataDir, "credential-signing-key", base64.StdEncoding.EncodeToString); err != nil {
			return nil, fmt.Errorf("keep generated credential signing key: %w", err)
		}
	}
	key, err := credentials.ParseSigningKey(seed)
	if err != nil {
		return nil, err
	}
	retired, err := credentials.ParseRetiredKeys(cfg.CredentialRetiredKeys)
	if err != nil {
		return nil, err
	}
	return credentials.NewIssuer(cfg.PublicURL, key, retired)
}

// keptSecret is the secret kept in dataDir/name, generated on first use from 32 random bytes
// written with encode.
func keptSecret(dataDir, name string, encode func([]byte) string) (string, error) {
	path := filepath.Join(dataDir, name)
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 {
		return strings.TrimSpace(string(b)), nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	secret := encode(b)
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return "", err
	}
	if err := os.WriteFile(path, []byte(secret), 0o600); err != nil {
		return "", err
	}
	return secret, nil
}
