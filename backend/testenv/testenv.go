// Package testenv gives tests real, isolated services: a fresh migrated database per test (a
// SQLite file, or a PostgreSQL schema dropped afterwards) and a Redis client with a key prefix of
// its own. A missing service fails the test rather than skipping it.
package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"bridgework/backend/store"
)

// Kind names a database the store tests run on.
type Kind string

const (
	SQLite   Kind = "sqlite"
	Postgres Kind = "postgres"
)

// Kinds lists the databases to test on: BW_TEST_DATABASES (comma separated), else both.
func Kinds() []Kind {
	v := os.Getenv("BW_TEST_DATABASES")
	if v == "" {
		return []Kind{SQLite, Postgres}
	}
	var kinds []Kind
	for _, k := range strings.Split(v, ",") {
		kinds = append(kinds, Kind(strings.TrimSpace(k)))
	}
	return kinds
}

// ForEachDB runs fn as a subtest on a fresh database of every kind.
func ForEachDB(t *testing.T, fn func(t *testing.T, db *gorm.DB)) {
	t.Helper()
	for _, kind := range Kinds() {
		t.Run(string(kind), func(t *testing.T) { fn(t, OpenDB(t, kind)) })
	}
}

// PostgresURL is the server the PostgreSQL tests use.
func PostgresURL() string {
	if v := os.Getenv("BW_TEST_POSTGRES_URL"); v != "" {
		return v
	}
	return "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
}

// PostgresAddr is the host:port of PostgresURL, for a tcpproxy in front of it.
func PostgresAddr(t testing.TB) string {
	t.Helper()
	u, err := url.Parse(PostgresURL())
	if err != nil || u.Host == "" {
		t.Fatalf("BW_TEST_POSTGRES_URL must be a postgres:// URL: %q", PostgresURL())
	}
	return u.Host
}

// RedisURL is the server the Redis tests use.
func RedisURL() string {
	if v := os.Getenv("BW_TEST_REDIS_URL"); v != "" {
		return v
	}
	return "redis://127.0.0.1:6379/0"
}

// OpenDB returns a fresh, migrated database of the given kind, removed when the test ends.
func OpenDB(t testing.TB, kind Kind) *gorm.DB {
	t.Helper()
	db := OpenEmptyDB(t, kind)
	if err := store.Migrate(db, AuditKey); err != nil {
		t.Fatalf("migrate %s: %v", kind, err)
	}
	return db
}

// OpenEmptyDB is OpenDB without the migrations.
func OpenEmptyDB(t testing.TB, kind Kind) *gorm.DB {
	t.Helper()
	var db *gorm.DB
	switch kind {
	case SQLite:
		var err error
		db, err = store.OpenSQLite(filepath.Join(t.TempDir(), "test.db"), gormConfig())
		if err != nil {
			t.Fatalf("open sqlite: %v", err)
		}
	case Postgres:
		db = openPostgresSchema(t)
	default:
		t.Fatalf("unknown database kind %q", kind)
	}
	t.Cleanup(func() {
		if sqlDB, err := db.DB(); err == nil {
			sqlDB.Close()
		}
	})
	return db
}

// RetryAfter is what the test databases tell a client to wait while PostgreSQL cannot be
// reached (the server's DATABASE_RETRY_AFTER).
const RetryAfter = 5 * time.Second

// openPostgresSchema creates a schema of its own and points a connection pool at it.
func openPostgresSchema(t testing.TB) *gorm.DB {
	t.Helper()
	db, err := store.Open(PostgresSchemaURL(t, ""), "", RetryAfter)
	if err != nil {
		t.Fatalf("open schema: %v", err)
	}
	return db
}

// OpenDBVia is OpenDB on PostgreSQL reached at addr (host:port), a tcpproxy's in the tests that
// cut the database off: migrated through it, so the proxy must forward while OpenDBVia runs.
func OpenDBVia(t testing.TB, addr string) *gorm.DB {
	t.Helper()
	db, err := store.Open(PostgresSchemaURL(t, addr), "", RetryAfter)
	if err != nil {
		t.Fatalf("open schema via %s: %v", addr, err)
	}
	t.Cleanup(func() {
		if sqlDB, err := db.DB(); err == nil {
			sqlDB.Close()
		}
	})
	if err := store.Migrate(db, AuditKey); err != nil {
		t.Fatalf("migrate via %s: %v", addr, err)
	}
	return db
}

// PostgresSchemaURL creates a schema of its own, dropped when the test ends, and returns the URL
// of the test server with it as the search path, the server reached at addr (host:port; empty:
// its own address).
func PostgresSchemaURL(t testing.TB, addr string) string {
	t.Helper()
	admin, err := store.Open(PostgresURL(), "", RetryAfter)
	if err != nil {
		t.Fatalf("postgres at %s is not reachable (the test script starts it): %v", PostgresURL(), err)
	}
	schema := "t_" + RandomHex(8)
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		if sqlDB, err := admin.DB(); err == nil {
			sqlDB.Close()
		}
	})
	u, _ := url.Parse(PostgresURL())
	if addr == "" {
		addr = PostgresAddr(t)
	}
	u.Host = addr
	query := u.Query()
	query.Set("search_path", schema)
	u.RawQuery = query.Encode()
	return u.String()
}

func gormConfig() *gorm.Config {
	return &gorm.Config{TranslateError: true, Logger: logger.Discard, NowFunc: func() time.Time { return time.Now().UTC() }}
}

// Redis returns a client for the test Redis and a key prefix no other test uses.
func Redis(t testing.TB) (*redis.Client, string) {
	t.Helper()
	opts, err := redis.ParseURL(RedisURL())
	if err != nil {
		t.Fatal(err)
	}
	client := redis.NewClient(opts)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := client.Ping(ctx).Err(); err != nil {
		t.Fatalf("redis at %s is not reachable (the test script starts it): %v", RedisURL(), err)
	}
	prefix := "bwtest:" + RandomHex(6) + ":"
	t.Cleanup(func() {
		ctx := context.Background()
		iter := client.Scan(ctx, 0, prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			client.Del(ctx, iter.Val())
		}
		client.Close()
	})
	return client, prefix
}

// RandomHex returns n random bytes as hex, for unique names.
func RandomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
