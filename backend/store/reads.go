package store

import (
	"database/sql"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"
)

// reads gathers statements that do not depend on one another and reads them together: on
// PostgreSQL outside a transaction, in one round trip (a pgx batch on one connection) rather
// than one each, so a request waits on PostgreSQL, and both sleep and wake, once for all of
// them (docs/performance.md, "Round trips and query plans"). Elsewhere they run
// one after the other, as scanRows runs them. gorm builds every statement, as for scanRows.
type reads struct {
	db    *gorm.DB
	pool  *sql.DB // pgxPool's, nil where the statements run one after the other
	queue []queuedRead
	// wantsPlanPerValue: a statement queued is best planned for its parameters' values (a
	// search), so the batch leaves PostgreSQL its own choice of plan.
	wantsPlanPerValue bool
}

// planPerValue marks a statement (gorm's Set) whose best plan hangs on its parameters' values:
// a search's LIKE '%word%' walks the newest tasks for a common word and the trigram index for a
// rare one. Statements without it are read on generic plans (genericPlans).
const planPerValue = "bridgework:plan-per-value"

// genericPlans, first in a batch, has PostgreSQL plan each prepared statement of the batch once
// and keep the plan, until the batch's transaction ends. By default it plans anew for every
// call's values until a generic plan looks no costlier, which for the statements keyed by an
// owner or a list of ids (a startup's counts, the people of a page) it never does: planning was
// more than half of PostgreSQL's time under scripts/capacity.sh (docs/performance.md, "Round
// trips and query plans").
const genericPlans = "SELECT set_config('plan_cache_mode', 'force_generic_plan', true)"

type queuedRead struct {
	built *gorm.DB                   // the statement, from a dry run (in a batch)
	scan  func(rows rowSource) error // reads its rows (in a batch)
	run   func() error               // runs and reads it (otherwise)
}

func newReads(db *gorm.DB) *reads {
	r := &reads{db: db}
	if pool, ok := pgxPool(db); ok {
		r.pool = pool
	}
	return r
}

// readNow runs the one read queue makes on db's reads and returns its result, for callers with
// nothing to read beside it.
func readNow[V any](db *gorm.DB, queue func(*reads) func() V) (V, error) {
	r := newReads(db)
	result := queue(r)
	if err := r.run(); err != nil {
		var none V
		return none, err
	}
	return result(), nil
}

// readInRounds reads in as many round trips as it is given rounds, one after the other: each
// round queues its statements on a reads of its own, and may use what the rounds before it read.
func readInRounds(db *gorm.DB, rounds ...func(*reads)) error {
	for _, round := range rounds {
		r := newReads(db)
		round(r)
		if err := r.run(); err != nil {
			return err
		}
	}
	return nil
}

// readInto queues query; once r has run, out holds its rows, scanned through fields as scanRows
// scans them.
func readInto[T any](r *reads, query *gorm.DB, fields func(*T) []any, out *[]T) {
	if _, ok := query.Get(planPerValue); ok {
		r.wantsPlanPerValue = true
	}
	if r.pool == nil {
		r.queue = append(r.queue, queuedRead{run: func() (err error) {
			*out, err = scanRows(query, fields)
			return err
		}})
		return
	}
	r.queue = append(r.queue, queuedRead{
		built: dryRun[T](query),
		scan: func(rows rowSource) error {
			return batches(rows, fields, 0, func(all []T) error {
				*out = all
				return nil
			})
		},
	})
}

// readCount queues a query of one number (a COUNT), read into n.
func readCount(r *reads, query *gorm.DB, n *int) {
	readInto(r, query, func(*int) []any { return []any{n} }, new([]int))
}

// run reads every statement queued and returns the first error. With none queued it takes no
// connection.
func (r *reads) run() error {
	if r.pool == nil {
		for _, q := range r.queue {
			if err := q.run(); err != nil {
				return err
			}
		}
		return nil
	}
	if len(r.queue) == 0 {
		return nil
	}
	var batch pgx.Batch
	if !r.wantsPlanPerValue {
		batch.Queue(genericPlans)
	}
	for _, q := range r.queue {
		if q.built.Error != nil {
			return q.built.Error
		}
		batch.Queue(q.built.Statement.SQL.String(), q.built.Statement.Vars...)
	}
	ctx := r.db.Statement.Context
	return withPgx(r.db, r.pool, func(conn *pgx.Conn) error {
		results := conn.SendBatch(ctx, &batch)
		if !r.wantsPlanPerValue {
			if _, err := results.Exec(); err != nil {
				_ = results.Close()
				return err
			}
		}
		for _, q := range r.queue {
			if err := readResult(results, q.scan); err != nil {
				_ = results.Close()
				return err
			}
		}
		return results.Close()
	})
}

// readResult reads the next statement's rows of a batch through scan.
func readResult(results pgx.BatchResults, scan func(rowSource) error) error {
	rows, err := results.Query()
	if err != nil {
		return err
	}
	defer rows.Close()
	if err := scan(rows); err != nil {
		return err
	}
	return rows.Err()
}
