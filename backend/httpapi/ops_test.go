package httpapi_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

func TestHealthAndReadiness(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		if res := e.do("GET", "/healthz", "", nil); res.Status != http.StatusOK {
			t.Errorf("/healthz = %d", res.Status)
		}
		if res := e.do("GET", "/readyz", "", nil); res.Status != http.StatusOK || res.field("status") != "ready" {
			t.Errorf("/readyz = %d %s", res.Status, res.Raw)
		}
		sqlDB, _ := e.app.DB.DB()
		sqlDB.Close()
		if res := e.do("GET", "/readyz", "", nil); res.Status != http.StatusServiceUnavailable {
			t.Errorf("/readyz with the database closed = %d, want 503", res.Status)
		}
		if res := e.do("GET", "/healthz", "", nil); res.Status != http.StatusOK {
			t.Errorf("/healthz must not depend on the database: %d", res.Status)
		}
	})
}

func TestMetrics_countRequestsByRoute(t *testing.T) {
	e := newEnv(t, testenv.SQLite)
	s := e.registerStudent("Metric")
	e.do("GET", "/api/users/"+s.ID, s.Token, nil)
	res := e.do("GET", "/metrics", testMetricsToken, nil)
	body := string(res.Raw)
	for _, want := range []string{
		`bridgework_http_requests_total{method="POST",route="/api/register",status="201"} 1`,
		`bridgework_http_requests_total{method="GET",route="/api/users/:id",status="200"} 1`,
		"bridgework_http_request_duration_seconds_bucket",
		"go_goroutines",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

func TestMetrics_onlyWithTheToken(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		for name, tc := range map[string]struct {
			token  string
			status int
		}{
			"no token":       {"", http.StatusUnauthorized},
			"wrong token":    {"not-the-token", http.StatusUnauthorized},
			"a user's token": {e.registerStudent("Peek").Token, http.StatusUnauthorized},
			"the token":      {testMetricsToken, http.StatusOK},
		} {
			if res := e.do("GET", "/metrics", tc.token, nil); res.Status != tc.status {
				t.Errorf("%s: %d, want %d", name, res.Status, tc.status)
			}
		}
	})
	off := newEnvWith(t, testenv.SQLite, func(c *config.Config) { c.MetricsToken = "" })
	if res := off.do("GET", "/metrics", testMetricsToken, nil); res.Status != http.StatusNotFound {
		t.Errorf("/metrics without METRICS_TOKEN: %d, want 404", res.Status)
	}
}

func TestRequestIDAndSecurityHeaders(t *testing.T) {
	e := newEnv(t, testenv.SQLite)
	res := e.do("GET", "/healthz", "", nil)
	if len(res.Header.Get("X-Request-ID")) < 8 {
		t.Errorf("no request id: %q", res.Header.Get("X-Request-ID"))
	}
	for header, want := range map[string]string{
		"X-Content-Type-Options": "nosniff",
		"X-Frame-Options":        "DENY",
	} {
		if got := res.Header.Get(header); got != want {
			t.Errorf("%s = %q, want %q", header, got, want)
		}
	}
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "connect-src 'self';") ||
		strings.Contains(csp, "ws:") || strings.Contains(csp, "wss:") {
		t.Errorf("CSP = %q, want connect-src 'self' alone (the same-origin socket needs no more)", csp)
	}
	req, _ := http.NewRequest("GET", e.server.URL+"/healthz", nil)
	req.Header.Set("X-Request-ID", "from-the-balancer-42")
	got, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got.Body.Close()
	if got.Header.Get("X-Request-ID") != "from-the-balancer-42" {
		t.Errorf("upstream request id not kept: %q", got.Header.Get("X-Request-ID"))
	}
}

func TestSPA_servesFilesAndFallsBackToIndex(t *testing.T) {
	e := newEnv(t, testenv.SQLite)
	must(t, os.WriteFile(filepath.Join(e.cfg.StaticDir, "index.html"), []byte("<html>app shell</html>"), 0o644))
	must(t, os.MkdirAll(filepath.Join(e.cfg.StaticDir, "assets"), 0o755))
	must(t, os.WriteFile(filepath.Join(e.cfg.StaticDir, "assets", "app-1234.js"), []byte("console.log(1)"), 0o644))

	for _, path := range []string{"/", "/chat/42", "/startup/tasks/abc", "/verify/BW-XYZ"} {
		res := e.do("GET", path, "", nil)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Raw), "app shell") {
			t.Errorf("GET %s = %d %q, want the app shell", path, res.Status, res.Raw)
		}
	}
	asset := e.do("GET", "/assets/app-1234.js", "", nil)
	if asset.Status != http.StatusOK || string(asset.Raw) != "console.log(1)" || !strings.Contains(asset.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d %q cache %q", asset.Status, asset.Raw, asset.Header.Get("Cache-Control"))
	}
	if res := e.do("GET", "/../../etc/passwd", "", nil); strings.Contains(string(res.Raw), "root:") {
		t.Error("path traversal out of the static directory")
	}
	api := e.do("GET", "/api/no-such-thing", "", nil)
	if api.Status != http.StatusNotFound || api.field("code") != "not_found" {
		t.Errorf("unknown API path: %d %s, want a JSON 404", api.Status, api.Raw)
	}
}

