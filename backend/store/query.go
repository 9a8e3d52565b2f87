package store

import (
	"database/sql"
	"database/sql/driver"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/gorm"

	"bridgework/backend/apperr"
)

// Every read is explicit SQL (a stmt), and one scanner maps each row into a struct through that
// struct's columns: the one declaration that names each column beside the field it fills, and so
// yields both the select list and the scan targets (TestColumns_nameTheFieldsTheyFill). A
// readBatch reads statements that do not depend on one another together.

// stmt is one statement: SQL with a ? for each argument, in order, on both databases.
type stmt struct {
	sql  string
	args []any
	// perValue: the statement's best plan hangs on its arguments' values (a search's
	// LIKE '%word%' walks the newest tasks for a common word and the trigram index for a rare
	// one), so a batch holding it leaves PostgreSQL its own choice of plan (genericPlans).
	perValue bool
}

func sqlOf(sql string, args ...any) stmt { return stmt{sql: sql, args: args} }

// column is a column (or an expression) of a select list and the field of a T it is scanned into.
type column[T any] struct {
	name   string
	target func(*T) any
}

// columns is a select list and where each of its columns goes in a T.
type columns[T any] struct {
	list string
	cols []column[T]
	// sqlite is the list as SQLite reads it, and textTimes says the list is read so
	// (sqlite_text.go).
	sqlite    string
	textTimes bool
}

func columnsOf[T any](cols ...column[T]) columns[T] {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.name
	}
	return columns[T]{list: strings.Join(names, ", "), cols: cols, sqlite: asExpressions(names)}
}

// within is cols for a struct O that holds a T, found by at: for a row of one table's columns
// and a few more.
func within[T, O any](cols columns[T], at func(*O) *T) []column[O] {
	out := make([]column[O], len(cols.cols))
	for i, c := range cols.cols {
		target := c.target
		out[i] = column[O]{c.name, func(o *O) any { return target(at(o)) }}
	}
	return out
}

// scanTargets are the addresses of r's fields in the select list's order.
func (c columns[T]) scanTargets(r *T) []any {
	out := make([]any, len(c.cols))
	for i, col := range c.cols {
		out[i] = col.target(r)
	}
	if c.textTimes {
		return timesAsText(out)
	}
	return out
}

// readBatch gathers reads that do not depend on one another and runs them together: on PostgreSQL
// outside a transaction, in one round trip (a pgx batch on one connection), so a request waits
// on PostgreSQL, and both sleep and wake, once for all of them (BenchmarkBatch/one-by-one). Elsewhere
// (SQLite, or inside a transaction, whose *sql.Tx must run them) they run one after the other
// through gorm, which translates their errors and whose callbacks see them.
type readBatch struct {
	db       *gorm.DB
	pool     *sql.DB // set where the batch is one pgx round trip
	queue    []queuedRead
	perValue bool
}

type queuedRead struct {
	stmt
	scan func(rowSource) error
}

// rowSource is what a scan reads: *sql.Rows, or pgx.Rows.
type rowSource interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

func newReadBatch(db *gorm.DB) *readBatch {
	b := &readBatch{db: db}
	if pool, ok := pgxPool(db); ok {
		b.pool = pool
	}
	return b
}

// pgxPool is db's pool when its statements may go to pgx directly: on PostgreSQL, outside a
// transaction (inside one, the *sql.Tx must run them).
func pgxPool(db *gorm.DB) (*sql.DB, bool) {
	pool, ok := db.Statement.ConnPool.(*sql.DB)
	return pool, ok && IsPostgres(db)
}

// read queues s on b: once b has run, out holds its rows.
func read[T any](b *readBatch, s stmt, cols columns[T], out *[]T) {
	s, cols = onSQLite(b.db, s, cols)
	b.perValue = b.perValue || s.perValue
	b.queue = append(b.queue, queuedRead{stmt: s, scan: func(rows rowSource) error {
		return scanRows(rows, cols, 0, func(all []T) error { *out = all; return nil })
	}})
}

// readCount queues s, which selects one number (a COUNT), on b: once b has run, n holds it.
func readCount(b *readBatch, s stmt, n *int) {
	b.perValue = b.perValue || s.perValue
	b.queue = append(b.queue, queuedRead{stmt: s, scan: scanCount(n)})
}

func scanCount(n *int) func(rowSource) error {
	return func(rows rowSource) error {
		if rows.Next() {
			return rows.Scan(n)
		}
		return nil
	}
}

// readNow runs the reads queue makes on a batch of its own and returns its result, for callers
// with nothing to read beside it.
func readNow[V any](db *gorm.DB, queue func(*readBatch) func() V) (V, error) {
	b := newReadBatch(db)
	result := queue(b)
	if err := b.run(); err != nil {
		var none V
		return none, err
	}
	return result(), nil
}

