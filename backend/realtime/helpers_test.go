package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// testAuthenticate accepts tokens of the form "token-<userID>", in session "session-<userID>".
func testAuthenticate(_ context.Context, token string) (string, string, error) {
	userID, ok := strings.CutPrefix(token, "token-")
	if !ok || userID == "" {
		return "", "", errors.New("invalid token")
	}
	return userID, "session-" + userID, nil
}

type testServer struct {
	hub *Hub
	srv *httptest.Server
	url string // ws://…
}

// startHub runs a hub behind a real HTTP server; the cleanup shuts both down.
func startHub(tb testing.TB, broker Broker, opts Options) *testServer {
	tb.Helper()
	if opts.Authenticate == nil {
		opts.Authenticate = testAuthenticate
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(tb.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	}
	hub, err := NewHub(broker, opts)
	if err != nil {
		tb.Fatal(err)
	}
	srv := httptest.NewServer(hub)
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := hub.Shutdown(ctx); err != nil {
			tb.Errorf("hub shutdown: %v", err)
		}
		srv.Close()
	})
	return &testServer{hub: hub, srv: srv, url: "ws" + strings.TrimPrefix(srv.URL, "http")}
}

// connectUser dials, authenticates as userID and waits for "ready". It returns
// errors rather than failing, so that it can run on any goroutine.
func connectUser(ctx context.Context, url, userID string) (*websocket.Conn, error) {
	return connectWith(ctx, url, userID, nil)
}

// connectWith is connectUser with dial options (another transport).
func connectWith(ctx context.Context, url, userID string, opts *websocket.DialOptions) (*websocket.Conn, error) {
	conn, _, err := websocket.Dial(ctx, url, opts)
	if err != nil {
		return nil, fmt.Errorf("dial as %s: %w", userID, err)
	}
	conn.SetReadLimit(1 << 20)
	if err := writeFrame(ctx, conn, ClientAuth, authData{Token: "token-" + userID}); err != nil {
		conn.CloseNow()
		return nil, err
	}
	ev, err := readEvent(ctx, conn)
	if err != nil {
		conn.CloseNow()
		return nil, fmt.Errorf("waiting for ready as %s: %w", userID, err)
	}
	var ready struct{ UserID string }
	if ev.Type != TypeReady || json.Unmarshal(ev.Data, &ready) != nil || ready.UserID != userID {
		conn.CloseNow()
		return nil, fmt.Errorf("first frame for %s = %s %s, want ready", userID, ev.Type, ev.Data)
	}
	return conn, nil
}

func mustConnect(tb testing.TB, url, userID string) *websocket.Conn {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := connectUser(ctx, url, userID)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { conn.CloseNow() })
	return conn
}

func writeFrame(ctx context.Context, conn *websocket.Conn, typ string, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return err
	}
	frame, err := json.Marshal(Event{Type: typ, Data: raw})
	if err != nil {
		return err
	}
	return conn.Write(ctx, websocket.MessageText, frame)
}

func readEvent(ctx context.Context, conn *websocket.Conn) (Event, error) {
	_, data, err := conn.Read(ctx)
	if err != nil {
		return Event{}, err
	}
	var ev Event
	if err := json.Unmarshal(data, &ev); err != nil {
		return Event{}, fmt.Errorf("undecodable frame %q: %w", data, err)
	}
	return ev, nil
}

func mustRead(tb testing.TB, conn *websocket.Conn, timeout time.Duration) Event {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	ev, err := readEvent(ctx, conn)
	if err != nil {
		tb.Fatalf("read: %v", err)
	}
	return ev
}

// closeStatusWithin reads until the socket closes and returns the close code.
func closeStatusWithin(tb testing.TB, conn *websocket.Conn, timeout time.Duration) websocket.StatusCode {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	for {
		_, _, err := conn.Read(ctx)
		if err == nil {
			continue
		}
		if ctx.Err() != nil {
			tb.Fatalf("socket still open after %v", timeout)
		}
		return websocket.CloseStatus(err)
	}
}

func mustEventT(tb testing.TB, typ string, data any) Event {
	tb.Helper()
	ev, err := NewEvent(typ, data)
	if err != nil {
		tb.Fatal(err)
	}
	return ev
}

func eventually(tb testing.TB, timeout time.Duration, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("after %v: %s", timeout, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// hookLog records OnConnect/OnDisconnect calls.
type hookLog struct {
	mu                    sync.Mutex
	connects, disconnects map[string]int
}

func newHookLog() *hookLog {
	return &hookLog{connects: map[string]int{}, disconnects: map[string]int{}}
}

func (l *hookLog) install(opts *Options) {
	opts.OnConnect = func(u string) { l.mu.Lock(); l.connects[u]++; l.mu.Unlock() }
	opts.OnDisconnect = func(u string) { l.mu.Lock(); l.disconnects[u]++; l.mu.Unlock() }
}

func (l *hookLog) counts(userID string) (connects, disconnects int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.connects[userID], l.disconnects[userID]
}

// mustRedis connects to the test Redis (REDIS_URL, default 127.0.0.1:6379).
// A missing Redis fails the test: it must never pass by skipping.
func mustRedis(tb testing.TB) *redis.Client {
	tb.Helper()
	opt := &redis.Options{Addr: "127.0.0.1:6379"}
	if u := os.Getenv("REDIS_URL"); u != "" {
		var err error
		if opt, err = redis.ParseURL(u); err != nil {
			tb.Fatalf("REDIS_URL: %v", err)
		}
	}
	// A unique name lets a test find (and kill) only its own connections.
	opt.ClientName = "realtime-test-" + uuid.NewString()[:8]
	rdb := redis.NewClient(opt)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		tb.Fatalf("Redis is required for this test (start redis-server or set REDIS_URL): %v", err)
	}
	tb.Cleanup(func() { rdb.Close() })
	return rdb
}

// newRedisBroker returns a broker on a random channel prefix, closed at cleanup.
func newRedisBroker(tb testing.TB, rdb *redis.Client, prefix string, onReconnect func()) *RedisBroker {
	tb.Helper()
	b := NewRedisBroker(rdb, RedisOptions{
		Prefix:      prefix,
		OnReconnect: onReconnect,
		HealthCheck: 500 * time.Millisecond,
		Logger:      slog.New(slog.NewTextHandler(tb.Output(), &slog.HandlerOptions{Level: slog.LevelError})),
	})
	tb.Cleanup(func() {
		if err := b.Close(); err != nil {
			tb.Errorf("close redis broker: %v", err)
		}
	})
	return b
}

func randomPrefix() string { return "test:realtime:" + uuid.NewString() + ":" }

var _ http.Handler = (*Hub)(nil)
