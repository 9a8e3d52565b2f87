package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"

	"bridgework/backend/apperr"
)

// While PostgreSQL cannot be reached (stopped, restarting, out of the network's reach) a request
// is answered 503 with Retry-After, not 500: nothing is wrong with the request, and database/sql
// opens new connections by itself once the server answers, so the same request then succeeds
// without the instance restarting. The translation happens in one place, the dialector's
// Translate, which every error of a statement gorm runs passes through (gorm's AddError); the
// reads that reach the driver without gorm (pgx, *sql.Rows) hand their errors to
// it through driverError.

// unreachableMessage is what a client is told while the database cannot be reached.
const unreachableMessage = "Bridgework cannot reach its database right now. Please try again in a moment."

// Unreachable reports whether err means the database server could not be reached, or dropped the
// connection: a dial refused or timed out, a connection reset or closed mid-statement, the
// server shutting down or not yet accepting connections, a pool that is closed. A statement's own
// failure (a constraint, a syntax error) is not an outage, nor is a request whose client went
// away; nor is SQLite's "database is locked" past its busy timeout, contention in one local file
// that no wait for a server would end.
func Unreachable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return serverGone(pgErr.Code)
	}
	var netErr net.Error
	return errors.As(err, &netErr) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		// database/sql's error for a closed *sql.DB is not exported.
		strings.Contains(err.Error(), "sql: database is closed")
}

// serverGone reports whether a PostgreSQL error code says the server, not the statement, failed:
// class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown and 57P03
// cannot_connect_now (starting up, or shutting down).
func serverGone(code string) bool {
	return strings.HasPrefix(code, "08") || code == "57P01" || code == "57P02" || code == "57P03"
}

// postgresDialector is gorm's PostgreSQL dialector whose Translate also turns an unreachable
// server into apperr.Unavailable, telling the client to retry after retryAfter.
type postgresDialector struct {
	*postgres.Dialector
	retryAfter time.Duration
}

func (d postgresDialector) Translate(err error) error {
	if Unreachable(err) {
		return &apperr.Error{Code: apperr.Unavailable, Message: unreachableMessage, RetryAfter: d.retryAfter}
	}
	return d.Dialector.Translate(err)
}

// driverError is err translated as gorm translates the errors of its statements, for the reads
// that reach the driver without gorm.
func driverError(db *gorm.DB, err error) error {
	if translator, ok := db.Dialector.(gorm.ErrorTranslator); ok && err != nil {
		return translator.Translate(err)
	}
	return err
}
