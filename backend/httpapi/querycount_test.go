package httpapi_test

import (
	"database/sql"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"gorm.io/gorm"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// mailWorker reports a statement of the mail worker's: it polls its outbox every few seconds
// whatever the requests do, so counting or recording its polls would make what a request ran
// depend on when the worker woke up.
func mailWorker(tx *gorm.DB) bool { return tx.Statement.Table == "mail_outbox" }

// countQueries counts every statement gorm sends to db from now on, except the mail worker's.
func countQueries(t testing.TB, db *gorm.DB) *atomic.Int64 {
	t.Helper()
	var n atomic.Int64
	inc := func(tx *gorm.DB) {
		// Subqueries are built by a dry run of the callbacks: no statement reaches the database.
		if !tx.DryRun && !mailWorker(tx) {
			n.Add(1)
		}
	}
	cb := db.Callback()
	for name, err := range map[string]error{
		"query":  cb.Query().After("gorm:query").Register("test:count_query", inc),
		"row":    cb.Row().After("gorm:row").Register("test:count_row", inc),
		"raw":    cb.Raw().After("gorm:raw").Register("test:count_raw", inc),
		"create": cb.Create().After("gorm:create").Register("test:count_create", inc),
		"update": cb.Update().After("gorm:update").Register("test:count_update", inc),
		"delete": cb.Delete().After("gorm:delete").Register("test:count_delete", inc),
	} {
		if err != nil {
			t.Fatalf("register %s callback: %v", name, err)
		}
	}
	return &n
}

// statementTexts records the texts of the statements PostgreSQL runs on pool's one connection
// from now on, as its prepared statements count their plans: the lists' reads reach it through
// pgx, past gorm's callbacks. The mail worker's, the batches' plan setting and the count's own
// are left out.
type statementTexts struct {
	t    testing.TB
	pool *sql.DB
	runs map[string]int64 // each statement's plans at the last take
}

func recordStatements(t testing.TB, pool *sql.DB) *statementTexts {
	t.Helper()
	s := &statementTexts{t: t, pool: pool, runs: map[string]int64{}}
	s.take()
	return s
}

// take returns the texts run since the last take, sorted.
func (s *statementTexts) take() []string {
	s.t.Helper()
	rows, err := s.pool.Query("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements WHERE " + ownStatements)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var text string
		var runs int64
		if err := rows.Scan(&text, &runs); err != nil {
			s.t.Fatal(err)
		}
		if runs > s.runs[text] {
			out = append(out, text)
		}
		s.runs[text] = runs
	}
	slices.Sort(out)
	return out
}

// TestDashboards_fixedQueryCount: the list and dashboard calls run the same small number of
// queries whatever the data holds (no N+1), and on PostgreSQL send them in a fixed number of
// round trips (batchesRun): once with one task and submission, once with 30 tasks × 4
// submissions. The counts include the three of authentication (session, user and
// skills): the cache is off, so every call pays them as a user's first request does. On
// PostgreSQL the count is the database's own (executed): the reads sent together in one batch
// reach it through pgx, past gorm's callbacks.
//
// On PostgreSQL they also run the same statement texts with little data and with more, and none
// binds its LIMIT: PostgreSQL prepares each text once a connection and may keep one plan for all
// its executions, which it cannot for a list written "IN ($1, $2, …)", a new text for every
// length, nor for an unknown LIMIT (docs/performance.md, "Round trips and query plans"). And among
// a crowd of other startups and students, none of those statements is planned anew on every call
// (plansKept).
func TestDashboards_fixedQueryCount(t *testing.T) {
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) { dashboardsQueryCount(t, kind) })
	}
}

