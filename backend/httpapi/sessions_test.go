package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"bridgework/backend/config"
	"bridgework/backend/realtime"
	"bridgework/backend/testenv"
)

// login signs u in once more: a session of its own, with its own token.
func (e *env) login(u user) user {
	e.t.Helper()
	res := e.do("POST", "/api/login", "", map[string]any{"email": u.Email, "password": "secret123"})
	if res.Status != http.StatusOK {
		e.t.Fatalf("login: %d %s", res.Status, res.Raw)
	}
	u.Token = res.field("token")
	return u
}

// sessionsOf lists u's sessions as GET /api/sessions answers them.
func (e *env) sessionsOf(u user) []map[string]any {
	e.t.Helper()
	res := e.do("GET", "/api/sessions", u.Token, nil)
	if res.Status != http.StatusOK {
		e.t.Fatalf("GET /api/sessions: %d %s", res.Status, res.Raw)
	}
	var list []map[string]any
	if err := json.Unmarshal(res.Raw, &list); err != nil {
		e.t.Fatalf("sessions %s: %v", res.Raw, err)
	}
	return list
}

// currentSessionID is the id of the session u's token belongs to.
func (e *env) currentSessionID(u user) string {
	e.t.Helper()
	for _, s := range e.sessionsOf(u) {
		if s["current"] == true {
			return s["_id"].(string)
		}
	}
	e.t.Fatal("no session is marked current")
	return ""
}

func (e *env) meStatus(u user) int {
	e.t.Helper()
	return e.do("GET", "/api/me", u.Token, nil).Status
}

func TestLogout_endsThisSessionOnly(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		laptop := e.registerStudent("Lea")
		phone := e.login(laptop)
		socket := e.connect(laptop)

		res := e.do("POST", "/api/logout", laptop.Token, nil)
		if res.Status != http.StatusOK || res.field("message") != "Signed out." {
			t.Fatalf("logout: %d %s", res.Status, res.Raw)
		}
		if got := e.meStatus(laptop); got != http.StatusUnauthorized {
			t.Errorf("the signed-out token: %d, want 401", got)
		}
		if got := e.meStatus(phone); got != http.StatusOK {
			t.Errorf("the other session: %d, want 200", got)
		}
		if code := closeStatus(t, socket.conn, 5*time.Second); code != realtime.CloseSessionEnded {
			t.Errorf("the signed-out session's socket closed with %d, want %d", code, realtime.CloseSessionEnded)
		}
		if again := e.do("POST", "/api/logout", laptop.Token, nil); again.Status != http.StatusUnauthorized {
			t.Errorf("signing out twice: %d, want 401", again.Status)
		}
		if res := e.do("POST", "/api/logout", "", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("signing out without a token: %d, want 401", res.Status)
		}
	})
}

func TestSessions_listEndOneEndAll(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		first := e.registerStartup("Nimbus")
		second, third := e.login(first), e.login(first)
		stranger := e.registerStudent("Sam")

		list := e.sessionsOf(first)
		if len(list) != 3 {
			t.Fatalf("%d sessions listed, want 3: %v", len(list), list)
		}
		current := 0
		for _, s := range list {
			if s["current"] == true {
				current++
			}
			for _, field := range []string{"_id", "device", "ip", "createdAt", "lastSeenAt"} {
				if s[field] == nil || s[field] == "" {
					t.Errorf("session without %s: %v", field, s)
				}
			}
		}
		if current != 1 {
			t.Errorf("%d sessions marked current, want 1", current)
		}

		secondID := e.currentSessionID(second)
		if res := e.do("DELETE", "/api/sessions/"+secondID, stranger.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("another user ending the session: %d, want 404", res.Status)
		}
		if got := e.meStatus(second); got != http.StatusOK {
			t.Fatalf("the session someone else tried to end: %d, want 200", got)
		}
		if res := e.do("DELETE", "/api/sessions/not-a-session", first.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("an unknown session: %d %s, want 404", res.Status, res.Raw)
		}
		if res := e.do("DELETE", "/api/sessions/"+secondID, first.Token, nil); res.Status != http.StatusOK {
			t.Fatalf("ending the second session: %d %s", res.Status, res.Raw)
		}
		if got := e.meStatus(second); got != http.StatusUnauthorized {
			t.Errorf("the ended session: %d, want 401", got)
		}
		if got := len(e.sessionsOf(first)); got != 2 {
			t.Errorf("%d sessions after ending one, want 2", got)
		}

		if res := e.do("POST", "/api/sessions/end-all", first.Token, nil); res.Status != http.StatusOK {
			t.Fatalf("end-all: %d %s", res.Status, res.Raw)
		}
		for name, u := range map[string]user{"first": first, "third": third} {
			if got := e.meStatus(u); got != http.StatusUnauthorized {
				t.Errorf("%s after sign-out everywhere: %d, want 401", name, got)
			}
		}
		if got := e.meStatus(stranger); got != http.StatusOK {
			t.Errorf("another user after the sign-out everywhere: %d, want 200", got)
		}
		if got := e.meStatus(e.login(first)); got != http.StatusOK {
			t.Errorf("signing in again: %d, want 200", got)
		}
	})
}

