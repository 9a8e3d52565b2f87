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
	"bridgework/backend/admin"
	"bridgework/backend/alerts"
	"bridgework/backend/audit"
	"bridgework/backend/certs"
	"bridgework/backend/chat"
	"bridgework/backend/config"
	"bridgework/backend/credentials"
	"bridgework/backend/digest"
	"bridgework/backend/help"
	"bridgework/backend/httpapi"
	"bridgework/backend/issuers"
	"bridgework/backend/lease"
	"bridgework/backend/mail"
	"bridgework/backend/notify"
	"bridgework/backend/payments"
	"bridgework/backend/profiles"
	"bridgework/backend/ratelimit"
	"bridgework/backend/ratings"
	"bridgework/backend/realtime"
	"bridgework/backend/store"
	"bridgework/backend/stripeconnect"
	"bridgework/backend/tasks"
	"bridgework/backend/uploads"
)

// App is the assembled product.
type App struct {
	Handler  *httpapi.Server
	Accounts *accounts.Service
	Tasks    *tasks.Service
	Alerts   *alerts.Service
	Ratings  *ratings.Service
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

// Build wires the services and the HTTP handler on an open database and optional Redis.
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
	var limiter ratelimit.Limiter = ratelimit.NewMemory()
	if rdb != nil {
		guardRedis(rdb, logger, registry)
		limiter = ratelimit.Fallback{Primary: ratelimit.NewRedis(rdb, cfg.RedisPrefix), Secondary: limiter}
	}
	mailer := opts.Mailer
	if mailer == nil {
		mailer = mail.Log{Logger: logger}
		if cfg.SMTPAddr != "" {
			mailer = mail.SMTP{Addr: cfg.SMTPAddr, From: cfg.SMTPFrom, User: cfg.SMTPUser, Password: cfg.SMTPPassword}
		}
	}
	hash := opts.Hash
	if hash == (accounts.HashParams{}) {
		hash = accounts.DefaultHashParams
	}

	users := store.Users{DB: db}
	trailKey := auditKey(cfg, secret)
	trail := &audit.Service{Store: store.Audit{DB: db, Key: trailKey}, Key: trailKey, Logger: logger}
	acc := &accounts.Service{
		Store:    users,
		Sessions: store.Sessions{DB: db},
		Tokens:   &accounts.Tokens{Secret: secret, Issuer: cfg.JWTIssuer, Audience: cfg.JWTAudience, TTL: cfg.JWTTTL},
		Limiter:  limiter,
		Hash:     hash,
		Limits: accounts.Limits{
			LoginFailuresPerAccount: cfg.LoginFailuresPerAccount, LoginFailuresPerIP: cfg.LoginFailuresPerIP,
			LoginFailureWindow: cfg.LoginFailureWindow, LoginFailuresPerDevice: cfg.LoginFailuresPerDevice,
			ResetRequestsPerIP: cfg.ResetRequestsPerIP, ResetRequestWindow: cfg.ResetRequestWindow,
			RegistrationsPerIP: cfg.RegistrationsPerIP, ResetMailsPerAccount: cfg.ResetMailsPerAccount,
		},
		PublicURL:     cfg.PublicURL,
		Logger:        logger,
		AdminEmail:    cfg.AdminEmail,
		AdminPassword: cfg.AdminPassword,
		UserCacheTTL:  cfg.UserCacheTTL,
		Audit:         trail,
	}

	companies := &issuers.Service{
		Store: store.Issuers{DB: db}, Limiter: limiter, MailsPerAccount: cfg.VerifyMailsPerAccount,
		MailWindow: cfg.VerifyMailWindow, LinkTTL: cfg.VerifyLinkTTL, PublicURL: cfg.PublicURL,
	}
	digests := &digest.Service{
		Store: store.Digests{DB: db}, Secret: secret, PublicURL: cfg.PublicURL,
		OfflineAfter: cfg.DigestOfflineAfter, MinInterval: cfg.DigestMinInterval, Logger: logger,
	}
	outbox := mail.NewWorker(mail.Worker{
		Queue: store.Outbox{DB: db}, Mailer: mailer, MaxAttempts: cfg.MailMaxAttempts, FirstRetry: cfg.MailFirstRetry,
		SendTimeout: cfg.MailSendTimeout, Logger: logger,
		Composers: map[string]mail.Composer{
			accounts.ResetMailKind: acc.ComposeResetMail,
			issuers.MailKind:       companies.ComposeMail,
			digest.MailKind:        digests.Compose,
		},
	})
	digests.Wake = outbox.Wake
	acc.Outbox, companies.Outbox = outbox, outbox

	// File links are signed with the tokens' secret, so every instance checks every link.
	fileLinks := uploads.NewLinks(secret)
	chatService := &chat.Service{
		Store: store.Messages{DB: db, Inserts: store.NewMessageInserts(cfg.ChatCommitInterval)}, Links: fileLinks, Limiter: limiter, Logger: logger,
		Limits: chat.Limits{MessagesPerMinute: cfg.ChatMessagesPerMinute},
	}
	live, err := newLive(cfg, rdb, acc, chatService, digests, limiter, logger)
	if err != nil {
		return nil, err
	}
	hub := live.hub
	invalidator := &invalidations{rdb: rdb, channel: cfg.RedisPrefix + "invalidate", logger: logger,
		apply: func(userID string, endedSessions []string) {
			acc.ForgetLocal(userID, endedSessions)
			if len(endedSessions) > 0 {
				hub.EndSessions(userID, endedSessions)
			}
		}}
	acc.Invalidator = invalidator
	publisher := Publisher{hub: hub, log: logger}
	chatService.Publisher, chatService.Presence = publisher, live.tracker
	digests.Presence = live.tracker
	notifications := &notify.Service{Store: store.Notifications{DB: db}, Publisher: publisher, Logger: logger}
	taskStore := store.Tasks{DB: db, AuditKey: trailKey}
	// "Highest pay" sorts in the database by the rates it holds: those of this configuration.
	if err := taskStore.SetCurrencyRates(context.Background(), cfg.CurrencyRates); err != nil {
		return nil, fmt.Errorf("currency rates: %w", err)
	}
	marketplace := &tasks.Service{
		Store: taskStore, Notifier: notifications, Publisher: publisher,
		Limiter: limiter, PostsPerHour: cfg.TasksPerStartup, DefaultCurrency: cfg.DefaultCurrency,
		Rates: cfg.CurrencyRates, Uploads: store.Files{DB: db},
	}
	issuer, err := credentialIssuer(cfg, rdb != nil)
	if err != nil {
		return nil, err
	}
	credentialService := &credentials.Service{Issuer: issuer, Store: store.Credentials{DB: db}, Certificates: store.Certificates{DB: db},
		Users: users, Limiter: limiter, VerifiesPerIP: cfg.CredentialVerifiesPerIP}
	certificates := &certs.Service{Store: store.Certificates{DB: db}, Users: users, Credentials: credentialService, PublicURL: cfg.PublicURL}
	rates := &ratings.Service{Store: store.Ratings{DB: db, AuditKey: trailKey}}
	paymentStore := store.Payments{DB: db, AuditKey: trailKey}
	pay := &payments.Service{Store: paymentStore, Ledger: paymentStore, Notifier: notifications, Publisher: publisher,
		PublicURL: cfg.PublicURL, Fundings: marketplace, FeeBasisPoints: cfg.PlatformFeeBasisPoints, Logger: logger}
	var money *payments.Worker
	if cfg.Payments == config.PaymentsStripe {
		connect := stripeconnect.New(stripeconnect.Config{SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhookSecret,
			APIBase: cfg.StripeAPIBase, HTTPClient: opts.StripeHTTPClient, Timeout: cfg.MoneyCallTimeout, Logger: logger})
		money = payments.NewWorker(payments.Worker{Queue: store.MoneyJobs{DB: db, AuditKey: trailKey}, Connect: connect,
			Payments: paymentStore, Notifier: notifications, Publisher: publisher, MaxAttempts: cfg.MoneyMaxAttempts,
			FirstRetry: cfg.MoneyFirstRetry, CallTimeout: cfg.MoneyCallTimeout, Logger: logger})
		pay.Connect, pay.Money = connect, money
		marketplace.Checkout, marketplace.Money = connect, money
		marketplace.PublicURL, marketplace.FeeBasisPoints = cfg.PublicURL, cfg.PlatformFeeBasisPoints
		marketplace.ReviewWindow, marketplace.ReviewWarning = cfg.ReviewWindow, cfg.ReviewWarning
	}
	searches := &alerts.Service{Store: store.Alerts{DB: db}, Publisher: publisher, Logger: logger}
	marketplace.Posted = searches

	live.registerMetrics(registry)

	people := &profiles.Service{
		Store: store.Profiles{DB: db}, Work: marketplace, Sessions: acc, Hash: hash, Limiter: limiter,
		PasswordFailures: cfg.LoginFailuresPerAccount, PasswordWindow: cfg.LoginFailureWindow,
	}

	handler, err := httpapi.New(httpapi.Deps{
		Accounts:  acc,
		Help:      &help.Service{Store: store.HelpRequests{DB: db}, Limiter: limiter, PerIPHour: cfg.HelpRequestsPerIP},
		Chat:      chatService,
		Profiles:  people,
		FileLinks: fileLinks,
		Uploads: &uploads.Service{
			Store: store.Files{DB: db}, Limiter: limiter, PerUser: cfg.UploadsPerUser, Window: cfg.UploadWindow,
			QuotaBytes: int64(cfg.UploadQuotaMB) << 20, MaxImagePixels: cfg.UploadMaxImagePixels,
		},
		Admin:          &admin.Service{Store: store.Admin{DB: db}, Marketplace: marketplace, Certificates: certificates},
		Tasks:          marketplace,
		Certificates:   certificates,
		Credentials:    credentialService,
		MaxVerifyBytes: int64(cfg.CredentialVerifyMaxMB) << 20,
		Issuers:        companies,
		Notifications:  notifications,
		Ratings:        rates,
		Alerts:         searches,
		Digests:        digests,
		Payments:       pay,
		Audit:          trail,
		Realtime:       hub,
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
	if err != nil {
		return nil, err
	}
	sweep := &uploadSweep{files: store.Files{DB: db}, age: cfg.UploadOrphanAge, logger: logger}
	if rdb != nil {
		sweep.lease = lease.New(rdb, cfg.RedisPrefix+"lease:upload-sweep", sweepInterval)
	}
	digestRuns := &digestJob{digests: digests, interval: cfg.DigestCheckEvery, logger: logger}
	if rdb != nil {
		digestRuns.lease = lease.New(rdb, cfg.RedisPrefix+"lease:digests", cfg.DigestCheckEvery)
	}
	checkpoints := &auditCheckpoints{trail: trail, interval: cfg.AuditCheckpointInterval, logger: logger}
	if rdb != nil {
		checkpoints.lease = lease.New(rdb, cfg.RedisPrefix+"lease:audit-checkpoint", cfg.AuditCheckpointInterval)
	}
	background := newJobs()
	background.start(outbox.Run)
	background.start(sweep.run)
	background.start(unlistPastDeadlines(marketplace, logger))
	background.start(digestRuns.run)
	background.start(checkpoints.run)
	if money != nil {
		background.start(money.Run)
		background.start(releaseOverdue(marketplace, logger))
	}
	background.start(invalidator.listen(invalidator.subscribe()))
	live.startSweep()
	return &App{Handler: handler, Accounts: acc, Tasks: marketplace, Alerts: searches, Ratings: rates, Digests: digests, Audit: trail, Payments: pay, Issuers: companies, Hub: hub, Mail: outbox, Money: money, sweep: sweep, live: live, jobs: background, DB: db, Redis: rdb}, nil
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
