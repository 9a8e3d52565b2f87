// Package config reads the server's settings from the environment. Every variable is listed and
// explained in .env.example at the repository root; with none set the server runs on the embedded
// default (SQLite under ./data, in-process broker and limiter).
package config

import (
	"encoding/base64"
	"fmt"
	"math"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"bridgework/backend/money"
)

// Config is the whole of the server's settings, in .env.example's sections: what an operator
// decides first, then the tuning knobs the benchmarks set.
type Config struct {
	// Server.
	Port      int
	Host      string // the address the server listens on; empty: every interface
	PublicURL string
	DataDir   string
	StaticDir string
	// ShutdownTimeout bounds finishing requests and closing websockets on SIGTERM.
	ShutdownTimeout time.Duration
	LogLevel        string
	LogFormat       string
	MetricsToken    string // bearer token /metrics asks for; empty: /metrics is not served
	// PprofAddr is where net/http/pprof listens, on a listener of its own and never on the
	// public router; empty: profiling is off.
	PprofAddr string
	SeedDemo  bool

	// Database and scaling out.
	DatabaseURL string // empty: SQLite file under DataDir
	// DatabaseStartTimeout is how long a starting server keeps trying to reach PostgreSQL before
	// it gives up; DatabaseRetryAfter is the Retry-After of a request refused while it cannot.
	DatabaseStartTimeout time.Duration
	DatabaseRetryAfter   time.Duration
	RedisURL             string // empty: in-process broker and limiter
	RedisPrefix          string
	// Presence across instances (Redis only): the users of an instance that dies without a
	// graceful shutdown go offline for their partners within PresenceTTL + PresenceSweepInterval.
	PresenceTTL           time.Duration // how long an entry outlives its instance's last heartbeat
	PresenceSweepInterval time.Duration // how often one instance removes expired entries

	// Secrets and keys, the same on every instance.
	JWTSecret string // empty: generated once into DataDir
	// CredentialSigningKey signs every certificate's credential (package credentials): the base64
	// of an Ed25519 seed, the same on every instance. Empty: generated once into DataDir.
	// CredentialRetiredKeys are the Multikeys (z6Mk…) of keys signed with before, still listed.
	CredentialSigningKey  string
	CredentialRetiredKeys []string
	// AuditKey seals the audit trail's hash chain (package audit): AUDIT_KEY, base64 of at least
	// 32 bytes. Nil: a key derived from the JWT secret.
	AuditKey []byte

	// Sign-in tokens and the admin.
	JWTTTL      time.Duration
	JWTIssuer   string
	JWTAudience string
	// AdminEmail and AdminPassword are the bootstrap admin's credentials.
	AdminEmail    string
	AdminPassword string

	// Security.
	TrustedProxies     []string
	AllowedOrigins     []string
	RequestReadTimeout time.Duration // a request's headers and body must arrive within this
	// AuditCheckpointInterval is how often one instance logs the trail's head, signed.
	AuditCheckpointInterval time.Duration

	// Limits: each account or client address gets only its own share. A count of 0 turns that
	// limit off.
	LoginFailuresPerAccount int
	LoginFailuresPerIP      int
	LoginFailuresPerDevice  int // failures a trusted device may make before it stops being trusted
	LoginFailureWindow      time.Duration
	ResetRequestsPerIP      int
	ResetMailsPerAccount    int // reset mails per account per ResetRequestWindow
	ResetRequestWindow      time.Duration
	RegistrationsPerIP      int // per hour
	HelpRequestsPerIP       int // per hour
	TasksPerStartup         int // task posts per hour
	ChatMessagesPerMinute   int
	APIRequestsPerUser      int // per minute, over the whole API
	// Company verification (package issuers): how many links a startup may ask for per
	// VerifyMailWindow.
	VerifyMailsPerAccount int
	VerifyMailWindow      time.Duration
	// CredentialVerifiesPerIP is how many files one address may verify a minute;
	// CredentialVerifyMaxMB the largest file verified, in MiB.
	CredentialVerifiesPerIP int
	CredentialVerifyMaxMB   int
	UploadsPerUser          int           // per UploadWindow
	UploadWindow            time.Duration //
	UploadQuotaMB           int           // bytes a user may keep stored, in MiB
	UploadOrphanAge         time.Duration // an upload nothing references is deleted after this
	UploadMaxImagePixels    int           // width × height of an uploaded image
	WSMaxPerUser            int           // open sockets per user
	WSMaxPerIP              int           // open sockets per client address
	WSHandshakesPerIP       int           // socket handshakes per client address per minute

	// Currencies.
	DefaultCurrency string      // ISO 4217 code of a task budget posted without one
	CurrencyRates   money.Rates // CURRENCY_BASE and CURRENCY_RATES: what "Highest pay" compares in

	// Payments (package payments, DESIGN §3b): "offline", the default, where startups pay their
	// students directly and both record it, or "stripe", where a funded task's money is held
	// through Stripe Connect and each approval transfers its pay.
	Payments            string
	StripeSecretKey     string
	StripeWebhookSecret string // the signing secret of the webhook endpoint (whsec_…)
	StripeAPIBase       string // Stripe's API; the tests point it at stripe-mock
	// PlatformFeeBasisPoints is PLATFORM_FEE_PERCENT in hundredths of a percent: the platform's
	// share of each transfer.
	PlatformFeeBasisPoints int
	// ReviewWindow is how long a startup has to decide on the latest submission to a funded task
	// assigned to one student before it is approved and paid automatically; both are told
	// ReviewWarning before.
	ReviewWindow  time.Duration
	ReviewWarning time.Duration
	// Money jobs (transfers and refunds through Stripe) are retried MoneyMaxAttempts times, the
	// first retry after MoneyFirstRetry and each later one after twice the wait (at most an
	// hour); MoneyCallTimeout bounds one call to Stripe.
	MoneyMaxAttempts int
	MoneyFirstRetry  time.Duration
	MoneyCallTimeout time.Duration

	// Mail.
	SMTPAddr        string
	SMTPFrom        string
	SMTPUser        string
	SMTPPassword    string
	MailMaxAttempts int           // tries of one outbox mail before it is given up
	MailFirstRetry  time.Duration // wait before the first retry; it doubles up to an hour
	MailSendTimeout time.Duration // one attempt's limit
	VerifyLinkTTL   time.Duration // how long a mailed company verification link works

	DigestOfflineAfter time.Duration // how long a user is away before a digest gathers what they missed
	DigestMinInterval  time.Duration // at least this long between two digests to one user

	// Tuning: defaults the benchmarks set.
	WSPingInterval time.Duration // how often an open socket is pinged, so a dead peer is let go
	// ChatCommitInterval is the least time between two commits of chat messages on an
	// instance; the messages sent meanwhile share the next one.
	ChatCommitInterval time.Duration
	GCHeapMinMB        int // the collector's least heap goal, in MiB (package heapfloor)
	FDReserve          int // descriptors kept free for health checks and sign-in
	// UserCacheTTL is how long an instance reuses a signed-in user and session it read. Changes
	// (a sign-out, a password change, a profile edit) reach every instance at once through the
	// Redis invalidation broadcast; the TTL only bounds staleness while Redis is down.
	UserCacheTTL      time.Duration
	PresenceHeartbeat time.Duration // how often an instance refreshes its users' presence entries
	DigestCheckEvery  time.Duration // how often one instance looks for digests to send
	// MatchingRefreshInterval is how often one instance rebuilds the signals matches and
	// recommendations rank by (package matching).
	MatchingRefreshInterval time.Duration
}