func dashboardsQueryCount(t *testing.T, kind testenv.Kind) {
	var queries *atomic.Int64
	var texts *statementTexts
	var pool *sql.DB
	e := newEnvPrepared(t, kind, func(c *config.Config) { c.UserCacheTTL = 0 }, func(db *gorm.DB) {
		queries = countQueries(t, db)
		if kind == testenv.Postgres {
			// One connection: the plans counted below are those of every statement the calls ran.
			pool, _ = db.DB()
			pool.SetMaxOpenConns(1)
			texts = recordStatements(t, pool)
		}
	})
	startup := e.registerStartup("Count Inc")
	students := []user{e.registerStudent("Ann"), e.registerStudent("Ben"), e.registerStudent("Cat"), e.registerStudent("Dan")}
	me, fresh := students[0], e.registerStudent("Eve")

	calls := []struct {
		path    string
		token   string
		max     int64
		batches int64 // on PostgreSQL, the most round trips its reads may take together
	}{
		// Every list that shows submissions reads their revisions in one more query.
		{"/api/startup/tasks", startup.Token, 8, 3},
		{"/api/startup/dashboard", startup.Token, 12, 3},
		{"/api/startup/submissions", startup.Token, 8, 2},
		{"/api/student/dashboard", me.Token, 13, 3}, // with the spec client's tasks list, read beside the rest
		{"/api/student/tasks/all?scope=mine", me.Token, 8, 3},
		{"/api/student/tasks/all", fresh.Token, 9, 3}, // own and market read apart: a page may take from both
		{"/api/tasks", "", 3, 2},
	}
	ran := queries.Load
	if kind == testenv.Postgres {
		ran = func() int64 { return executed(t, pool) }
	}
	var trips []int64
	measure := func() (counts []int64, statements [][]string) {
		trips = trips[:0]
		for _, c := range calls {
			before, batchesBefore := ran(), batchesRun(t, pool)
			if texts != nil {
				texts.take()
			}
			if res := e.do("GET", c.path, c.token, nil); res.Status != http.StatusOK {
				t.Fatalf("GET %s: %d %s", c.path, res.Status, res.Raw)
			}
			counts = append(counts, ran()-before)
			trips = append(trips, batchesRun(t, pool)-batchesBefore)
			if texts != nil {
				statements = append(statements, texts.take())
			}
		}
		return counts, statements
	}

	// One task, one submission, one completed.
	first := e.postTask(startup, nil)
	e.submitLink(me, first, "https://example.com/0")
	done := e.postTask(startup, nil)
	e.submitLink(me, done, "https://example.com/d")
	// Approvals that keep their tasks open, as the figures below were first measured: only
	// "me" is ever assigned here, a skew no real marketplace has, on which PostgreSQL would
	// plan the student's own tasks anew for them alone.
	e.decideKeepingOpen(startup, done, me.ID)
	small, smallTexts := measure()

	for i := range 30 {
		id := e.postTask(startup, map[string]any{"title": fmt.Sprintf("Task %d", i)})
		for j, s := range students {
			e.submitLink(s, id, fmt.Sprintf("https://example.com/%d/%d", i, j))
		}
		if i%5 == 0 {
			e.decideKeepingOpen(startup, id, me.ID)
		}
	}
	large, largeTexts := measure()

	for i, c := range calls {
		if kind == testenv.Postgres {
			if !slices.Equal(smallTexts[i], largeTexts[i]) {
				t.Errorf("GET %s ran other statement texts with more data:\n%s\nwith little:\n%s", c.path,
					strings.Join(largeTexts[i], "\n"), strings.Join(smallTexts[i], "\n"))
			}
			for _, text := range largeTexts[i] {
				if strings.Contains(text, "LIMIT $") {
					t.Errorf("GET %s binds its LIMIT: %s", c.path, text)
				}
			}
			if trips[i] > c.batches {
				t.Errorf("GET %s read in %d round trips, want at most %d", c.path, trips[i], c.batches)
			}
			t.Logf("GET %s: %d round trips", c.path, trips[i])
		}
		if small[i] != large[i] {
			t.Errorf("GET %s ran %d queries with little data and %d with more: it grows with the data", c.path, small[i], large[i])
		}
		if large[i] > c.max {
			t.Errorf("GET %s ran %d queries, want at most %d", c.path, large[i], c.max)
		}
		t.Logf("GET %s: %d queries", c.path, large[i])
	}
	if kind == testenv.Postgres {
		crowd(t, pool, startup.ID, me.ID)
		plansKept(t, pool, func() { measure() })
	}
}

// executed is how many statements PostgreSQL has run on pool's one connection, as its prepared
// statements count their plans: the batched reads included, which reach it through pgx rather
// than gorm's callbacks, so countQueries does not see them. The mail worker's, the batches' plan
// setting and this count's own are left out.
func executed(t *testing.T, pool *sql.DB) int64 {
	t.Helper()
	return planned(t, pool, ownStatements)
}

