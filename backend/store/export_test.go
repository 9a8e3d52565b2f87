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

// StartupsQuery and RevisionsQuery are the statements of startups and revisionsOf, for the test
// that reads their plans.
func StartupsQuery(db *gorm.DB) *gorm.DB { return startupsQuery(db, 0, 8) }

func RevisionsQuery(db *gorm.DB, ids []string) *gorm.DB { return revisionsQuery(db, ids) }

// StudentTasksQuery is the statement of a student's tasks (StudentTasks, the dashboard's lists).
func StudentTasksQuery(db *gorm.DB, studentID string) *gorm.DB {
	return studentBase(db, studentID, tasks.Query{}, nil)
}

// ReadTogether reads the one text column of each query as reads does, all of them together
// (on PostgreSQL, one batch), and returns each query's values.
func ReadTogether(db *gorm.DB, queries ...*gorm.DB) ([][]string, error) {
	r := newReads(db)
	out := make([][]string, len(queries))
	for i, q := range queries {
		readInto(r, q, func(s *string) []any { return []any{s} }, &out[i])
	}
	return out, r.run()
}

// PlanModeBeside reads PostgreSQL's plan_cache_mode in one batch with the count of the tasks that
// search finds: the mode the batch's statements are planned with.
func PlanModeBeside(db *gorm.DB, search string) (string, error) {
	r := newReads(db)
	var n int
	readCount(r, filtered(db.Model(&taskRow{}).Select("COUNT(*)"), tasks.Query{Search: search}), &n)
	var mode []string
	readInto(r, db.Raw("SELECT current_setting('plan_cache_mode')"), func(s *string) []any { return []any{s} }, &mode)
	if err := r.run(); err != nil {
		return "", err
	}
	return mode[0], nil
}

// OpenMarketQuery is the statement of the open market's first page in sort's order, for the test
// that reads its plan.
func OpenMarketQuery(db *gorm.DB, sort string) *gorm.DB {
	return pageQuery(db, openMarket(db, tasks.Query{}, ""), sort, 12, 0)
}
