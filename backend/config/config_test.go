package config

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestLoad_defaultsAreTheEmbeddedSetup(t *testing.T) {
	for _, k := range []string{"PORT", "DATABASE_URL", "REDIS_URL", "JWT_SECRET", "WS_ALLOWED_ORIGINS", "PUBLIC_URL"} {
		t.Setenv(k, "")
	}
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 8080 || c.DatabaseURL != "" || c.RedisURL != "" || c.DataDir != "./data" {
		t.Errorf("defaults = port %d db %q redis %q data %q", c.Port, c.DatabaseURL, c.RedisURL, c.DataDir)
	}
	if len(c.AllowedOrigins) != 1 || c.AllowedOrigins[0] != "localhost:8080" {
		t.Errorf("AllowedOrigins = %v, want [localhost:8080]", c.AllowedOrigins)
	}
	if c.LoginFailuresPerAccount != 5 || c.LoginFailureWindow != 15*time.Minute {
		t.Errorf("login limits = %d per %s", c.LoginFailuresPerAccount, c.LoginFailureWindow)
	}
}

func TestLoad_reportsEveryBadValue(t *testing.T) {
	t.Setenv("PORT", "eighty")
	t.Setenv("JWT_TTL", "soon")
	t.Setenv("JWT_SECRET", "short")
	_, err := Load()
	if err == nil {
		t.Fatal("Load() accepted bad values")
	}
	for _, want := range []string{"PORT", "JWT_TTL", "JWT_SECRET"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
}

// TestLoad_presenceTimings: the defaults bound a killed instance's users to 12 s online, and a
// heartbeat too slow for its TTL is refused rather than flapping users offline.
func TestLoad_presenceTimings(t *testing.T) {
	for _, k := range []string{"PRESENCE_TTL", "PRESENCE_HEARTBEAT", "PRESENCE_SWEEP_INTERVAL"} {
		t.Setenv(k, "")
	}
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.PresenceTTL != 10*time.Second || c.PresenceHeartbeat != 4*time.Second || c.PresenceSweepInterval != 2*time.Second {
		t.Errorf("presence = ttl %s, heartbeat %s, sweep %s", c.PresenceTTL, c.PresenceHeartbeat, c.PresenceSweepInterval)
	}
	t.Setenv("PRESENCE_HEARTBEAT", "6s")
	t.Setenv("PRESENCE_SWEEP_INTERVAL", "0s")
	_, err = Load()
	for _, want := range []string{"PRESENCE_HEARTBEAT (6s) must be at most half of PRESENCE_TTL (10s)", "PRESENCE_SWEEP_INTERVAL"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not say %q", err, want)
		}
	}
}

// TestLoad_pingInterval: sockets are pinged every 25 s unless WS_PING_INTERVAL says otherwise,
// and an interval that is not a positive duration is refused.
func TestLoad_pingInterval(t *testing.T) {
	t.Setenv("WS_PING_INTERVAL", "")
	c, err := Load()
	if err != nil || c.WSPingInterval != 25*time.Second {
		t.Fatalf("default = %s, %v; want 25s", c.WSPingInterval, err)
	}
	t.Setenv("WS_PING_INTERVAL", "10m")
	if c, err = Load(); err != nil || c.WSPingInterval != 10*time.Minute {
		t.Errorf("WS_PING_INTERVAL=10m gave %s, %v", c.WSPingInterval, err)
	}
	for _, bad := range []string{"0s", "-5s", "often"} {
		t.Setenv("WS_PING_INTERVAL", bad)
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), "WS_PING_INTERVAL") {
			t.Errorf("WS_PING_INTERVAL=%s: error %v", bad, err)
		}
	}
}