// ownStatements are the statements of the calls: not the mail worker's, nor the batches' plan
// setting, nor the test's own reading of pg_prepared_statements.
const ownStatements = `statement NOT LIKE '%mail_outbox%' AND statement NOT LIKE 'SELECT set_config(%'
	AND statement NOT LIKE '%pg_prepared_statements%'`

// batchesRun is how many batches of reads PostgreSQL has run on pool's one connection, each one
// round trip: every batch without a search starts with its plan setting (store's genericPlans).
// Zero where pool is nil (SQLite, which has no round trips).
func batchesRun(t *testing.T, pool *sql.DB) int64 {
	t.Helper()
	if pool == nil {
		return 0
	}
	return planned(t, pool, `statement LIKE 'SELECT set_config(%'`)
}

// planned is how many times pool's one connection has run its prepared statements that match
// where (generic and custom plans alike).
func planned(t *testing.T, pool *sql.DB, where string) int64 {
	t.Helper()
	var n int64
	if err := pool.QueryRow(`SELECT COALESCE(SUM(generic_plans + custom_plans), 0) FROM pg_prepared_statements WHERE ` +
		where).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// crowd puts the test's startup and student in a marketplace: 1,000 other startups with 4 tasks
// each, and 1,000 other students with a submission on each of one startup's tasks, copies of the
// test's own rows, then has PostgreSQL gather its statistics. With a few rows all alike it
// estimates one startup's rows as well with a generic plan as with a plan for its id.
func crowd(t *testing.T, pool *sql.DB, startupID, studentID string) {
	t.Helper()
	copies := func(table, where, fields string) string {
		return "INSERT INTO " + table + " SELECT (jsonb_populate_record(NULL::" + table + ", to_jsonb(r) || jsonb_build_object(" + fields + "))).*" +
			" FROM " + table + " r, generate_series(1, 1000) g, generate_series(1, 4) k WHERE " + where
	}
	for _, c := range []struct {
		statement string
		arg       string
	}{
		{copies("users", "r.id = $1 AND k = 1", "'id', 'crowd-startup-' || g, 'email', 'crowd-startup-' || g || '@example.com'"), startupID},
		{copies("users", "r.id = $1 AND k = 1", "'id', 'crowd-student-' || g, 'email', 'crowd-student-' || g || '@example.com'"), studentID},
		{copies("tasks", "r.id = (SELECT task_id FROM submissions WHERE student_id = $1 LIMIT 1)",
			"'id', 'crowd-task-' || g || '-' || k, 'startup_id', 'crowd-startup-' || g"), studentID},
		{copies("submissions", "r.id = (SELECT id FROM submissions WHERE student_id = $1 LIMIT 1)",
			"'id', 'crowd-submission-' || g || '-' || k, 'task_id', 'crowd-task-' || g || '-' || k, "+
				"'startup_id', 'crowd-startup-' || g, 'student_id', 'crowd-student-' || g"), studentID},
	} {
		if _, err := pool.Exec(c.statement, c.arg); err != nil {
			t.Fatalf("%s: %v", c.statement, err)
		}
	}
	if _, err := pool.Exec("ANALYZE"); err != nil {
		t.Fatal(err)
	}
}

// plansKept fails for every statement the calls run that PostgreSQL plans anew on every call,
// for its values, rather than keeping a plan. By default it plans a prepared statement's first
// five executions for their values, and every later one too for as long as its generic plan
// looks costlier; on the dashboards that planning cost more than running the statements
// (docs/performance.md, "Round trips and query plans"). pool has one connection, whose plans
// pg_prepared_statements counts.
func plansKept(t *testing.T, pool *sql.DB, calls func()) {
	t.Helper()
	planned := func() map[string]int64 {
		rows, err := pool.Query("SELECT statement, custom_plans FROM pg_prepared_statements")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]int64{}
		for rows.Next() {
			var statement string
			var custom int64
			if err := rows.Scan(&statement, &custom); err != nil {
				t.Fatal(err)
			}
			out[statement] = custom
		}
		return out
	}
	for range 5 {
		calls()
	}
	before := planned()
	calls()
	for statement, custom := range planned() {
		if custom > before[statement] && before[statement] >= 5 {
			t.Errorf("planned anew on every call (%d times): %s", custom, statement)
		}
	}
}
