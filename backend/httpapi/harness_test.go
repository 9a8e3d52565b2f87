package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/app"
	"bridgework/backend/config"
	"bridgework/backend/mail"
	"bridgework/backend/testenv"
)

// testMetricsToken is the bearer token of the tests' /metrics.
const testMetricsToken = "test-metrics-token-0123"

// testCredentialKey is the scaled deployment's CREDENTIAL_SIGNING_KEY in the tests.
const testCredentialKey = "Y3JlZGVudGlhbC1zaWduaW5nLWtleS1mb3ItdGVzdHM="

// testHash keeps argon2id but at a cost that lets the suite register hundreds of users quickly.
var testHash = accounts.HashParams{MemoryKiB: 64, Iterations: 1, Threads: 1}

// env is one running product on a fresh database: the embedded profile is SQLite with the
// in-process limiter, the scaled profile PostgreSQL with Redis.
type env struct {
	t      testing.TB
	app    *app.App
	server *httptest.Server
	mails  *mailbox
	cfg    config.Config

	stopOnce sync.Once
}

// onBothDeployments runs fn on both deployments: the embedded one (SQLite, limits in memory) and
// the scaled one (PostgreSQL and Redis).
func onBothDeployments(t *testing.T, fn func(t *testing.T, e *env)) {
	t.Helper()
	onBothDeploymentsWith(t, nil, fn)
}

// onBothDeploymentsWith is onBothDeployments with the configuration adjusted by configure.
func onBothDeploymentsWith(t *testing.T, configure func(*config.Config), fn func(t *testing.T, e *env)) {
	t.Helper()
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) { fn(t, newEnvWith(t, kind, configure)) })
	}
}

func newEnv(t testing.TB, kind testenv.Kind) *env {
	t.Helper()
	return newEnvWith(t, kind, nil)
}

func newEnvWith(t testing.TB, kind testenv.Kind, configure func(*config.Config)) *env {
	t.Helper()
	return newEnvPrepared(t, kind, configure, nil)
}

// newEnvPrepared is newEnvWith calling prepare (when not nil) on the database before the app
// starts: gorm's callbacks cannot be changed safely once the app's workers query.
func newEnvPrepared(t testing.TB, kind testenv.Kind, configure func(*config.Config), prepare func(*gorm.DB)) *env {
	t.Helper()
	cfg := baseConfig(t, configure)
	var rdb *redis.Client
	if kind == testenv.Postgres {
		rdb, cfg.RedisPrefix = testenv.Redis(t)
	}
	db := testenv.OpenDB(t, kind)
	if prepare != nil {
		prepare(db)
	}
	return newEnvOn(t, cfg, db, rdb)
}

// baseConfig is the tests' configuration, adjusted by configure (nil: as is).
func baseConfig(t testing.TB, configure func(*config.Config)) config.Config {
	t.Helper()
	cfg, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir = t.TempDir()
	cfg.StaticDir = t.TempDir()
	cfg.AdminEmail, cfg.AdminPassword = "admin@bridgework.local", "bootstrap-secret-1"
	cfg.JWTSecret = "test-secret-test-secret-test-secret-0123"
	cfg.MetricsToken = testMetricsToken
	// Scenarios register many users and send many requests from one address in seconds; the
	// abuse limits are off unless a test turns one on (each limit has its own tests).
	cfg.RegistrationsPerIP, cfg.HelpRequestsPerIP, cfg.TasksPerStartup = 0, 0, 0
	cfg.APIRequestsPerUser, cfg.UploadsPerUser, cfg.WSHandshakesPerIP = 0, 0, 0
	cfg.CredentialVerifiesPerIP = 0
	if configure != nil {
		configure(&cfg)
	}
	return cfg
}

// newEnvOn runs the product on db and rdb (nil: the in-process broker and limiter).
func newEnvOn(t testing.TB, cfg config.Config, db *gorm.DB, rdb *redis.Client) *env {
	t.Helper()
	return newEnvLogging(t, cfg, db, rdb, io.Discard)
}

// newEnvLogging is newEnvOn writing the server's log to w.
func newEnvLogging(t testing.TB, cfg config.Config, db *gorm.DB, rdb *redis.Client, w io.Writer) *env {
	t.Helper()
	return newEnvStripe(t, cfg, db, rdb, w, nil)
}

// newEnvStripe is newEnvLogging calling Stripe through stripe (nil: stripe-go's own client).
func newEnvStripe(t testing.TB, cfg config.Config, db *gorm.DB, rdb *redis.Client, w io.Writer, stripe *http.Client) *env {
	t.Helper()
	if rdb != nil && cfg.CredentialSigningKey == "" {
		// Instances behind Redis share one signing key; the embedded default generates its own.
		cfg.CredentialSigningKey = testCredentialKey
	}
	logger := slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
	mails := &mailbox{}
	opts := app.Options{Logger: logger, Mailer: mails, Hash: testHash, StripeHTTPClient: stripe}
	if cfg.SMTPAddr != "" {
		opts.Mailer = nil // a test with a mail server of its own
	}
	a, err := app.Build(cfg, db, rdb, opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Accounts.BootstrapAdmin(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler)
	e := &env{t: t, app: a, server: srv, mails: mails, cfg: cfg}
	t.Cleanup(e.stop)
	t.Cleanup(e.checkLedger) // cleanups run last first: the books are checked before the stop
	return e
}

// checkLedger fails the test when it leaves the books unbalanced: a transaction or a currency
// that does not sum to zero, or a task's escrow that is not what was funded less what was paid
// out and refunded (payments.CheckLedger). Every HTTP test ends with it. A database the test
// itself took away cannot be checked, and is only logged.
func (e *env) checkLedger() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	report, err := e.app.Payments.CheckLedger(ctx)
	if err != nil {
		e.t.Logf("the ledger could not be checked: %v", err)
		return
	}
	if !report.Balanced {
		e.t.Errorf("the test left the ledger unbalanced: %v", report.Problems)
	}
}

