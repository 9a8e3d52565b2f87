package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDeploy_TLSExampleSendsHSTS runs deploy/nginx-tls.conf.example in a real nginx (installed by
// scripts/test.sh), with a certificate made here and the app replaced by a stub upstream: every
// HTTPS answer carries Strict-Transport-Security, errors included, and plain HTTP redirects.
func TestDeploy_TLSExampleSendsHSTS(t *testing.T) {
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		nginx = "/usr/sbin/nginx"
	}
	if _, err := os.Stat(nginx); err != nil {
		t.Fatalf("nginx not found (scripts/test.sh installs it): %v", err)
	}
	example, err := os.ReadFile("../../../deploy/nginx-tls.conf.example")
	if err != nil {
		t.Fatal(err)
	}
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/missing" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, "app")
	}))
	defer upstream.Close()

	dir := t.TempDir()
	cert, key := writeSelfSigned(t, dir)
	httpsPort, httpPort := freePort(t), freePort(t)
	conf := strings.NewReplacer(
		"127.0.0.1:8080", strings.TrimPrefix(upstream.URL, "http://"),
		"/etc/letsencrypt/live/bridgework.example.com/fullchain.pem", cert,
		"/etc/letsencrypt/live/bridgework.example.com/privkey.pem", key,
		"listen 443 ssl http2;", fmt.Sprintf("listen 127.0.0.1:%d ssl http2;", httpsPort),
		"listen 80;", fmt.Sprintf("listen 127.0.0.1:%d;", httpPort),
	).Replace(string(example))
	if strings.Contains(conf, "/etc/letsencrypt") || !strings.Contains(conf, fmt.Sprint(httpsPort)) {
		t.Fatal("the example's listen or certificate lines changed: update this test's replacements")
	}
	site := filepath.Join(dir, "site.conf")
	main := filepath.Join(dir, "nginx.conf")
	os.WriteFile(site, []byte(conf), 0o600)
	os.WriteFile(main, []byte(fmt.Sprintf(`pid %[1]s/nginx.pid;
error_log %[1]s/error.log;
events {}
http {
    access_log off;
    client_body_temp_path %[1]s; proxy_temp_path %[1]s;
    fastcgi_temp_path %[1]s; uwsgi_temp_path %[1]s; scgi_temp_path %[1]s;
    include %[2]s;
}
`, dir, site)), 0o600)

	// One process (no master and workers): a worker outliving a killed master would keep the
	// output pipe open and Wait would never return.
	cmd := exec.Command(nginx, "-p", dir, "-c", main, "-g", "daemon off; master_process off;")
	out := &strings.Builder{}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()

	client := &http.Client{
		Timeout:       5 * time.Second,
		Transport:     &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}, // our own certificate
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	get := func(url string) *http.Response {
		t.Helper()
		var last error
		for range 50 { // nginx takes a moment to listen
			res, err := client.Get(url)
			if err == nil {
				res.Body.Close()
				return res
			}
			last = err
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("GET %s: %v\nnginx: %s", url, last, out)
		return nil
	}
	const want = "max-age=63072000; includeSubDomains"
	for _, path := range []string{"/", "/missing"} {
		res := get(fmt.Sprintf("https://127.0.0.1:%d%s", httpsPort, path))
		if got := res.Header.Get("Strict-Transport-Security"); got != want {
			t.Errorf("HTTPS %s (%d): Strict-Transport-Security %q, want %q", path, res.StatusCode, got, want)
		}
	}
	res := get(fmt.Sprintf("http://127.0.0.1:%d/tasks", httpPort))
	if res.StatusCode != http.StatusMovedPermanently || !strings.HasPrefix(res.Header.Get("Location"), "https://") {
		t.Errorf("plain HTTP: %d to %q, want 301 to https://", res.StatusCode, res.Header.Get("Location"))
	}
}

func writeSelfSigned(t *testing.T, dir string) (certPath, keyPath string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "bridgework.example.com"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalECPrivateKey(key)
	certPath, keyPath = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certPath, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyPath, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600)
	return certPath, keyPath
}
