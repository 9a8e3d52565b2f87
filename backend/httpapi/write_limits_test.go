package httpapi_test

import (
	"fmt"
	"net/http"
	"testing"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// Cheap writes are limited per client address or per account, and one's limit never touches
// another's (docs/security.md, "What holds each row"). Addresses come from TEST-NET-3 through the
// trusted proxy.
const (
	attackerIP  = "203.0.113.7"
	bystanderIP = "203.0.113.8"
)

func trustLoopbackProxy(c *config.Config) { c.TrustedProxies = []string{"127.0.0.1", "::1"} }

// wantThrottled fails unless res is a 429 in the usual error shape with a Retry-After.
func wantThrottled(t *testing.T, what string, res response) {
	t.Helper()
	if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" ||
		res.field("code") == "" || res.field("message") == "" {
		t.Fatalf("%s: %d %s (Retry-After %q), want 429 with Retry-After", what, res.Status, res.Raw, res.Header.Get("Retry-After"))
	}
}

func registration(n int) map[string]any {
	email := fmt.Sprintf("r%d-%s@example.com", n, testenv.RandomHex(4))
	return map[string]any{"userType": "student", "firstName": "Reg", "lastName": "Tester",
		"email": email, "password": "secret123", "confirmPassword": "secret123"}
}

func TestRegister_limitedPerAddress(t *testing.T) {
	const limit = 3
	onBothDeploymentsWith(t, func(c *config.Config) { trustLoopbackProxy(c); c.RegistrationsPerIP = limit }, func(t *testing.T, e *env) {
		for i := 1; i <= limit; i++ {
			if res := e.doFrom(attackerIP, "POST", "/api/register", "", registration(i)); res.Status != http.StatusCreated {
				t.Fatalf("registration %d: %d %s", i, res.Status, res.Raw)
			}
		}
		refused := registration(limit + 1)
		wantThrottled(t, "registration past the limit", e.doFrom(attackerIP, "POST", "/api/register", "", refused))
		// The refused account was not created: it cannot sign in.
		if res := e.do("POST", "/api/login", "", map[string]any{"email": refused["email"], "password": "secret123"}); res.Status != http.StatusUnauthorized {
			t.Errorf("sign-in of the refused registration: %d %s", res.Status, res.Raw)
		}
		if res := e.doFrom(bystanderIP, "POST", "/api/register", "", registration(99)); res.Status != http.StatusCreated {
			t.Errorf("another address: %d %s", res.Status, res.Raw)
		}
	})
}

func TestHelpRequests_limitedPerAddress(t *testing.T) {
	const limit = 2
	onBothDeploymentsWith(t, func(c *config.Config) { trustLoopbackProxy(c); c.HelpRequestsPerIP = limit }, func(t *testing.T, e *env) {
		body := map[string]any{"phone": "+1 555 010 0000", "email": "caller@example.com"}
		for i := 1; i <= limit; i++ {
			if res := e.doFrom(attackerIP, "POST", "/api/help", "", body); res.Status != http.StatusCreated {
				t.Fatalf("help request %d: %d %s", i, res.Status, res.Raw)
			}
		}
		wantThrottled(t, "help request past the limit", e.doFrom(attackerIP, "POST", "/api/help", "", body))
		if res := e.doFrom(bystanderIP, "POST", "/api/help", "", body); res.Status != http.StatusCreated {
			t.Errorf("another address: %d %s", res.Status, res.Raw)
		}
	})
}

func TestTaskPosts_limitedPerStartup(t *testing.T) {
	const limit = 2
	onBothDeploymentsWith(t, func(c *config.Config) { c.TasksPerStartup = limit }, func(t *testing.T, e *env) {
		spammer, other := e.registerStartup("Spam Co"), e.registerStartup("Fair Co")
		for i := 1; i <= limit; i++ {
			e.postTask(spammer, map[string]any{"title": fmt.Sprintf("Task %d", i)})
		}
		wantThrottled(t, "task post past the limit", e.do("POST", "/api/startup/tasks", spammer.Token, validTask(nil)))
		// Nothing was stored by the refused post.
		if res := e.do("GET", "/api/startup/tasks", spammer.Token, nil); res.totalCount() != limit {
			t.Errorf("tasks stored: X-Total-Count %d, want %d", res.totalCount(), limit)
		}
		e.postTask(other, nil)
	})
}

func TestAPI_requestsLimitedPerUser(t *testing.T) {
	const limit = 5
	onBothDeploymentsWith(t, func(c *config.Config) { c.APIRequestsPerUser = limit }, func(t *testing.T, e *env) {
		busy, calm := e.registerStudent("Busy"), e.registerStudent("Calm")
		for i := 1; i <= limit; i++ {
			if res := e.do("GET", "/api/me", busy.Token, nil); res.Status != http.StatusOK {
				t.Fatalf("request %d: %d %s", i, res.Status, res.Raw)
			}
		}
		wantThrottled(t, "request past the limit", e.do("GET", "/api/me", busy.Token, nil))
		wantThrottled(t, "another route past the limit", e.do("GET", "/api/student/dashboard", busy.Token, nil))
		if res := e.do("GET", "/api/me", calm.Token, nil); res.Status != http.StatusOK {
			t.Errorf("another user: %d %s", res.Status, res.Raw)
		}
	})
}