// stop shuts the server down, as a SIGTERM would; the test's cleanup calls it too.
func (e *env) stop() {
	e.stopOnce.Do(func() {
		e.server.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = e.app.Shutdown(ctx)
	})
}

// mailbox is a Mailer that keeps what it was asked to send: the outside world is the only thing
// the tests replace (the SMTP tests run a real mail server instead).
type mailbox struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (m *mailbox) Send(_ context.Context, msg mail.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, msg)
	return nil
}

// messages returns what was sent so far.
func (m *mailbox) messages() []mail.Message {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]mail.Message(nil), m.sent...)
}

// waitMails returns the mails sent once there are n, after the outbox worker has sent everything
// due: mail leaves after the request, not in it.
func (e *env) waitMails(n int) []mail.Message {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		e.app.Mail.DeliverDue(context.Background())
		if sent := e.mails.messages(); len(sent) >= n || time.Now().After(deadline) {
			return sent
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// response is an answer with its decoded JSON body.
type response struct {
	Status int
	Header http.Header
	Raw    []byte
	Body   map[string]any
}

// field returns a top-level string field of the body.
func (r response) field(name string) string { s, _ := r.Body[name].(string); return s }

// fieldError returns the message for one input field of an error body.
func (r response) fieldError(name string) string {
	fields, _ := r.Body["fields"].(map[string]any)
	s, _ := fields[name].(string)
	return s
}

// do sends a request; body may be nil, a string (sent raw) or a value sent as JSON.
func (e *env) do(method, path, token string, body any) response {
	e.t.Helper()
	return e.doFrom("", method, path, token, body)
}

// doFrom is do from the client address ip, forwarded by the test's trusted proxy (127.0.0.1 must
// be in cfg.TrustedProxies); "" sends no forwarded address.
func (e *env) doFrom(ip, method, path, token string, body any) response {
	e.t.Helper()
	return e.doWith(ip, nil, method, path, token, body)
}

// doWith is doFrom sending cookies too.
func (e *env) doWith(ip string, cookies []*http.Cookie, method, path, token string, body any) response {
	e.t.Helper()
	var reader io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		reader = strings.NewReader(b)
	case []byte:
		reader = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, e.server.URL+path, reader)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if ip != "" {
		req.Header.Set("X-Forwarded-For", ip)
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := e.server.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := response{Status: res.StatusCode, Header: res.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.Body)
	e.checkContract(req, out)
	return out
}

// statusOf sends a JSON request and returns only the answer's status, 0 when it could not be
// sent: unlike do it never stops the test, so goroutines racing each other may call it.
func (e *env) statusOf(method, path, token string, body []byte) int {
	req, _ := http.NewRequest(method, e.server.URL+path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := e.server.Client().Do(req)
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

// user is a registered account and its token.
type user struct {
	ID, Email, Token string
}

// registerStudent registers a student with a unique email.
func (e *env) registerStudent(first string) user {
	e.t.Helper()
	return e.register(map[string]any{"userType": "student", "firstName": first, "lastName": "Tester"})
}

// registerStartup registers a startup with a unique email.
func (e *env) registerStartup(company string) user {
	e.t.Helper()
	return e.register(map[string]any{"userType": "startup", "companyName": company})
}

func (e *env) register(fields map[string]any) user {
	e.t.Helper()
	email := "u" + testenv.RandomHex(6) + "@example.com"
	fields["email"], fields["password"], fields["confirmPassword"] = email, "secret123", "secret123"
	res := e.do("POST", "/api/register", "", fields)
	if res.Status != http.StatusCreated {
		e.t.Fatalf("register: %d %s", res.Status, res.Raw)
	}
	u, _ := res.Body["user"].(map[string]any)
	return user{ID: u["_id"].(string), Email: email, Token: res.field("token")}
}

// admin signs the bootstrapped admin in.
func (e *env) admin() user {
	e.t.Helper()
	res := e.do("POST", "/api/login", "", map[string]any{"email": e.cfg.AdminEmail, "password": e.cfg.AdminPassword})
	if res.Status != http.StatusOK {
		e.t.Fatalf("admin login: %d %s", res.Status, res.Raw)
	}
	u, _ := res.Body["user"].(map[string]any)
	return user{ID: u["_id"].(string), Email: e.cfg.AdminEmail, Token: res.field("token")}
}
