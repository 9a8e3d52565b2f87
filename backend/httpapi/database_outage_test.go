package httpapi_test

import (
	"net/http"
	"strconv"
	"testing"

	"bridgework/backend/testenv"
	"bridgework/backend/testenv/tcpproxy"
)

// TestDatabaseOutage_answers503AndRecovers: with PostgreSQL out of reach (its connections cut,
// new ones refused), a public read, a signed-in read and a write answer 503 with Retry-After in
// the error shape, never 500, and /readyz says unavailable; once PostgreSQL answers again the
// same calls succeed, with no restart of the app.
func TestDatabaseOutage_answers503AndRecovers(t *testing.T) {
	proxy := tcpproxy.New(t, testenv.PostgresAddr(t))
	cfg := baseConfig(t, nil)
	rdb, prefix := testenv.Redis(t)
	cfg.RedisPrefix = prefix
	e := newEnvOn(t, cfg, testenv.OpenDBVia(t, proxy.Addr()), rdb)
	startup, student := e.registerStartup("Outage Inc"), e.registerStudent("Olga")
	taskID := e.postTask(startup, nil)

	calls := []struct {
		name, method, path, token string
		body                      any
		ok                        int
	}{
		{"public list", "GET", "/api/tasks", "", nil, http.StatusOK},
		{"signed-in read", "GET", "/api/student/notifications", student.Token, nil, http.StatusOK},
		{"write", "POST", "/api/student/tasks/" + taskID + "/submit-link", student.Token,
			map[string]any{"link": "https://example.com/outage"}, http.StatusOK},
		{"sign-in", "POST", "/api/login", "", map[string]any{"email": student.Email, "password": "secret123"}, http.StatusOK},
	}

	proxy.Cut()
	for _, c := range calls {
		res := e.do(c.method, c.path, c.token, c.body)
		if res.Status != http.StatusServiceUnavailable || res.field("code") != "unavailable" ||
			res.field("message") != "Bridgework cannot reach its database right now. Please try again in a moment." {
			t.Errorf("%s while the database is cut off: %d %s, want 503 unavailable", c.name, res.Status, res.Raw)
		}
		if got := res.Header.Get("Retry-After"); got != strconv.Itoa(int(testenv.RetryAfter.Seconds())) {
			t.Errorf("%s while the database is cut off: Retry-After %q", c.name, got)
		}
	}
	if res := e.do("GET", "/readyz", "", nil); res.Status != http.StatusServiceUnavailable {
		t.Errorf("/readyz while the database is cut off: %d", res.Status)
	}

	proxy.Restore()
	if res := e.do("GET", "/readyz", "", nil); res.Status != http.StatusOK {
		t.Errorf("/readyz once the database is back: %d", res.Status)
	}
	for _, c := range calls {
		if res := e.do(c.method, c.path, c.token, c.body); res.Status != c.ok {
			t.Errorf("%s once the database is back: %d %s, want %d", c.name, res.Status, res.Raw, c.ok)
		}
	}
	mine := decodeList(t, e.do("GET", "/api/student/tasks/all?scope=mine", student.Token, nil))
	if len(mine) != 1 {
		t.Errorf("the write after the outage: the student's tasks are %v", mine)
	}
}