// Load reads the configuration from the environment, reporting every malformed value at once.
func Load() (Config, error) {
	r := reader{get: os.Getenv}
	c := loadFrom(&r)
	if len(r.errs) > 0 {
		return Config{}, fmt.Errorf("config: %s", strings.Join(r.errs, "; "))
	}
	return c, nil
}

func loadFrom(r *reader) Config {
	c := Config{
		Port:            r.int("PORT", 8080),
		Host:            r.str("HOST", ""),
		PublicURL:       strings.TrimRight(r.str("PUBLIC_URL", ""), "/"),
		DataDir:         r.str("DATA_DIR", "./data"),
		StaticDir:       r.str("STATIC_DIR", "frontend/dist"),
		ShutdownTimeout: r.duration("SHUTDOWN_TIMEOUT", 15*time.Second),
		LogLevel:        r.str("LOG_LEVEL", "info"),
		LogFormat:       r.str("LOG_FORMAT", "json"),
		MetricsToken:    r.str("METRICS_TOKEN", ""),
		PprofAddr:       r.str("PPROF_ADDR", ""),
		SeedDemo:        r.bool("SEED_DEMO", false),

		DatabaseURL:           r.str("DATABASE_URL", ""),
		DatabaseStartTimeout:  r.duration("DATABASE_START_TIMEOUT", time.Minute),
		DatabaseRetryAfter:    r.duration("DATABASE_RETRY_AFTER", 5*time.Second),
		RedisURL:              r.str("REDIS_URL", ""),
		RedisPrefix:           r.str("REDIS_PREFIX", "bw:"),
		PresenceTTL:           r.duration("PRESENCE_TTL", 10*time.Second),
		PresenceSweepInterval: r.duration("PRESENCE_SWEEP_INTERVAL", 2*time.Second),

		JWTSecret:             r.str("JWT_SECRET", ""),
		CredentialSigningKey:  r.str("CREDENTIAL_SIGNING_KEY", ""),
		CredentialRetiredKeys: r.list("CREDENTIAL_RETIRED_KEYS"),
		AuditKey:              r.base64Key("AUDIT_KEY", 32),

		JWTTTL:        r.duration("JWT_TTL", 24*time.Hour),
		JWTIssuer:     r.str("JWT_ISSUER", "bridgework"),
		JWTAudience:   r.str("JWT_AUDIENCE", "bridgework-web"),
		AdminEmail:    strings.ToLower(r.str("ADMIN_EMAIL", "admin@bridgework.local")),
		AdminPassword: r.str("ADMIN_PASSWORD", ""),

		TrustedProxies:          r.list("TRUSTED_PROXIES"),
		AllowedOrigins:          r.list("WS_ALLOWED_ORIGINS"),
		RequestReadTimeout:      r.duration("REQUEST_READ_TIMEOUT", 30*time.Second),
		AuditCheckpointInterval: r.duration("AUDIT_CHECKPOINT_INTERVAL", time.Hour),

		LoginFailuresPerAccount: r.int("LOGIN_MAX_FAILURES_PER_ACCOUNT", 5),
		LoginFailuresPerIP:      r.int("LOGIN_MAX_FAILURES_PER_IP", 100),
		LoginFailuresPerDevice:  r.int("LOGIN_MAX_FAILURES_PER_DEVICE", 10),
		LoginFailureWindow:      r.duration("LOGIN_FAILURE_WINDOW", 15*time.Minute),
		ResetRequestsPerIP:      r.int("RESET_MAX_REQUESTS_PER_IP", 5),
		ResetMailsPerAccount:    r.int("RESET_MAX_MAILS_PER_ACCOUNT", 3),
		ResetRequestWindow:      r.duration("RESET_REQUEST_WINDOW", time.Hour),
		RegistrationsPerIP:      r.int("REGISTER_MAX_PER_IP", 20),
		HelpRequestsPerIP:       r.int("HELP_MAX_PER_IP", 10),
		TasksPerStartup:         r.int("TASKS_MAX_PER_STARTUP", 30),
		ChatMessagesPerMinute:   r.int("CHAT_MAX_MESSAGES_PER_MINUTE", 60),
		APIRequestsPerUser:      r.int("API_MAX_REQUESTS_PER_USER", 600),
		VerifyMailsPerAccount:   r.int("VERIFY_MAX_MAILS_PER_ACCOUNT", 5),
		VerifyMailWindow:        r.duration("VERIFY_MAIL_WINDOW", time.Hour),
		CredentialVerifiesPerIP: r.int("CREDENTIAL_VERIFY_MAX_PER_IP", 30),
		CredentialVerifyMaxMB:   r.int("CREDENTIAL_VERIFY_MAX_MB", 5),
		UploadsPerUser:          r.int("UPLOADS_MAX_PER_USER", 20),
		UploadWindow:            r.duration("UPLOAD_WINDOW", 10*time.Minute),
		UploadQuotaMB:           r.int("UPLOAD_QUOTA_MB", 50),
		UploadOrphanAge:         r.duration("UPLOAD_ORPHAN_AGE", 24*time.Hour),
		UploadMaxImagePixels:    r.int("UPLOAD_MAX_IMAGE_PIXELS", 4096*4096),
		WSMaxPerUser:            r.int("WS_MAX_PER_USER", 10),
		WSMaxPerIP:              r.int("WS_MAX_PER_IP", 500),
		WSHandshakesPerIP:       r.int("WS_MAX_HANDSHAKES_PER_IP", 120),

		DefaultCurrency: r.currency("DEFAULT_CURRENCY", "USD"),
		CurrencyRates:   r.rates("CURRENCY_BASE", "CURRENCY_RATES"),

		Payments:               r.oneOf("PAYMENTS", "offline", PaymentsOffline, PaymentsStripe),
		StripeSecretKey:        r.str("STRIPE_SECRET_KEY", ""),
		StripeWebhookSecret:    r.str("STRIPE_WEBHOOK_SECRET", ""),
		StripeAPIBase:          strings.TrimRight(r.str("STRIPE_API_BASE", "https://api.stripe.com"), "/"),
		PlatformFeeBasisPoints: r.percent("PLATFORM_FEE_PERCENT"),
		ReviewWindow:           r.duration("REVIEW_WINDOW", 14*24*time.Hour),
		ReviewWarning:          r.duration("REVIEW_WARNING", 3*24*time.Hour),
		MoneyMaxAttempts:       r.int("MONEY_MAX_ATTEMPTS", 20),
		MoneyFirstRetry:        r.duration("MONEY_FIRST_RETRY", 30*time.Second),
		MoneyCallTimeout:       r.duration("MONEY_CALL_TIMEOUT", 30*time.Second),

		SMTPAddr:           r.str("SMTP_ADDR", ""),
		SMTPFrom:           r.str("SMTP_FROM", "Bridgework <no-reply@bridgework.app>"),
		SMTPUser:           r.str("SMTP_USER", ""),
		SMTPPassword:       r.str("SMTP_PASSWORD", ""),
		MailMaxAttempts:    r.int("MAIL_MAX_ATTEMPTS", 8),
		MailFirstRetry:     r.duration("MAIL_FIRST_RETRY", 30*time.Second),
		MailSendTimeout:    r.duration("MAIL_SEND_TIMEOUT", 30*time.Second),
		VerifyLinkTTL:      r.duration("VERIFY_LINK_TTL", 24*time.Hour),
		DigestOfflineAfter: r.duration("DIGEST_OFFLINE_AFTER", 15*time.Minute),
		DigestMinInterval:  r.duration("DIGEST_MIN_INTERVAL", time.Hour),

		WSPingInterval:          r.duration("WS_PING_INTERVAL", 25*time.Second),
		ChatCommitInterval:      r.durationOrZero("CHAT_COMMIT_INTERVAL", 10*time.Millisecond),
		GCHeapMinMB:             r.int("GC_HEAP_MIN_MB", 64),
		FDReserve:               r.int("FD_RESERVE", 256),
		UserCacheTTL:            r.durationOrZero("USER_CACHE_TTL", 2*time.Second),
		PresenceHeartbeat:       r.duration("PRESENCE_HEARTBEAT", 4*time.Second),
		DigestCheckEvery:        r.duration("DIGEST_CHECK_EVERY", time.Minute),
		MatchingRefreshInterval: r.duration("MATCHING_REFRESH_INTERVAL", 5*time.Minute),
	}
	if c.PublicURL == "" {
		// Certificates' QR codes and mailed links must reach the server that made them.
		c.PublicURL = "http://localhost:" + strconv.Itoa(c.Port)
	}
	if len(c.AllowedOrigins) == 0 {
		// The SPA is served by the same host, so its own origin is the natural default.
		c.AllowedOrigins = []string{originHost(c.PublicURL)}
	}
	if 2*c.PresenceHeartbeat > c.PresenceTTL {
		// With fewer than two heartbeats per TTL, one late heartbeat takes live users offline.
		r.errs = append(r.errs, fmt.Sprintf("PRESENCE_HEARTBEAT (%s) must be at most half of PRESENCE_TTL (%s)", c.PresenceHeartbeat, c.PresenceTTL))
	}
	if c.Payments == PaymentsStripe && (c.StripeSecretKey == "" || c.StripeWebhookSecret == "") {
		r.errs = append(r.errs, "PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET")
	}
	if c.ReviewWarning >= c.ReviewWindow {
		r.errs = append(r.errs, fmt.Sprintf("REVIEW_WARNING (%s) must be shorter than REVIEW_WINDOW (%s)", c.ReviewWarning, c.ReviewWindow))
	}
	if c.JWTSecret != "" && len(c.JWTSecret) < 32 {
		r.errs = append(r.errs, "JWT_SECRET must be at least 32 characters")
	}
	return c
}

