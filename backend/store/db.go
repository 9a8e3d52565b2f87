// Package store is the product's database code: opening SQLite or PostgreSQL through gorm,
// versioned migrations, and the stores each domain package asks for. Rows are converted to domain
// types here, and driver errors become apperr errors here, so nothing above knows about gorm.
package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/glebarez/sqlite"
	"github.com/google/uuid"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Open connects to PostgreSQL when databaseURL is set, else to a SQLite file under dataDir.
// While PostgreSQL cannot be reached, its statements fail with apperr.Unavailable, telling the
// client to retry after retryAfter (outage.go). Open itself fails when PostgreSQL does not answer
// its first ping (Unreachable tells that failure from a bad URL).
func Open(databaseURL, dataDir string, retryAfter time.Duration) (*gorm.DB, error) {
	cfg := &gorm.Config{
		TranslateError: true,
		Logger:         logger.Discard,
		NowFunc:        func() time.Time { return time.Now().UTC() },
	}
	if databaseURL != "" {
		dialector := postgresDialector{Dialector: postgres.Open(databaseURL).(*postgres.Dialector), retryAfter: retryAfter}
		db, err := gorm.Open(dialector, cfg)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		sqlDB, err := db.DB()
		if err != nil {
			return nil, err
		}
		sqlDB.SetMaxOpenConns(20)
		sqlDB.SetMaxIdleConns(20)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
		return db, nil
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, err
	}
	return OpenSQLite(filepath.Join(dataDir, "bridgework.db"), cfg)
}

// sqlitePragmas run on every connection the driver opens. cache_size -65536 (64 MiB, allocated
// only as pages are read; the default is 2 MiB) keeps a database the size of 20,000 students in
// memory: with the default, the people lists re-read pages from the file on every query, about a
// quarter of their CPU (BenchmarkProfiles_listBySkill/sqlite). mmap_size(256 MiB) removed
// the same reads and no more, and both together did no better, so only the cache is set. Not used:
// gorm's PrepareStmt, because glebarez/go-sqlite prepares the SQL text again on every execution
// (its statement holds only the text), so a cached *sql.Stmt would save no parsing.
const sqlitePragmas = "_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
	"&_pragma=synchronous(NORMAL)&_pragma=cache_size(-65536)"

// OpenSQLite opens a SQLite database file.
func OpenSQLite(path string, cfg *gorm.Config) (*gorm.DB, error) {
	dsn := "file:" + path + "?" + sqlitePragmas
	db, err := gorm.Open(sqlite.Open(dsn), cfg)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	// SQLite allows one writer at a time; a single connection turns what would be "database is
	// locked" errors under concurrency into an orderly queue. Code inside a transaction must use
	// the transaction's handle, never the outer one, or it would wait for itself.
	sqlDB.SetMaxOpenConns(1)
	return db, nil
}

// IsPostgres reports whether db is a PostgreSQL connection.
func IsPostgres(db *gorm.DB) bool { return db.Dialector.Name() == "postgres" }

// Ping checks that the database answers.
func Ping(ctx context.Context, db *gorm.DB) error {
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// NewID returns a time-ordered UUID v7, so new rows land at the end of primary-key indexes.
func NewID() string { return uuid.Must(uuid.NewV7()).String() }

// ValidID reports whether s is a UUID; malformed ids are answered as not found without a query.
func ValidID(s string) bool { _, err := uuid.Parse(s); return err == nil && len(s) == 36 }

// likePattern escapes LIKE wildcards in user text and wraps it for a contains-match.
func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(s)) + "%"
}
