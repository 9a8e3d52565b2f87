package store_test

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"

	"bridgework/backend/apperr"
	"bridgework/backend/notify"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
	"bridgework/backend/testenv/tcpproxy"
)

// TestUnreachable_tellsOutagesFromOtherErrors: only a server out of reach is an outage; a
// statement's own failure, a client gone away and SQLite's lock contention are not.
func TestUnreachable_tellsOutagesFromOtherErrors(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, c := range []struct {
		name string
		err  error
		want bool
	}{
		{"dial refused", fmt.Errorf("query: %w", refused), true},
		{"connection reset", &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}, true},
		{"closed mid-statement", fmt.Errorf("failed to receive message: %w", io.ErrUnexpectedEOF), true},
		{"bad connection", driver.ErrBadConn, true},
		{"connection closed by an earlier failure", fmt.Errorf("begin: %w", pgconn.ErrConnClosed), true},
		{"closed pool", errors.New("sql: database is closed"), true},
		{"admin shutdown", &pgconn.PgError{Code: "57P01"}, true},
		{"starting up", &pgconn.PgError{Code: "57P03"}, true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"syntax error", &pgconn.PgError{Code: "42601"}, false},
		{"client went away", fmt.Errorf("%w: %w", context.Canceled, refused), false},
		{"sqlite busy", errors.New("database is locked (5) (SQLITE_BUSY)"), false},
		{"not found", gorm.ErrRecordNotFound, false},
		{"none", nil, false},
	} {
		if got := store.Unreachable(c.err); got != c.want {
			t.Errorf("%s: Unreachable(%v) = %v, want %v", c.name, c.err, got, c.want)
		}
	}
}

// TestOutage_everyWayToTheDriverAnswersUnavailable: with PostgreSQL cut off, every way the
// store reaches the driver (a gorm statement, a transaction, a hand scan and a batch through
// pgx, a COPY, a *sql.Row) fails with apperr.Unavailable and its Retry-After; once PostgreSQL
// answers again the same pool serves them.
func TestOutage_everyWayToTheDriverAnswersUnavailable(t *testing.T) {
	proxy := tcpproxy.New(t, testenv.PostgresAddr(t))
	db := testenv.OpenDBVia(t, proxy.Addr())
	ctx := context.Background()
	ways := map[string]func() error{
		"gorm statement": func() error { return store.Sessions{DB: db}.TouchSession(ctx, store.NewID(), time.Now()) },
		"transaction":    func() error { return store.Alerts{DB: db}.DeleteSavedSearch(ctx, store.NewID(), store.NewID()) },
		"pgx scan": func() error {
			_, err := store.Tasks{DB: db}.OpenTasks(ctx, tasks.Query{Page: 1, Limit: 10}, "")
			return err
		},
		"pgx batch": func() error {
			_, err := store.ReadTogether(db, store.Statement{SQL: "SELECT id FROM users"}, store.Statement{SQL: "SELECT id FROM tasks"})
			return err
		},
		"copy": func() error {
			return store.Alerts{DB: db}.CreateNotifications(ctx, []notify.Notification{{ID: store.NewID(), UserID: store.NewID(),
				Kind: "task.alert", Message: "m", CreatedAt: time.Now()}})
		},
	}
	for name, way := range ways {
		if err := way(); store.Unreachable(err) || apperr.CodeOf(err) == apperr.Unavailable {
			t.Fatalf("%s with PostgreSQL up: %v", name, err)
		}
	}

	proxy.Cut()
	for name, way := range ways {
		err := way()
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.Unavailable || e.RetryAfter != testenv.RetryAfter {
			t.Errorf("%s with PostgreSQL cut off: %v, want unavailable, retry after %s", name, err, testenv.RetryAfter)
		}
	}

	proxy.Restore()
	for name, way := range ways {
		if err := way(); store.Unreachable(err) || apperr.CodeOf(err) == apperr.Unavailable {
			t.Errorf("%s once PostgreSQL is back: %v", name, err)
		}
	}
}