// PublicURLMismatch says why PUBLIC_URL cannot reach this server, when no proxy is configured
// (TRUSTED_PROXIES) that could forward it there: its port is not PORT, or the server listens on
// one address (HOST) that its host does not name. Empty when it can. The links of mails and
// certificates are built from PUBLIC_URL alone.
func (c Config) PublicURLMismatch() string {
	if len(c.TrustedProxies) > 0 {
		return ""
	}
	u, err := url.Parse(c.PublicURL)
	if err != nil || u.Hostname() == "" {
		return "PUBLIC_URL is not an absolute URL"
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	if port != strconv.Itoa(c.Port) {
		return fmt.Sprintf("PUBLIC_URL's port is %s but the server listens on %d", port, c.Port)
	}
	if !listensOn(c.Host, u.Hostname()) {
		return fmt.Sprintf("PUBLIC_URL's host is %s but the server listens on %s only", u.Hostname(), c.Host)
	}
	return ""
}

// listensOn reports whether a server listening on host (empty: every interface) is reached by
// the name name; localhost and every loopback address are one.
func listensOn(host, name string) bool {
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() || strings.EqualFold(host, name) {
		return true
	}
	return isLoopback(host) && isLoopback(name)
}

func isLoopback(host string) bool {
	ip := net.ParseIP(host)
	return strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback()
}

// originHost returns host[:port] of a URL, the form websocket origin patterns take.
func originHost(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "localhost:8080"
	}
	return u.Host
}

