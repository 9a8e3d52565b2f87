package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// TestRedisDown_signInAndChatStillAnswer: an instance whose Redis cannot be reached still signs
// users in and stores their messages, the rate limits counting in its memory meanwhile.
func TestRedisDown_signInAndChatStillAnswer(t *testing.T) {
	cfg, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir, cfg.StaticDir = t.TempDir(), t.TempDir()
	cfg.AdminEmail, cfg.AdminPassword = "admin@bridgework.local", "bootstrap-secret-1"
	cfg.JWTSecret = "test-secret-test-secret-test-secret-0123"
	cfg.ChatMessagesPerMinute = 3
	down := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialerRetries: 1, DialTimeout: 200 * time.Millisecond})
	t.Cleanup(func() { _ = down.Close() })
	e := newEnvOn(t, cfg, testenv.OpenDB(t, testenv.SQLite), down)

	ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")
	if res := e.do("POST", "/api/login", "", map[string]any{"email": ada.Email, "password": "secret123"}); res.Status != http.StatusOK {
		t.Fatalf("sign-in with Redis down: %d %s", res.Status, res.Raw)
	}
	for i := range 3 {
		if res := e.do("POST", "/api/chat/send", ada.Token, map[string]any{"receiver": acme.ID, "content": "hello"}); res.Status != http.StatusCreated {
			t.Fatalf("send %d with Redis down: %d %s", i+1, res.Status, res.Raw)
		}
	}
	if res := e.do("POST", "/api/chat/send", ada.Token, map[string]any{"receiver": acme.ID, "content": "one too many"}); res.Status != http.StatusTooManyRequests {
		t.Errorf("the 4th send past a limit of 3: %d %s, want 429", res.Status, res.Raw)
	}
	if n := len(list[message](t, e.do("GET", "/api/chat/"+ada.ID, acme.Token, nil))); n != 3 {
		t.Errorf("the startup's thread holds %d messages, want 3", n)
	}
	if res := e.do("GET", "/readyz", "", nil); res.Status != http.StatusServiceUnavailable {
		t.Errorf("/readyz with Redis down: %d, want 503", res.Status)
	}
}