// The build precompresses each asset (brotli and gzip, vite.config.ts): the server sends the
// best copy the browser accepts, with the asset's own type, and never a source map.
func TestSPA_servesPrecompressedAssetsAndNoSourceMaps(t *testing.T) {
	e := newEnv(t, testenv.SQLite)
	assets := filepath.Join(e.cfg.StaticDir, "assets")
	must(t, os.MkdirAll(assets, 0o755))
	for name, body := range map[string]string{"app-1.js": "plain", "app-1.js.br": "brotli", "app-1.js.gz": "gzip",
		"app-1.js.map": "{}", "only-gz.css": "css", "only-gz.css.gz": "css-gzip"} {
		must(t, os.WriteFile(filepath.Join(assets, name), []byte(body), 0o644))
	}
	get := func(path, acceptEncoding string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", e.server.URL+path, nil)
		req.Header.Set("Accept-Encoding", acceptEncoding) // set by hand: the client then decodes nothing
		res, err := http.DefaultClient.Do(req)
		must(t, err)
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, string(body)
	}
	cases := []struct{ path, accept, body, encoding, kind string }{
		{"/assets/app-1.js", "gzip, deflate, br, zstd", "brotli", "br", "text/javascript"},
		{"/assets/app-1.js", "gzip", "gzip", "gzip", "text/javascript"},
		{"/assets/app-1.js", "br;q=0, gzip", "gzip", "gzip", "text/javascript"},
		{"/assets/app-1.js", "identity", "plain", "", "text/javascript"},
		{"/assets/only-gz.css", "br, gzip", "css-gzip", "gzip", "text/css"},
	}
	for _, c := range cases {
		res, body := get(c.path, c.accept)
		if res.StatusCode != http.StatusOK || body != c.body || res.Header.Get("Content-Encoding") != c.encoding ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), c.kind) || res.Header.Get("Vary") != "Accept-Encoding" ||
			!strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("GET %s (%s) = %d %q, encoding %q, type %q, vary %q", c.path, c.accept, res.StatusCode, body,
				res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"), res.Header.Get("Vary"))
		}
	}
	if res, body := get("/assets/app-1.js.map", ""); res.StatusCode != http.StatusNotFound || body == "{}" {
		t.Errorf("source map: %d %q, want 404", res.StatusCode, body)
	}
}

// The build renders a visitor's landing page into landing.html (vite.config.ts): / alone gets it,
// precompressed when the browser takes it, with the same security headers as every page; other
// routes, and landing.html asked for by name, get the app shell.
func TestSPA_servesTheRenderedLandingPageAtRootOnly(t *testing.T) {
	e := newEnv(t, testenv.SQLite)
	for name, body := range map[string]string{"index.html": "<html>app shell</html>", "landing.html": "<html>landing page</html>",
		"landing.html.br": "landing-brotli", "landing.html.gz": "landing-gzip"} {
		must(t, os.WriteFile(filepath.Join(e.cfg.StaticDir, name), []byte(body), 0o644))
	}
	shell := e.do("GET", "/chat/42", "", nil)
	cases := []struct{ path, accept, body, encoding string }{
		{"/", "gzip, deflate, br, zstd", "landing-brotli", "br"},
		{"/", "gzip", "landing-gzip", "gzip"},
		{"/", "identity", "<html>landing page</html>", ""},
		{"/dashboard", "gzip, br", "<html>app shell</html>", ""},
		{"/tasks", "identity", "<html>app shell</html>", ""},
		{"/landing.html", "identity", "<html>app shell</html>", ""},
		{"/landing.html.br", "identity", "<html>app shell</html>", ""},
	}
	for _, c := range cases {
		req, _ := http.NewRequest("GET", e.server.URL+c.path, nil)
		req.Header.Set("Accept-Encoding", c.accept) // set by hand: the client then decodes nothing
		res, err := http.DefaultClient.Do(req)
		must(t, err)
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || string(body) != c.body || res.Header.Get("Content-Encoding") != c.encoding ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s (%s) = %d %q, encoding %q, type %q, cache %q", c.path, c.accept, res.StatusCode, body,
				res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
		}
		for _, header := range []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"} {
			if got, want := res.Header.Get(header), shell.Header.Get(header); got != want {
				t.Errorf("GET %s: %s = %q, want %q as on every page", c.path, header, got, want)
			}
		}
	}
	if csp := shell.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "script-src") {
		t.Errorf("CSP = %q: scripts must stay 'self' only (no inline script for the landing page)", csp)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