type reader struct {
	get  func(string) string
	errs []string
}

func (r *reader) str(key, def string) string {
	if v := strings.TrimSpace(r.get(key)); v != "" {
		return v
	}
	return def
}

// The payment providers PAYMENTS names.
const (
	PaymentsOffline = "offline"
	PaymentsStripe  = "stripe"
)

// oneOf reads a value that must be one of allowed.
func (r *reader) oneOf(key, def string, allowed ...string) string {
	v := strings.ToLower(r.str(key, def))
	if !slices.Contains(allowed, v) {
		r.errs = append(r.errs, fmt.Sprintf("%s=%q must be one of %s", key, v, strings.Join(allowed, ", ")))
		return def
	}
	return v
}

// percent reads a percentage from 0 to under 100 with at most two decimals, in basis points
// (hundredths of a percent), so that money computed from it stays in integers.
func (r *reader) percent(key string) int {
	v := r.str(key, "0")
	f, err := strconv.ParseFloat(v, 64)
	bp := math.Round(f * 100)
	if err != nil || f < 0 || f >= 100 || math.Abs(f*100-bp) > 1e-6 {
		r.errs = append(r.errs, fmt.Sprintf("%s=%q is not a percentage from 0 to under 100 with at most two decimals", key, v))
		return 0
	}
	return int(bp)
}

