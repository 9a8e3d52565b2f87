package httpapi_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// redisProxy stands between the app and the real Redis and can stop answering (a Redis that
// hangs, the worst case: nothing refuses, everything waits) or forward again.
type redisProxy struct {
	listener net.Listener
	hanging  atomic.Bool
	received atomic.Int64 // writes the app sent while Redis hung
	mu       sync.Mutex
	conns    []net.Conn
}

func newRedisProxy(t *testing.T) *redisProxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &redisProxy{listener: l}
	upstream := strings.TrimPrefix(testenv.RedisURL(), "redis://")
	upstream, _, _ = strings.Cut(upstream, "/")
	go func() {
		for {
			down, err := l.Accept()
			if err != nil {
				return
			}
			p.track(down)
			if p.hanging.Load() {
				go p.swallow(down)
				continue
			}
			up, err := net.Dial("tcp", upstream)
			if err != nil {
				down.Close()
				continue
			}
			p.track(up)
			go func() { _, _ = io.Copy(up, down); up.Close() }()
			go func() { _, _ = io.Copy(down, up); down.Close() }()
		}
	}()
	t.Cleanup(func() { l.Close(); p.dropAll() })
	return p
}

func (p *redisProxy) track(c net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.conns = append(p.conns, c)
}

// swallow reads what the app sends and never answers.
func (p *redisProxy) swallow(c net.Conn) {
	buf := make([]byte, 4096)
	for {
		if _, err := c.Read(buf); err != nil {
			return
		}
		p.received.Add(1)
	}
}

func (p *redisProxy) dropAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// hang makes Redis stop answering: open connections drop, new ones are accepted and ignored.
func (p *redisProxy) hang() { p.hanging.Store(true); p.dropAll() }

func (p *redisProxy) recover() { p.hanging.Store(false); p.dropAll() }

// metric reads one sample of /metrics.
func (e *env) metric(name string) string {
	e.t.Helper()
	res := e.do("GET", "/metrics", testMetricsToken, nil)
	for _, line := range strings.Split(string(res.Raw), "\n") {
		if value, ok := strings.CutPrefix(line, name+" "); ok {
			return value
		}
	}
	return ""
}

// TestRedisOutage_failsFastAndRecovers: with Redis hanging, a few calls meet its timeout, then
// the circuit opens and sign-ins and chat sends stop asking it (DESIGN.md §6); limits hold in
// memory; when Redis answers again the circuit closes by itself and counters are shared again.
func TestRedisOutage_failsFastAndRecovers(t *testing.T) {
	proxy := newRedisProxy(t)
	rdb := redis.NewClient(&redis.Options{Addr: proxy.listener.Addr().String(), MaxRetries: -1,
		DialTimeout: 300 * time.Millisecond, ReadTimeout: 300 * time.Millisecond, WriteTimeout: 300 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	prefix := "t" + testenv.RandomHex(6) + ":"
	cfg := baseConfig(t, func(c *config.Config) { c.RedisPrefix = prefix; c.ChatMessagesPerMinute = 5 })
	e := newEnvOn(t, cfg, testenv.OpenDB(t, testenv.Postgres), rdb)
	ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")

	proxy.hang()
	const requests = 10
	for i := range requests {
		if res := e.do("POST", "/api/login", "", map[string]any{"email": ada.Email, "password": "secret123"}); res.Status != http.StatusOK {
			t.Fatalf("sign-in %d with Redis hanging: %d %s", i+1, res.Status, res.Raw)
		}
	}
	for i := range 5 {
		if res := e.do("POST", "/api/chat/send", ada.Token, map[string]any{"receiver": acme.ID, "content": "hello"}); res.Status != http.StatusCreated {
			t.Fatalf("send %d with Redis hanging: %d %s", i+1, res.Status, res.Raw)
		}
	}
	if res := e.do("POST", "/api/chat/send", ada.Token, map[string]any{"receiver": acme.ID, "content": "one too many"}); res.Status != http.StatusTooManyRequests {
		t.Errorf("a send past the limit while Redis hangs: %d, want 429 (counted in memory)", res.Status)
	}
	// Each sign-in and send asks Redis several things; with the circuit open almost none of them
	// reached it. (The subscriber's background reconnects are the rest.)
	if got := proxy.received.Load(); got > 12 {
		t.Errorf("Redis was asked %d times during the outage: the circuit did not open", got)
	}
	if open := e.metric("bridgework_redis_circuit_open"); open != "1" {
		t.Errorf("bridgework_redis_circuit_open = %q during the outage, want 1", open)
	}

	proxy.recover()
	deadline := time.Now().Add(10 * time.Second)
	for e.metric("bridgework_redis_circuit_open") != "0" && time.Now().Before(deadline) {
		e.do("GET", "/readyz", "", nil) // any call after the cooldown is the probe
		time.Sleep(100 * time.Millisecond)
	}
	if open := e.metric("bridgework_redis_circuit_open"); open != "0" {
		t.Fatalf("the circuit did not close after Redis came back (%q)", open)
	}
	// Counters are in Redis again, where every instance sees them.
	e.do("POST", "/api/login", "", map[string]any{"email": ada.Email, "password": "wrong-password"})
	real, _ := testenv.Redis(t)
	if n, err := real.Get(context.Background(), prefix+"rl:login:acct:"+ada.Email).Int(); err != nil || n != 1 {
		t.Errorf("the failed sign-in after recovery: Redis holds %d (%v), want 1", n, err)
	}
}
