package store

import (
	"fmt"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"

	"bridgework/backend/audit"
	"bridgework/backend/tasks"
)

// MigrateBefore applies every migration listed before the one of id, with the audit trail's
// key, for the tests of what a migration does to the rows written before it.
func MigrateBefore(db *gorm.DB, id string, auditKey audit.Key) error {
	all := migrations(auditKey)
	for i, m := range all {
		if m.ID == id {
			opts := *gormigrate.DefaultOptions
			opts.UseTransaction = true
			return gormigrate.New(db, &opts, all[:i]).Migrate()
		}
	}
	return fmt.Errorf("no migration %s", id)
}

// SetDeferFrom sets the offset from which pageQuery reads a page's ids first, for the tests that
// hold both ways of reading a page to the same rows; the returned func restores it.
func SetDeferFrom(offset int) (restore func()) {
	was := deferFrom
	deferFrom = offset
	return func() { deferFrom = was }
}

// Statement is a statement as the store writes it: SQL with a ? for each of Args.
type Statement struct {
	SQL  string
	Args []any
}

// Rebound is the statement's SQL as PostgreSQL is sent it, with $1, $2, … for its arguments.
func (s Statement) Rebound() string { return rebind(s.SQL) }

func exported(s stmt) Statement { return Statement{SQL: s.sql, Args: s.args} }

// StartupsQuery and RevisionsQuery are the statements of startups and revisionsOf, for the test
// that reads their plans.
func StartupsQuery() Statement { return exported(startupsQuery(0, 8)) }

func RevisionsQuery(db *gorm.DB, ids []string) Statement { return exported(revisionsQuery(db, ids)) }

// StudentTasksQuery is the statement of a student's tasks (StudentTasks, the dashboard's lists).
func StudentTasksQuery(db *gorm.DB, studentID string) Statement {
	return exported(studentBase(db, studentID, tasks.Query{}, nil).stmt("SELECT "+taskColumns.list+" FROM tasks", nil, ""))
}

// ReadTogether reads the one text column of each statement together, as the lists read theirs
// (on PostgreSQL, one batch), and returns each statement's values.
func ReadTogether(db *gorm.DB, statements ...Statement) ([][]string, error) {
	b := newReadBatch(db)
	out := make([][]string, len(statements))
	text := columnsOf(column[string]{"", func(s *string) any { return s }})
	for i, s := range statements {
		read(b, stmt{sql: s.SQL, args: s.Args}, text, &out[i])
	}
	return out, b.run()
}

// PlanModeBeside reads PostgreSQL's plan_cache_mode in one batch with the count of the tasks that
// search finds: the mode the batch's statements are planned with.
func PlanModeBeside(db *gorm.DB, search string) (string, error) {
	b := newReadBatch(db)
	var n int
	readCount(b, countOf(filtered(where{}, tasks.Query{Search: search})), &n)
	var mode []string
	read(b, stmt{sql: "SELECT current_setting('plan_cache_mode')"}, columnsOf(column[string]{"", func(s *string) any { return s }}), &mode)
	if err := b.run(); err != nil {
		return "", err
	}
	return mode[0], nil
}

// OpenMarketQuery is the statement of the open market's first page in sort's order, for the test
// that reads its plan.
func OpenMarketQuery(sort string) Statement {
	return exported(pageQuery(openMarket(tasks.Query{}, ""), sort, 12, 0))
}

// StartupDashboardReads reads what the startup dashboard's first round and the startup's task
// list read first (their figures, counts, newest tasks and submissions) for BenchmarkBatch:
// together in one batch or each on its own, and in a batch with or without its plan setting.
func StartupDashboardReads(db *gorm.DB, startupID string, together, genericPlans bool) error {
	b := newReadBatch(db)
	b.perValue = !genericPlans
	readStartupStats(b, startupID)
	readStartupTaskCounts(b, startupID, tasks.Query{})
	var taskRows []taskRow
	read(b, pageQuery(whereOf("tasks.startup_id = ?", startupID), "newest", 12, 0), taskColumns, &taskRows)
	var subRows []submissionRow
	read(b, newestSubmissions(whereOf("submissions.startup_id = ?", startupID), 5, 0), submissionColumns, &subRows)
	if together {
		return b.run()
	}
	for _, q := range b.queue {
		if err := readAlone(db, q.stmt, q.scan); err != nil {
			return err
		}
	}
	return nil
}