// currency reads an ISO 4217 code, upper-cased, that the standard has (money.ValidCurrency).
func (r *reader) currency(key, def string) string {
	v := strings.ToUpper(r.str(key, def))
	if !money.ValidCurrency(v) {
		r.errs = append(r.errs, fmt.Sprintf("%s=%q is not a three-letter ISO 4217 currency code", key, v))
		return def
	}
	return v
}

// base64Key reads a secret given in standard base64, of at least min bytes; unset is nil.
func (r *reader) base64Key(key string, min int) []byte {
	v := r.str(key, "")
	if v == "" {
		return nil
	}
	b, err := base64.StdEncoding.DecodeString(v)
	if err != nil || len(b) < min {
		r.errs = append(r.errs, fmt.Sprintf("%s must be standard base64 of at least %d bytes (openssl rand -base64 %d)", key, min, min))
		return nil
	}
	return b
}

func (r *reader) int(key string, def int) int {
	v := r.str(key, "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		r.errs = append(r.errs, fmt.Sprintf("%s=%q is not a non-negative whole number", key, v))
		return def
	}
	return n
}

func (r *reader) bool(key string, def bool) bool {
	v := r.str(key, "")
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		r.errs = append(r.errs, fmt.Sprintf("%s=%q is not true or false", key, v))
		return def
	}
	return b
}

func (r *reader) duration(key string, def time.Duration) time.Duration {
	v := r.str(key, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		r.errs = append(r.errs, fmt.Sprintf("%s=%q is not a positive duration such as 15m", key, v))
		return def
	}
	return d
}

// durationOrZero is duration for a setting where 0 turns something off.
func (r *reader) durationOrZero(key string, def time.Duration) time.Duration {
	if v := strings.TrimSpace(r.str(key, "")); v == "0" {
		return 0
	}
	return r.duration(key, def)
}

func (r *reader) list(key string) []string {
	var out []string
	for _, part := range strings.Split(r.get(key), ",") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}
