package store

import (
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/gorm"
)

// scanRows reads the rows of query into T through fields, the addresses of T's columns in the
// order query selects them. gorm still builds the statement (its callbacks, and so the query
// counts of the tests, see it); its reflective scan is skipped, which was a fifth of the task
// lists' CPU (docs/performance.md, "REST hot paths"), and on PostgreSQL so is
// database/sql (scanNative). The columns read this way are NOT NULL, or scanned into pointers.
func scanRows[T any](query *gorm.DB, fields func(*T) []any) ([]T, error) {
	var out []T
	err := scanBatches(query, fields, 0, func(all []T) error {
		out = all
		return nil
	})
	return out, err
}

// scanBatches reads the rows of query as scanRows does and hands them to fn n at a time (all at
// once when n is 0), each batch a slice of its own: the caller acts on the first rows while
// the next ones are still on their way. An error of fn stops the reading and is returned.
func scanBatches[T any](query *gorm.DB, fields func(*T) []any, n int, fn func([]T) error) error {
	// An error of fn is its own (a publish of the rows), not the driver's: it is returned as it
	// is, where the driver's are translated (driverError).
	var fnErr error
	own := func(batch []T) error { fnErr = fn(batch); return fnErr }
	var err error
	if pool, ok := pgxPool(query); ok {
		err = scanNative(query, pool, fields, n, own)
	} else if rows, queryErr := query.Rows(); queryErr != nil {
		err = driverError(query, queryErr)
	} else {
		defer rows.Close()
		err = driverError(query, batches(rows, func(r *T) []any { return timesAsText(fields(r)) }, n, own))
	}
	if fnErr != nil {
		return fnErr
	}
	return err
}

// rowSource is what batches reads: *sql.Rows, or pgx.Rows.
type rowSource interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanNative is scanBatches on PostgreSQL outside a transaction: gorm builds the statement (its
// callbacks see it, DryRun), and pgx runs it on one of database/sql's connections and scans into
// the fields itself. database/sql turned every value into a driver.Value and back: 17 % of the
// student dashboard's allocations and 27 % of the startup's task list's (BenchmarkMarketplace;
// docs/performance.md, "REST hot paths"). Inside a transaction its *sql.Tx runs the statement as
// before.
func scanNative[T any](query *gorm.DB, pool *sql.DB, fields func(*T) []any, n int, fn func([]T) error) error {
	built := dryRun[T](query)
	if built.Error != nil {
		return built.Error
	}
	ctx := query.Statement.Context
	return withPgx(query, pool, func(conn *pgx.Conn) error {
		rows, err := conn.Query(ctx, built.Statement.SQL.String(), built.Statement.Vars...)
		if err != nil {
			return err
		}
		defer rows.Close()
		return batches(rows, fields, n, fn)
	})
}

// dryRun builds query's statement through gorm's callbacks without running it, for pgx to run.
func dryRun[T any](query *gorm.DB) *gorm.DB {
	return query.Session(&gorm.Session{DryRun: true}).Find(&[]T{})
}

// pgxPool is db's pool when its statements may go to pgx directly: on PostgreSQL, outside a
// transaction (inside one, the *sql.Tx must run them).
func pgxPool(db *gorm.DB) (*sql.DB, bool) {
	pool, ok := db.Statement.ConnPool.(*sql.DB)
	return pool, ok && IsPostgres(db)
}

// withPgx runs fn on the pgx connection under one of pool's (pgxPool(db)'s), held until fn
// returns, in db's context. Its errors are translated as gorm's are (driverError).
func withPgx(db *gorm.DB, pool *sql.DB, fn func(*pgx.Conn) error) error {
	conn, err := pool.Conn(db.Statement.Context)
	if err != nil {
		return driverError(db, err)
	}
	defer conn.Close()
	return driverError(db, conn.Raw(func(driverConn any) error { return fn(driverConn.(*stdlib.Conn).Conn()) }))
}

// batches scans rows into batches of n for fn (one batch of all when n is 0).
func batches[T any](rows rowSource, fields func(*T) []any, n int, fn func([]T) error) error {
	batch := make([]T, 0, n)
	for rows.Next() {
		batch = append(batch, *new(T))
		if err := rows.Scan(fields(&batch[len(batch)-1])...); err != nil {
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

// taskColumns are taskRow's columns as taskFields scans them; SearchText and Listed, which only
// the queries read, are left out.
var taskColumns = newSelectList("tasks.id", "tasks.startup_id", "tasks.title", "tasks.description", "tasks.category",
	"tasks.work_type", "tasks.skills", "tasks.difficulty", "tasks.estimated_hours", "tasks.budget_min", "tasks.budget_max",
	"tasks.currency", "tasks.deadline", "tasks.priority", "tasks.image_url", "tasks.attachments", "tasks.assigned_student_id",
	"tasks.revision_rounds", "tasks.seats", "tasks.seats_filled", "tasks.funding_status", "tasks.funding_amount",
	"tasks.funding_refunded", "tasks.status", "tasks.completed_at", "tasks.closed_reason", "tasks.closed_at", "tasks.created_at",
	"tasks.updated_at")

func taskFields(r *taskRow) []any {
	return []any{&r.ID, &r.StartupID, &r.Title, &r.Description, &r.Category, &r.WorkType,
		&r.Skills, &r.Difficulty, &r.EstimatedHours, &r.BudgetMin, &r.BudgetMax, &r.Currency,
		&r.Deadline, &r.Priority, &r.ImageURL, &r.Attachments, &r.AssignedStudentID,
		&r.RevisionRounds, &r.Seats, &r.SeatsFilled, &r.FundingStatus, &r.FundingAmount,
		&r.FundingRefunded, &r.Status, &r.CompletedAt, &r.ClosedReason, &r.ClosedAt, &r.CreatedAt, &r.UpdatedAt}
}

// countOf reads the one number query selects (a COUNT).
func countOf(query *gorm.DB) (int, error) {
	n, err := scanRows(query, func(n *int) []any { return []any{n} })
	if err != nil || len(n) == 0 {
		return 0, err
	}
	return n[0], nil
}

// findTasks reads the tasks query selects, in its order.
func findTasks(query *gorm.DB) ([]taskRow, error) {
	return scanRows(query.Select(taskColumns.of(query)), taskFields)
}

// readTasks is findTasks queued on r.
func readTasks(r *reads, query *gorm.DB, out *[]taskRow) {
	readInto(r, query.Select(taskColumns.of(query)), taskFields, out)
}

var submissionColumns = newSelectList("submissions.id", "submissions.task_id", "submissions.student_id",
	"submissions.startup_id", "submissions.link", "submissions.status", "submissions.review_notes", "submissions.revision",
	"submissions.submitted_at", "submissions.updated_at", "submissions.reviewed_at")

func submissionFields(r *submissionRow) []any {
	return []any{&r.ID, &r.TaskID, &r.StudentID, &r.StartupID, &r.Link, &r.Status, &r.ReviewNotes, &r.Revision,
		&r.SubmittedAt, &r.UpdatedAt, &r.ReviewedAt}
}

var revisionColumns = newSelectList("submission_id", "revision", "link", "status", "review_notes", "submitted_at", "reviewed_at")

func revisionFields(r *revisionRow) []any {
	return []any{&r.SubmissionID, &r.Revision, &r.Link, &r.Status, &r.ReviewNotes, &r.SubmittedAt, &r.ReviewedAt}
}