// resetLink asks for a reset link for email and returns its token.
func (e *env) resetLink(email string, mailsBefore int) string {
	e.t.Helper()
	e.do("POST", "/api/forgot-password", "", map[string]any{"email": email})
	mails := e.waitMails(mailsBefore + 1)
	_, token, found := strings.Cut(mails[len(mails)-1].Body, "/reset-password?token=")
	if !found {
		e.t.Fatalf("no link in %q", mails[len(mails)-1].Body)
	}
	return strings.Fields(token)[0]
}

func TestPasswordReset_endsEverySessionAndTheOtherLinks(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { c.ResetRequestsPerIP = 0 }, func(t *testing.T, e *env) {
		s := e.registerStudent("Rosa")
		other := e.login(s)
		socket := e.connect(other)
		first, second := e.resetLink(s.Email, 0), e.resetLink(s.Email, 1)

		res := e.do("POST", "/api/reset-password", "", map[string]any{"token": second, "password": "newpass1", "confirmPassword": "newpass1"})
		if res.Status != http.StatusOK {
			t.Fatalf("reset: %d %s", res.Status, res.Raw)
		}
		for name, u := range map[string]user{"registration": s, "other sign-in": other} {
			if got := e.meStatus(u); got != http.StatusUnauthorized {
				t.Errorf("%s session after the reset: %d, want 401", name, got)
			}
		}
		if code := closeStatus(t, socket.conn, 5*time.Second); code != realtime.CloseSessionEnded {
			t.Errorf("socket closed with %d, want %d", code, realtime.CloseSessionEnded)
		}
		old := e.do("POST", "/api/reset-password", "", map[string]any{"token": first, "password": "attacker1", "confirmPassword": "attacker1"})
		if old.Status != http.StatusBadRequest || old.field("message") != "This reset link is invalid or has expired." {
			t.Errorf("the older link after the reset: %d %s", old.Status, old.Raw)
		}
		if res := e.do("POST", "/api/login", "", map[string]any{"email": s.Email, "password": "newpass1"}); res.Status != http.StatusOK {
			t.Errorf("the password set by the reset: %d", res.Status)
		}
	})
}

func TestChangePassword_endsOutstandingResetLinks(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { c.ResetRequestsPerIP = 0 }, func(t *testing.T, e *env) {
		s := e.registerStudent("Cleo")
		link := e.resetLink(s.Email, 0)
		res := e.do("POST", "/api/me/password", s.Token, map[string]any{"currentPassword": "secret123", "newPassword": "brand-new-1", "confirmPassword": "brand-new-1"})
		if res.Status != http.StatusOK {
			t.Fatalf("change: %d %s", res.Status, res.Raw)
		}
		old := e.do("POST", "/api/reset-password", "", map[string]any{"token": link, "password": "attacker1", "confirmPassword": "attacker1"})
		if old.Status != http.StatusBadRequest {
			t.Errorf("a link from before the change: %d %s, want 400", old.Status, old.Raw)
		}
		if got := len(e.sessionsOf(user{Token: res.field("token")})); got != 1 {
			t.Errorf("%d sessions after the change, want only the one that changed it", got)
		}
	})
}

// TestRevocation_reachesEveryInstance: two instances share PostgreSQL and Redis, each caching
// users for an hour. A sign-out on one closes the session's socket on the other with
// CloseSessionEnded within a second, and the other refuses its token at once: the broadcast,
// not the cache's TTL, carries the revocation. Sockets of other sessions stay open.
func TestRevocation_reachesEveryInstance(t *testing.T) {
	cfg := baseConfig(t, func(c *config.Config) { c.UserCacheTTL = time.Hour })
	db := testenv.OpenDB(t, testenv.Postgres)
	rdb, prefix := testenv.Redis(t)
	cfg.RedisPrefix = prefix
	a, b := newEnvOn(t, cfg, db, rdb), newEnvOn(t, cfg, db, rdb)

	laptop := a.registerStudent("Ines")
	phone := a.login(laptop)
	laptopSocket, phoneSocket := b.connect(laptop), b.connect(phone)
	if got := b.meStatus(laptop); got != http.StatusOK { // now in b's cache
		t.Fatalf("GET /api/me on b: %d", got)
	}

	var worst time.Duration
	for round := range 3 {
		if round > 0 { // a fresh session for the next round
			laptop = a.login(laptop)
			laptopSocket = b.connect(laptop)
			b.meStatus(laptop)
		}
		start := time.Now()
		if res := a.do("POST", "/api/logout", laptop.Token, nil); res.Status != http.StatusOK {
			t.Fatalf("logout on a: %d %s", res.Status, res.Raw)
		}
		if code := closeStatus(t, laptopSocket.conn, time.Second); code != realtime.CloseSessionEnded {
			t.Fatalf("socket on b closed with %d, want %d", code, realtime.CloseSessionEnded)
		}
		worst = max(worst, time.Since(start))
		if got := b.meStatus(laptop); got != http.StatusUnauthorized {
			t.Errorf("b still accepts the signed-out token: %d", got)
		}
	}
	t.Logf("sign-out on one instance to socket closed on the other: at most %s over 3 rounds", worst)

	if got := b.meStatus(phone); got != http.StatusOK {
		t.Errorf("the other session after the sign-outs: %d, want 200", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, _, err := phoneSocket.conn.Read(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("the other session's socket: %v, want it still open", err)
	}
}