// readInRounds reads in as many round trips as it is given rounds, one after the other: each
// round queues its reads on a batch of its own, and may use what the rounds before it read.
func readInRounds(db *gorm.DB, rounds ...func(*readBatch)) error {
	for _, round := range rounds {
		b := newReadBatch(db)
		round(b)
		if err := b.run(); err != nil {
			return err
		}
	}
	return nil
}

// countNow reads the one number s selects (a COUNT), on its own (readAlone).
func countNow(db *gorm.DB, s stmt) (int, error) {
	var n int
	err := readAlone(db, s, scanCount(&n))
	return n, err
}

// value is the select list of one column (or expression) read into a V itself.
func value[V any](name string) columns[V] {
	return columnsOf(column[V]{name, func(v *V) any { return v }})
}

// firstOf reads the first row of s, on its own (readAlone); found is false when it has none.
func firstOf[T any](db *gorm.DB, s stmt, cols columns[T]) (row T, found bool, err error) {
	s, cols = onSQLite(db, s, cols)
	err = readAlone(db, s, func(rows rowSource) error {
		if !rows.Next() {
			return nil
		}
		found = true
		return rows.Scan(cols.scanTargets(&row)...)
	})
	return row, found, err
}

// oneOf reads the first row of s, on its own (readAlone), or fails with apperr.NotFound saying
// notFound when it has none.
func oneOf[T any](db *gorm.DB, s stmt, cols columns[T], notFound string) (T, error) {
	row, found, err := firstOf(db, s, cols)
	if err == nil && !found {
		err = apperr.New(apperr.NotFound, notFound)
	}
	return row, err
}

// forUpdate is the locking clause of a read in a transaction that writes what it read: FOR
// UPDATE on PostgreSQL; SQLite has no row locks and needs none, its one connection running one
// transaction at a time.
func forUpdate(db *gorm.DB) string {
	if IsPostgres(db) {
		return " FOR UPDATE"
	}
	return ""
}

// rowsOf reads the rows of s, on its own (readAlone).
func rowsOf[T any](db *gorm.DB, s stmt, cols columns[T]) ([]T, error) {
	s, cols = onSQLite(db, s, cols)
	var out []T
	err := readAlone(db, s, func(rows rowSource) error {
		return scanRows(rows, cols, 0, func(all []T) error { out = all; return nil })
	})
	return out, err
}

// readEach reads the rows of s on its own (readAlone) and hands them to fn n at a time, each
// batch a slice of its own: the caller acts on the first rows while the next ones are still on
// their way. An error of fn stops the reading and is returned as it is.
func readEach[T any](db *gorm.DB, s stmt, cols columns[T], n int, fn func([]T) error) error {
	s, cols = onSQLite(db, s, cols)
	var fnErr error
	err := readAlone(db, s, func(rows rowSource) error {
		return scanRows(rows, cols, n, func(batch []T) error { fnErr = fn(batch); return fnErr })
	})
	if fnErr != nil {
		return fnErr
	}
	return err
}

// readAlone runs s by itself and reads its rows through scan: on PostgreSQL outside a
// transaction through pgx, without a batch's plan setting; elsewhere through gorm.
func readAlone(db *gorm.DB, s stmt, scan func(rowSource) error) error {
	pool, ok := pgxPool(db)
	if !ok {
		return readThroughGorm(db, s, scan)
	}
	return withPgx(db, pool, func(conn *pgx.Conn) error {
		rows, err := conn.Query(db.Statement.Context, rebind(s.sql), s.args...)
		return scanned(rows, err, scan)
	})
}

// genericPlans, first in a batch, has PostgreSQL plan each prepared statement of the batch once
// and keep the plan, until the batch's transaction ends. By default it plans anew for every
// call's values until a generic plan looks no costlier, which for the statements keyed by an
// owner or a list of ids (a startup's counts, the people of a page) it never does: planning was
// more than half of PostgreSQL's time on the dashboards (BenchmarkBatch/per-call-plans).
const genericPlans = "SELECT set_config('plan_cache_mode', 'force_generic_plan', true)"

// run reads every statement queued and returns the first error. With none queued it takes no
// connection.
func (b *readBatch) run() error {
	if len(b.queue) == 0 {
		return nil
	}
	if b.pool == nil {
		for _, q := range b.queue {
			if err := readThroughGorm(b.db, q.stmt, q.scan); err != nil {
				return err
			}
		}
		return nil
	}
	var p pgx.Batch
	if !b.perValue {
		p.Queue(genericPlans)
	}
	for _, q := range b.queue {
		p.Queue(rebind(q.sql), q.args...)
	}
	ctx := b.db.Statement.Context
	return withPgx(b.db, b.pool, func(conn *pgx.Conn) error {
		results := conn.SendBatch(ctx, &p)
		if !b.perValue {
			if _, err := results.Exec(); err != nil {
				_ = results.Close()
				return err
			}
		}
		for _, q := range b.queue {
			rows, err := results.Query()
			if err := scanned(rows, err, q.scan); err != nil {
				_ = results.Close()
				return err
			}
		}
		return results.Close()
	})
}

