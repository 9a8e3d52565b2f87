package app

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"bridgework/backend/config"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
	"bridgework/backend/testenv/tcpproxy"
)

// connectVia runs Connect on a fresh PostgreSQL schema reached through proxy, giving up after
// timeout; it returns Connect's log and error.
func connectVia(t *testing.T, proxy *tcpproxy.Proxy, timeout time.Duration) (string, error) {
	t.Helper()
	cfg := config.Config{DatabaseURL: testenv.PostgresSchemaURL(t, proxy.Addr()), DataDir: t.TempDir(),
		DatabaseStartTimeout: timeout, DatabaseRetryAfter: time.Second}
	var log bytes.Buffer
	db, _, err := Connect(context.Background(), cfg, slog.New(slog.NewTextHandler(&log, nil)))
	if err == nil {
		t.Cleanup(func() {
			if sqlDB, err := db.DB(); err == nil {
				sqlDB.Close()
			}
		})
		// Migrated once connected: the schema has the tables.
		var users int64
		if err := db.Table("users").Count(&users).Error; err != nil {
			t.Errorf("the database Connect opened is not migrated: %v", err)
		}
	}
	return log.String(), err
}

// TestConnect_waitsForTheDatabase: an instance that starts while PostgreSQL refuses connections
// keeps trying, logging each failure with its next wait, and starts once PostgreSQL answers.
func TestConnect_waitsForTheDatabase(t *testing.T) {
	proxy := tcpproxy.New(t, testenv.PostgresAddr(t))
	proxy.Cut()
	restored := time.AfterFunc(time.Second, proxy.Restore)
	defer restored.Stop()

	log, err := connectVia(t, proxy, 30*time.Second)
	if err != nil {
		t.Fatalf("Connect gave up although the database came back: %v\n%s", err, log)
	}
	if !strings.Contains(log, `msg="database not reachable, trying again" attempt=1 next_attempt_in=`) {
		t.Errorf("no failed attempt logged with its next wait:\n%s", log)
	}
}

// TestConnect_givesUpAfterTheStartTimeout: with PostgreSQL out of reach throughout, Connect
// returns an error naming the timeout once DATABASE_START_TIMEOUT has passed.
func TestConnect_givesUpAfterTheStartTimeout(t *testing.T) {
	proxy := tcpproxy.New(t, testenv.PostgresAddr(t))
	proxy.Cut()

	log, err := connectVia(t, proxy, 2*time.Second)
	if err == nil || !strings.Contains(err.Error(), "DATABASE_START_TIMEOUT") || !store.Unreachable(err) {
		t.Fatalf("Connect with the database out of reach: %v, want an unreachable error naming DATABASE_START_TIMEOUT", err)
	}
	if strings.Count(log, "database not reachable") < 2 {
		t.Errorf("want each failed attempt logged:\n%s", log)
	}
}

// TestConnect_badURLFailsAtOnce: a DATABASE_URL that cannot work is no outage to wait out.
func TestConnect_badURLFailsAtOnce(t *testing.T) {
	cfg := config.Config{DatabaseURL: "postgres://postgres@127.0.0.1:5432/test?sslmode=sometimes", DataDir: t.TempDir(),
		DatabaseStartTimeout: time.Minute}
	var log bytes.Buffer
	_, _, err := Connect(context.Background(), cfg, slog.New(slog.NewTextHandler(&log, nil)))
	if err == nil || store.Unreachable(err) || strings.Contains(log.String(), "database not reachable") {
		t.Errorf("Connect with a malformed URL: %v\n%s", err, log.String())
	}
}
