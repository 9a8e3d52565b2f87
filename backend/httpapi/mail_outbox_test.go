package httpapi_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// Mail leaves through an outbox (DESIGN.md §6): a request only queues it, a worker sends it
// to a real SMTP server with retries, and nothing is lost by a restart.

func withSMTP(server *smtpServer) func(*config.Config) {
	return func(c *config.Config) {
		c.SMTPAddr = server.addr()
		c.MailFirstRetry, c.MailSendTimeout = 50*time.Millisecond, 500*time.Millisecond
	}
}

func TestForgotPassword_answersAlikeWhateverTheMailServerDoes(t *testing.T) {
	for _, mode := range []string{"refuse", "hang"} {
		t.Run(mode, func(t *testing.T) {
			var server *smtpServer // one per deployment
			configure := func(c *config.Config) { server = newSMTPServer(t, mode); withSMTP(server)(c) }
			onBothDeploymentsWith(t, configure, func(t *testing.T, e *env) {
				s := e.registerStudent("Rosa")
				known := e.doFrom("", "POST", "/api/forgot-password", "", map[string]any{"email": s.Email})
				unknown := e.doFrom("", "POST", "/api/forgot-password", "", map[string]any{"email": "nobody-here@example.com"})
				if known.Status != http.StatusOK || unknown.Status != known.Status || !bytes.Equal(known.Raw, unknown.Raw) {
					t.Fatalf("known %d %s, unknown %d %s: want the same 200", known.Status, known.Raw, unknown.Status, unknown.Raw)
				}
				// Once the server accepts mail again, the retry delivers the link, to the known
				// address only.
				server.setMode("accept")
				server.waitMails(1)
				time.Sleep(200 * time.Millisecond) // room for a wrong second mail to show up
				if mails := server.mails(); len(mails) != 1 || mails[0].to != s.Email || !strings.Contains(mails[0].data, "/reset-password?token=") {
					t.Fatalf("delivered %+v, want one reset link to %s", mails, s.Email)
				}
			})
		})
	}
}

func TestMailOutbox_survivesARestart(t *testing.T) {
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			server := newSMTPServer(t, "refuse")
			cfg := baseConfig(t, withSMTP(server))
			db := testenv.OpenDB(t, kind)
			first := newEnvOn(t, cfg, db, nil)
			s := first.registerStudent("Remy")
			if res := first.do("POST", "/api/forgot-password", "", map[string]any{"email": s.Email}); res.Status != http.StatusOK {
				t.Fatalf("forgot-password: %d %s", res.Status, res.Raw)
			}
			first.stop()

			server.setMode("accept")
			newEnvOn(t, cfg, db, nil) // the next start of the server, on the same database
			if mails := server.waitMails(1); len(mails) != 1 || mails[0].to != s.Email {
				t.Fatalf("after the restart: %+v, want the queued mail to %s", mails, s.Email)
			}
		})
	}
}

func TestResetMails_atMostThreePerAccount(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { trustLoopbackProxy(c); c.ResetRequestsPerIP = 0 }, func(t *testing.T, e *env) {
		target, other := e.registerStudent("Tara"), e.registerStudent("Otto")
		for i := range 6 {
			res := e.doFrom(fmt.Sprintf("198.51.100.%d", i+1), "POST", "/api/forgot-password", "", map[string]any{"email": target.Email})
			if res.Status != http.StatusOK {
				t.Fatalf("request %d: %d %s", i+1, res.Status, res.Raw)
			}
		}
		e.do("POST", "/api/forgot-password", "", map[string]any{"email": other.Email})
		e.waitMails(4)
		to := map[string]int{}
		for _, m := range e.mails.messages() {
			to[m.To]++
		}
		if to[target.Email] != 3 || to[other.Email] != 1 {
			t.Errorf("mails per address = %v, want 3 to %s and 1 to %s", to, target.Email, other.Email)
		}
	})
}

func TestResetTokens_neverLoggedWithSMTP(t *testing.T) {
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			server := newSMTPServer(t, "refuse")
			var log syncBuffer
			cfg := baseConfig(t, withSMTP(server))
			e := newEnvLogging(t, cfg, testenv.OpenDB(t, kind), nil, &log)
			s := e.registerStudent("Lola")
			e.do("POST", "/api/forgot-password", "", map[string]any{"email": s.Email})
			time.Sleep(300 * time.Millisecond) // failed attempts and their retries, logged
			server.setMode("accept")
			mails := server.waitMails(1)
			if len(mails) != 1 {
				t.Fatalf("no mail delivered")
			}
			_, token, _ := strings.Cut(mails[0].data, "token=")
			token = strings.Fields(token)[0]
			if len(token) < 20 {
				t.Fatalf("no token in %q", mails[0].data)
			}
			if !strings.Contains(log.String(), "mail not sent") {
				t.Fatalf("the failed attempts were not logged:\n%s", log.String())
			}
			if strings.Contains(log.String(), token) {
				t.Errorf("the log holds the reset token:\n%s", log.String())
			}
		})
	}
}

func TestMailOutbox_twoInstancesSendEachMailOnce(t *testing.T) {
	server := newSMTPServer(t, "accept")
	cfg := baseConfig(t, func(c *config.Config) { withSMTP(server)(c); c.ResetRequestsPerIP = 0 })
	db := testenv.OpenDB(t, testenv.Postgres)
	a, b := newEnvOn(t, cfg, db, nil), newEnvOn(t, cfg, db, nil)
	const n = 12
	want := map[string]bool{}
	for i := range n {
		s := a.registerStudent(fmt.Sprint("Twin", i))
		want[s.Email] = true
		// Every request wakes the worker of the instance that took it.
		for _, e := range []*env{a, b} {
			e.do("POST", "/api/forgot-password", "", map[string]any{"email": s.Email})
		}
	}
	mails := server.waitMails(2 * n)
	time.Sleep(300 * time.Millisecond)
	got := map[string]int{}
	for _, m := range server.mails() {
		got[m.to]++
	}
	for email := range want {
		if got[email] != 2 {
			t.Errorf("%s got %d mails, want 2 (one per request)", email, got[email])
		}
	}
	if len(mails) < 2*n {
		t.Errorf("%d mails delivered, want %d", len(mails), 2*n)
	}
}

// syncBuffer is a log sink written by the server's goroutines and read by the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