// TestLoad_auditKey: AUDIT_KEY is base64 of 32 bytes or more, unset is nil (a key derived from
// JWT_SECRET), and anything else is refused rather than sealing the trail with a weak key.
func TestLoad_auditKey(t *testing.T) {
	t.Setenv("AUDIT_KEY", "")
	t.Setenv("AUDIT_CHECKPOINT_INTERVAL", "")
	c, err := Load()
	if err != nil || c.AuditKey != nil || c.AuditCheckpointInterval != time.Hour {
		t.Fatalf("defaults = key %v, checkpoints every %s, %v; want none and 1h", c.AuditKey, c.AuditCheckpointInterval, err)
	}
	t.Setenv("AUDIT_KEY", "MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDE=")
	if c, err = Load(); err != nil || string(c.AuditKey) != "01234567890123456789012345678901" {
		t.Errorf("a 32-byte key read as %q, %v", c.AuditKey, err)
	}
	for _, bad := range []string{"c2hvcnQ=", "not base64 at all!"} {
		t.Setenv("AUDIT_KEY", bad)
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), "AUDIT_KEY must be standard base64 of at least 32 bytes") {
			t.Errorf("AUDIT_KEY=%s: error %v", bad, err)
		}
	}
}

func TestLoad_lists(t *testing.T) {
	t.Setenv("WS_ALLOWED_ORIGINS", " a.example , b.example:8443 ,")
	t.Setenv("TRUSTED_PROXIES", "127.0.0.1")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.AllowedOrigins, "|") != "a.example|b.example:8443" || len(c.TrustedProxies) != 1 {
		t.Errorf("lists = %v %v", c.AllowedOrigins, c.TrustedProxies)
	}
}

