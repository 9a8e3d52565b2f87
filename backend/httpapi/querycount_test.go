package httpapi_test

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
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

// statementTexts records the text of every statement gorm builds for db from now on, the dry
// runs with which the hand-scanned lists build theirs included, the mail worker's left out.
type statementTexts struct {
	mu    sync.Mutex
	texts map[string]bool
}

func recordStatements(t testing.TB, db *gorm.DB) *statementTexts {
	t.Helper()
	s := &statementTexts{texts: map[string]bool{}}
	add := func(tx *gorm.DB) {
		if mailWorker(tx) {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.texts[tx.Statement.SQL.String()] = true
	}
	cb := db.Callback()
	for name, err := range map[string]error{
		"query": cb.Query().After("gorm:query").Register("test:text_query", add),
		"row":   cb.Row().After("gorm:row").Register("test:text_row", add),
	} {
		if err != nil {
			t.Fatalf("register %s callback: %v", name, err)
		}
	}
	return s
}

// take returns the texts recorded since the last take, sorted.
func (s *statementTexts) take() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := slices.Sorted(maps.Keys(s.texts))
	clear(s.texts)
	return out
}

// TestDashboards_fixedQueryCount: the list and dashboard calls run the same small number of
// queries whatever the data holds (no N+1): once with one task and submission, once with 30
// tasks × 4 submissions. The counts include the three of authentication (session, user and
// skills): the cache is off, so every call pays them as a user's first request does.
//
// On PostgreSQL they also run the same statement texts with little data and with more, and none
// binds its LIMIT: PostgreSQL prepares each text once a connection and may keep one plan for all
// its executions, which it cannot for a list written "IN ($1, $2, …)", a new text for every
// length, nor for an unknown LIMIT (docs/performance.md, "Statements planned once").
func TestDashboards_fixedQueryCount(t *testing.T) {
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) { dashboardsQueryCount(t, kind) })
	}
}

func dashboardsQueryCount(t *testing.T, kind testenv.Kind) {
	var queries *atomic.Int64
	var texts *statementTexts
	e := newEnvPrepared(t, kind, func(c *config.Config) { c.UserCacheTTL = 0 }, func(db *gorm.DB) {
		queries, texts = countQueries(t, db), recordStatements(t, db)
	})
	startup := e.registerStartup("Count Inc")
	students := []user{e.registerStudent("Ann"), e.registerStudent("Ben"), e.registerStudent("Cat"), e.registerStudent("Dan")}
	me, fresh := students[0], e.registerStudent("Eve")

	calls := []struct {
		path  string
		token string
		max   int64
	}{
		// Every list that shows submissions reads their revisions in one more query.
		{"/api/startup/tasks", startup.Token, 8},
		{"/api/startup/dashboard", startup.Token, 15},
		{"/api/startup/submissions", startup.Token, 8},
		{"/api/student/dashboard", me.Token, 17}, // with the spec client's tasks list (4 of them)
		{"/api/student/tasks/all?scope=mine", me.Token, 8},
		{"/api/student/tasks/all", fresh.Token, 9}, // own and market read apart: a page may take from both
		{"/api/tasks", "", 3},
	}
	measure := func() (counts []int64, statements [][]string) {
		for _, c := range calls {
			before := queries.Load()
			texts.take()
			if res := e.do("GET", c.path, c.token, nil); res.Status != http.StatusOK {
				t.Fatalf("GET %s: %d %s", c.path, res.Status, res.Raw)
			}
			counts = append(counts, queries.Load()-before)
			statements = append(statements, texts.take())
		}
		return counts, statements
	}

	// One task, one submission, one completed.
	first := e.postTask(startup, nil)
	e.submitLink(me, first, "https://example.com/0")
	done := e.postTask(startup, nil)
	e.submitLink(me, done, "https://example.com/d")
	e.decide(startup, done, me.ID, true, "")
	small, smallTexts := measure()

	for i := range 30 {
		id := e.postTask(startup, map[string]any{"title": fmt.Sprintf("Task %d", i)})
		for j, s := range students {
			e.submitLink(s, id, fmt.Sprintf("https://example.com/%d/%d", i, j))
		}
		if i%5 == 0 {
			e.decide(startup, id, me.ID, true, "")
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
		}
		if small[i] != large[i] {
			t.Errorf("GET %s ran %d queries with little data and %d with more: it grows with the data", c.path, small[i], large[i])
		}
		if large[i] > c.max {
			t.Errorf("GET %s ran %d queries, want at most %d", c.path, large[i], c.max)
		}
		t.Logf("GET %s: %d queries", c.path, large[i])
	}
}