// scanned reads rows, the answer to a query that failed with err or not, through scan, and
// closes them.
func scanned(rows pgx.Rows, err error, scan func(rowSource) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	if err := scan(rows); err != nil {
		return err
	}
	return rows.Err()
}

// readThroughGorm runs s as gorm's Raw and reads its rows through scan; errors are translated as
// gorm translates its own (driverError).
func readThroughGorm(db *gorm.DB, s stmt, scan func(rowSource) error) error {
	rows, err := db.Raw(s.sql, s.args...).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	if err := scan(rows); err != nil {
		return driverError(db, err)
	}
	return driverError(db, rows.Err())
}

// scanRows scans rows through cols into batches of n for fn (one batch of all when n is 0).
func scanRows[T any](rows rowSource, cols columns[T], n int, fn func([]T) error) error {
	batch := make([]T, 0, n)
	for rows.Next() {
		batch = append(batch, *new(T))
		if err := rows.Scan(cols.scanTargets(&batch[len(batch)-1])...); err != nil {
			return err
		}
		if len(batch) == n {
			if err := fn(batch); err != nil {
				return err
			}
			batch = make([]T, 0, n)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(batch) == 0 {
		return nil
	}
	return fn(batch)
}

// withPgx runs fn on the pgx connection under one of pool's, held until fn returns, in db's
// context: pgx scans into the fields itself, where database/sql turned every value into a
// driver.Value and back (17 % of the student dashboard's allocations, BenchmarkMarketplace). Its
// errors are translated as gorm's are (driverError).
func withPgx(db *gorm.DB, pool *sql.DB, fn func(*pgx.Conn) error) error {
	conn, err := pool.Conn(db.Statement.Context)
	if err != nil {
		return driverError(db, err)
	}
	defer conn.Close()
	return driverError(db, conn.Raw(func(driverConn any) error { return fn(driverConn.(*stdlib.Conn).Conn()) }))
}

// rebind writes s's ? placeholders as PostgreSQL's $1, $2, … (the SQL holds no other ?).
func rebind(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 16)
	n := 0
	for {
		i := strings.IndexByte(s, '?')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		n++
		b.WriteString(s[:i])
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(n))
		s = s[i+1:]
	}
}

// limitOffset is a LIMIT with its OFFSET, none when 0. The limit is written as a number: with a
// bound LIMIT PostgreSQL assumes a tenth of the rows, and planned every list again on every
// request (BenchmarkMarketplace). The limit is a number the server chose, never text a client
// sent. The offset stays an argument: written as a number, a deep page of the open market sorted
// by title was planned as a sort of every listed task, five times slower than the plan
// PostgreSQL keeps for an unknown offset, which walks the title index.
func limitOffset(limit, offset int) (string, []any) {
	sql := " LIMIT " + strconv.Itoa(limit)
	if offset > 0 {
		return sql + " OFFSET ?", []any{offset}
	}
	return sql, nil
}

// inList is the condition "column IN values" and its argument. On PostgreSQL it is written
// "column = ANY(?)" with the values bound as one array: one statement text whatever the list's
// length, so prepared and planned once, where "IN (?, ?, …)" is a new statement for every length
// (TestDashboards_fixedQueryCount). SQLite has no arrays and keeps IN, which gorm's Raw, through
// which every SQLite statement runs, expands into a placeholder a value.
func inList(db *gorm.DB, column string, values []string) (string, any) {
	if IsPostgres(db) {
		return column + " = ANY(?)", textArray(values)
	}
	return column + " IN ?", values
}

// textArray binds a list of strings as one PostgreSQL array parameter: gorm binds a
// driver.Valuer as one parameter where it would spread a slice into a list. pgx's database/sql
// driver accepts any value as it is, and pgx encodes a []string as an array.
type textArray []string

func (a textArray) Value() (driver.Value, error) { return []string(a), nil }

// where is a WHERE clause: conditions joined by AND, each ? with its argument in args, in order.
type where struct {
	conds    []string
	args     []any
	perValue bool // see stmt.perValue
}

func whereOf(cond string, args ...any) where { return where{conds: []string{cond}, args: args} }

// and is w with one more condition; w itself is left as it was.
func (w where) and(cond string, args ...any) where {
	return where{conds: append(slices.Clip(w.conds), cond), args: append(slices.Clip(w.args), args...), perValue: w.perValue}
}

func (w where) String() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// stmt is the statement head + w + tail, head's ? taking headArgs and tail's tailArgs.
func (w where) stmt(head string, headArgs []any, tail string, tailArgs ...any) stmt {
	return stmt{sql: head + w.String() + tail, args: slices.Concat(headArgs, w.args, tailArgs), perValue: w.perValue}
}