// TestEnvExample_listsEveryVariable keeps .env.example, the operator's reference, complete: every
// variable Load reads must be there.
func TestEnvExample_listsEveryVariable(t *testing.T) {
	example, err := os.ReadFile("../../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	var read []string
	r := reader{get: func(key string) string { read = append(read, key); return "" }}
	loadFrom(&r)
	if len(read) < 20 {
		t.Fatalf("only %d variables seen", len(read))
	}
	for _, key := range read {
		if !strings.Contains(string(example), "\n"+key+"=") {
			t.Errorf(".env.example does not list %s", key)
		}
	}
}

// TestEnvExample_listsOnlyWhatLoadReads: a variable in .env.example that Load does not read would
// tell the operator of a knob that changes nothing.
func TestEnvExample_listsOnlyWhatLoadReads(t *testing.T) {
	example, err := os.ReadFile("../../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]bool{}
	r := reader{get: func(key string) string { read[key] = true; return "" }}
	loadFrom(&r)
	listed := 0
	for _, line := range strings.Split(string(example), "\n") {
		key, _, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") || strings.ContainsAny(key, " \t") {
			continue
		}
		listed++
		if !read[key] {
			t.Errorf(".env.example lists %s, which Load does not read", key)
		}
	}
	if listed < 20 {
		t.Fatalf("only %d variables listed", listed)
	}
}

// TestLoad_publicURLFollowsThePort: without PUBLIC_URL, the links the server hands out point at
// the port it listens on, and so does the websocket's allowed origin.
func TestLoad_publicURLFollowsThePort(t *testing.T) {
	t.Setenv("PORT", "18090")
	t.Setenv("PUBLIC_URL", "")
	t.Setenv("WS_ALLOWED_ORIGINS", "")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.PublicURL != "http://localhost:18090" || strings.Join(c.AllowedOrigins, ",") != "localhost:18090" {
		t.Errorf("PUBLIC_URL %q, origins %v; want http://localhost:18090", c.PublicURL, c.AllowedOrigins)
	}
	t.Setenv("PUBLIC_URL", "https://bridgework.example/")
	if c, err = Load(); err != nil || c.PublicURL != "https://bridgework.example" {
		t.Errorf("PUBLIC_URL set: %q, %v", c.PublicURL, err)
	}
}

// TestPublicURLMismatch: PUBLIC_URL is checked against where the server listens, its port and,
// when HOST is one address, its host; a configured proxy may forward anything, so then nothing.
func TestPublicURLMismatch(t *testing.T) {
	for _, c := range []struct {
		publicURL, host string
		port            int
		proxies         []string
		mismatch        bool
	}{
		{"http://localhost:8080", "", 8080, nil, false},
		{"http://bridgework.example:8080", "", 8080, nil, false},
		{"http://localhost:8080", "", 18090, nil, true},
		{"https://bridgework.example", "", 8080, nil, true},
		{"https://bridgework.example", "", 443, nil, false},
		{"http://127.0.0.1:8080", "localhost", 8080, nil, false},
		{"http://localhost:8080", "127.0.0.1", 8080, nil, false},
		{"http://bridgework.example:8080", "127.0.0.1", 8080, nil, true},
		{"http://bridgework.example:8080", "0.0.0.0", 8080, nil, false},
		{"https://bridgework.example", "127.0.0.1", 8081, []string{"127.0.0.2"}, false},
		{"bridgework.example", "", 8080, nil, true},
	} {
		cfg := Config{PublicURL: c.publicURL, Host: c.host, Port: c.port, TrustedProxies: c.proxies}
		if why := cfg.PublicURLMismatch(); (why != "") != c.mismatch {
			t.Errorf("PUBLIC_URL %s, HOST %q, PORT %d, proxies %v: %q, want a mismatch %v",
				c.publicURL, c.host, c.port, c.proxies, why, c.mismatch)
		}
	}
}

// TestLoad_payments: offline by default; PLATFORM_FEE_PERCENT is read into basis points, up to
// two decimals and under 100; stripe needs its two secrets; the review warning comes before the
// window ends.
func TestLoad_payments(t *testing.T) {
	for _, k := range []string{"PAYMENTS", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE", "PLATFORM_FEE_PERCENT", "REVIEW_WINDOW", "REVIEW_WARNING"} {
		t.Setenv(k, "")
	}
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.Payments != PaymentsOffline || c.StripeAPIBase != "https://api.stripe.com" || c.PlatformFeeBasisPoints != 0 ||
		c.ReviewWindow != 14*24*time.Hour || c.ReviewWarning != 3*24*time.Hour {
		t.Errorf("defaults: %q %q fee %d, window %s warning %s", c.Payments, c.StripeAPIBase, c.PlatformFeeBasisPoints, c.ReviewWindow, c.ReviewWarning)
	}
	for value, want := range map[string]int{"2.5": 250, "10": 1000, "0.01": 1, "99.99": 9999} {
		t.Setenv("PLATFORM_FEE_PERCENT", value)
		if c, err := Load(); err != nil || c.PlatformFeeBasisPoints != want {
			t.Errorf("PLATFORM_FEE_PERCENT=%s: %d, %v; want %d", value, c.PlatformFeeBasisPoints, err, want)
		}
	}
	for _, value := range []string{"100", "-1", "2.555", "ten"} {
		t.Setenv("PLATFORM_FEE_PERCENT", value)
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), "PLATFORM_FEE_PERCENT") {
			t.Errorf("PLATFORM_FEE_PERCENT=%s accepted: %v", value, err)
		}
	}
	t.Setenv("PLATFORM_FEE_PERCENT", "")
	t.Setenv("PAYMENTS", "stripe")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET") {
		t.Errorf("stripe without its secrets: %v", err)
	}
	t.Setenv("STRIPE_SECRET_KEY", "sk_test_123")
	t.Setenv("STRIPE_WEBHOOK_SECRET", "whsec_123")
	t.Setenv("STRIPE_API_BASE", "http://127.0.0.1:12111/")
	if c, err := Load(); err != nil || c.Payments != PaymentsStripe || c.StripeAPIBase != "http://127.0.0.1:12111" {
		t.Errorf("stripe: %+v, %v", c.Payments, err)
	}
	t.Setenv("PAYMENTS", "paypal")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "PAYMENTS") {
		t.Errorf("PAYMENTS=paypal accepted: %v", err)
	}
	t.Setenv("PAYMENTS", "")
	t.Setenv("REVIEW_WINDOW", "48h")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "REVIEW_WARNING (72h0m0s) must be shorter than REVIEW_WINDOW (48h0m0s)") {
		t.Errorf("a warning after the window: %v", err)
	}
}
