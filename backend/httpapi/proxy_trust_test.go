package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"testing"

	"bridgework/backend/config"
)

// registerFrom sends a registration from the local address source with the X-Forwarded-For
// forwardedFor and returns the answer's status.
func (e *env) registerFrom(source, forwardedFor string, fields map[string]any) int {
	e.t.Helper()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(source)}}
	transport := &http.Transport{DialContext: dialer.DialContext}
	defer transport.CloseIdleConnections()
	body, _ := json.Marshal(fields)
	req, _ := http.NewRequest("POST", e.server.URL+"/api/register", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", forwardedFor)
	res, err := (&http.Client{Transport: transport}).Do(req)
	if err != nil {
		e.t.Fatalf("register from %s: %v", source, err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestTrustedProxy_onlyItsOwnSourceAddress: scripts/cluster.sh's instances listen on 127.0.0.1
// and trust only the loopback address nginx connects from (127.0.0.2, its proxy_bind). What
// nginx forwards is taken, so each client address has its own limit; a process on the machine
// that connects from 127.0.0.1 with a forged X-Forwarded-For is counted as itself.
func TestTrustedProxy_onlyItsOwnSourceAddress(t *testing.T) {
	const limit = 2
	configure := func(c *config.Config) { c.TrustedProxies, c.RegistrationsPerIP = []string{"127.0.0.2"}, limit }
	onBothDeploymentsWith(t, configure, func(t *testing.T, e *env) {
		for i := range limit + 1 {
			if status := e.registerFrom("127.0.0.2", fmt.Sprintf("198.51.100.%d", i+1), registration(i)); status != http.StatusCreated {
				t.Errorf("registration %d forwarded by the proxy from its own client address: %d", i+1, status)
			}
		}
		for i := range limit + 1 {
			status := e.registerFrom("127.0.0.1", fmt.Sprintf("203.0.113.%d", i+1), registration(10+i))
			want := http.StatusCreated
			if i == limit {
				want = http.StatusTooManyRequests
			}
			if status != want {
				t.Errorf("registration %d from 127.0.0.1 with a forged address: %d, want %d", i+1, status, want)
			}
		}
	})
}
