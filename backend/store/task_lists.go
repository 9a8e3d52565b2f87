package store

import (
	"context"
	"math"
	"strings"

	"gorm.io/gorm"

	"bridgework/backend/tasks"
)

// The task lists. Each is a page query and a count on indexed columns, then hydrate's two
// queries: a fixed number of queries whatever the page holds, with every filter in SQL.

// mineIDsSQL selects the ids of a student's tasks: submitted to, or assigned to them. A UNION
// (rather than an OR) lets both halves use their index. Its two parameters are the student. The
// assigned half states the condition of the partial index of assigned tasks (migration 0020), not
// the empty string, which no student id fails: with it PostgreSQL keeps one plan for every
// student, where it planned each call again (TestPostgresPlans_studentTasksPlannedOnce).
const mineIDsSQL = "SELECT task_id FROM submissions WHERE student_id = ? UNION " +
	"SELECT id FROM tasks WHERE assigned_student_id = ? AND assigned_student_id <> ''"

// mineSQL is the condition on tasks for a student's tasks. On PostgreSQL their ids are gathered
// into an array first: as "IN (subquery)" the planner weighed a join against the whole table, and
// with a few thousand tasks it chose to read all of them (3.5 ms a call, where reading the
// student's 50 tasks by primary key takes 0.4; docs/performance.md, "Round trips and query plans").
func mineSQL(db *gorm.DB) string {
	if IsPostgres(db) {
		return "tasks.id = ANY(ARRAY(" + mineIDsSQL + "))"
	}
	return "tasks.id IN (" + mineIDsSQL + ")"
}

// completedForSQL is a task a student completed: their submission to it was approved, whether
// the approval closed the task or left it open for more students.
const completedForSQL = "EXISTS (SELECT 1 FROM submissions AS done WHERE done.task_id = tasks.id AND done.student_id = ? AND done.status = 'approved')"

// decidedAgainstSQL is a task on which the student's submission was rejected or closed.
const decidedAgainstSQL = "EXISTS (SELECT 1 FROM submissions AS gone WHERE gone.task_id = tasks.id AND gone.student_id = ? AND gone.status IN ('rejected', 'closed'))"

func (s Tasks) StartupTaskCounts(ctx context.Context, startupID string, q tasks.Query) (map[string]int, error) {
	return readNow(s.DB.WithContext(ctx), func(b *readBatch) func() map[string]int { return readStartupTaskCounts(b, startupID, q) })
}

// readStartupTaskCounts is StartupTaskCounts queued on b.
func readStartupTaskCounts(b *readBatch, startupID string, q tasks.Query) (counts func() map[string]int) {
	cols := statusCountsOf("tasks")
	var rows []statusCount
	read(b, filtered(whereOf("tasks.startup_id = ?", startupID), q).stmt("SELECT "+cols.list+" FROM tasks", nil, " GROUP BY tasks.status"), cols, &rows)
	return func() map[string]int {
		counts := map[string]int{"all": 0, tasks.StatusOpen: 0, tasks.StatusUnderReview: 0, tasks.StatusCompleted: 0, tasks.StatusClosed: 0}
		for _, r := range rows {
			counts["all"] += r.N
			counts[tasks.DisplayStatus(r.Status)] += r.N
		}
		return counts
	}
}

// statusCount is how many rows have one status.
type statusCount struct {
	Status string
	N      int
}

// statusCountsOf is the select list of table's rows counted by status (GROUP BY table.status).
func statusCountsOf(table string) columns[statusCount] {
	return columnsOf(column[statusCount]{table + ".status", func(r *statusCount) any { return &r.Status }},
		column[statusCount]{"COUNT(*)", func(r *statusCount) any { return &r.N }})
}

// StartupTasks reads the tab counts with the page; the selected tab's count is the page's
// total, so the list needs no count query of its own.
func (s Tasks) StartupTasks(ctx context.Context, startupID string, q tasks.Query) (tasks.Page[tasks.Task], error) {
	db := s.DB.WithContext(ctx)
	b := newReadBatch(db)
	counts := readStartupTaskCounts(b, startupID, q)
	base := filtered(whereOf("tasks.startup_id = ?", startupID), q)
	tab := "all"
	switch q.Status {
	case tasks.StatusOpen:
		base = base.and("tasks.status IN (?, ?)", tasks.StatusOpen, tasks.StatusSubmitted)
		tab = q.Status
	case tasks.StatusUnderReview, tasks.StatusCompleted, tasks.StatusClosed:
		base = base.and("tasks.status = ?", q.Status)
		tab = q.Status
	}
	if q.Sort == "" {
		q.Sort = "newest"
	}
	return pageOf(b, base, q, allSubmissions, math.MaxInt, func() int { return counts()[tab] })
}

func (s Tasks) OpenTasks(ctx context.Context, q tasks.Query, exceptStudent string) (tasks.Page[tasks.Task], error) {
	db := s.DB.WithContext(ctx)
	base := openMarket(q, exceptStudent)
	if q.Source == "startup" {
		// Nothing on the open market was assigned by a startup.
		base = base.and("1 = 0")
	}
	// A student sees their own submissions only, and has none on these; the public sees none.
	return pageCapped(db, base, q, noSubmissions)
}

// openMarket is the listed tasks, less those exceptStudent (when set) has submitted to.
func openMarket(q tasks.Query, exceptStudent string) where {
	base := filtered(whereOf("tasks.listed = true"), q)
	if exceptStudent != "" {
		base = base.and("NOT EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = tasks.id AND s.student_id = ?)", exceptStudent)
	}
	return base
}

// Market pages a view of the whole marketplace: the viewer's own tasks first, then the rest of
// the open market; the admin's is every task. The two halves are read apart, each with its
// own indexes (one query ordering "own first" would scan the whole market for every page).
func (s Tasks) Market(ctx context.Context, v tasks.MarketView, q tasks.Query) (tasks.Page[tasks.Task], error) {
	db := s.DB.WithContext(ctx)
	switch {
	case v.Admin:
		return pageCapped(db, filtered(where{}, q), q, allSubmissions)
	case v.Startup != "":
		own := filtered(whereOf("tasks.startup_id = ?", v.Startup), q)
		return pageOwnFirst(db, own, openMarket(q, "").and("tasks.startup_id <> ?", v.Startup), q, whose{startup: v.Startup})
	}
	return pageOwnFirst(db, studentBase(db, v.Student, q, nil), openMarket(q, v.Student), q, submissionsOf(v.Student))
}

// pageOwnFirst pages the rows of own ahead of those of market, which must not overlap: a page
// may end in one and go on in the other. The market is counted up to its cap, like the open
// market's own lists.
func pageOwnFirst(db *gorm.DB, own, market where, q tasks.Query, w whose) (tasks.Page[tasks.Task], error) {
	size, n := pageSize(q), max(q.Page, 1)
	start := (n - 1) * size
	mine, err := countNow(db, countOf(own))
	if err != nil {
		return tasks.Page[tasks.Task]{}, err
	}
	inMarket := max(start-mine, 0)
	marketTotal, capped, err := countUpTo(db, market, min(inMarket+tasks.CountCap, tasks.MaxMarketPage*size))
	if err != nil {
		return tasks.Page[tasks.Task]{}, err
	}
	out := tasks.Page[tasks.Task]{Page: n, PageSize: size, Total: mine + marketTotal, TotalCapped: capped}
	var rows []taskRow
	if start < mine {
		if rows, err = rowsOf(db, pageQuery(own, q.Sort, size, start), taskColumns); err != nil {
			return out, err
		}
	}
	if rest := size - len(rows); rest > 0 && inMarket < marketTotal {
		more, err := rowsOf(db, pageQuery(market, q.Sort, rest, inMarket), taskColumns)
		if err != nil {
			return out, err
		}
		rows = append(rows, more...)
	}
	items, err := hydrate(db, rows, w)
	out.Items = items
	return out, err
}

func (s Tasks) StudentTasks(ctx context.Context, studentID string, q tasks.Query, completed *bool) (tasks.Page[tasks.Task], error) {
	db := s.DB.WithContext(ctx)
	return page(db, studentBase(db, studentID, q, completed), q, submissionsOf(studentID))
}

func studentBase(db *gorm.DB, studentID string, q tasks.Query, completed *bool) where {
	base := filtered(whereOf(mineSQL(db), studentID, studentID), q)
	switch {
	case completed == nil:
	case *completed:
		base = base.and(completedForSQL, studentID)
	default:
		base = base.and("NOT "+completedForSQL, studentID)
	}
	switch q.Source {
	case "startup":
		base = base.and("tasks.assigned_student_id = ?", studentID)
	case "non-startup":
		base = base.and("tasks.assigned_student_id <> ?", studentID)
	}
	return base
}

// StartupDashboard reads the startup's figures, its recentN newest tasks and its subsN newest
// submissions in three round trips, whatever their number: the three of them; then the tasks'
// submissions beside the submissions' tasks, students and earlier revisions; then the people and
// earlier revisions of the tasks' submissions.
func (s Tasks) StartupDashboard(ctx context.Context, startupID string, recentN, subsN int) (tasks.StartupDashboard, error) {
	db := s.DB.WithContext(ctx)
	h := &hydration{w: allSubmissions}
	var taskRows []taskRow
	recent := h.of(&taskRows)
	var subRows []submissionRow
	var stats func() tasks.StartupStats
	var subs func() []tasks.Submission
	err := readInRounds(db,
		func(b *readBatch) {
			stats = readStartupStats(b, startupID)
			read(b, pageQuery(whereOf("tasks.startup_id = ?", startupID), "newest", recentN, 0), taskColumns, &taskRows)
			read(b, newestSubmissions(whereOf("submissions.startup_id = ?", startupID), subsN, 0), submissionColumns, &subRows)
		},
		func(b *readBatch) {
			h.readSubmissions(b)
			subs = readSubmissionDetails(b, subRows)
		},
		h.readPeopleAndRevisions)
	if err != nil {
		return tasks.StartupDashboard{}, err
	}
	return tasks.StartupDashboard{Stats: stats(), RecentTasks: recent(), Submissions: subs()}, nil
}

// readStartupStats queues the startup's three figures on b: once b has run, stats returns them.
func readStartupStats(b *readBatch, startupID string) (stats func() tasks.StartupStats) {
	var out tasks.StartupStats
	cols := columnsOf(
		column[tasks.StartupStats]{"COALESCE(SUM(CASE WHEN tasks.status NOT IN ('completed', 'closed') THEN 1 ELSE 0 END), 0)",
			func(s *tasks.StartupStats) any { return &s.ActiveTasks }},
		column[tasks.StartupStats]{"(SELECT COUNT(DISTINCT student_id) FROM submissions WHERE startup_id = ? AND status = 'approved')",
			func(s *tasks.StartupStats) any { return &s.StudentsHired }})
	var counted []tasks.StartupStats
	read(b, whereOf("tasks.startup_id = ?", startupID).stmt("SELECT "+cols.list+" FROM tasks", []any{startupID}, ""), cols, &counted)
	// Working: students whose work still waits on a task that has not ended.
	readCount(b, whereOf("submissions.startup_id = ? AND submissions.status IN (?, ?, ?)", startupID,
		tasks.Pending, tasks.UnderReview, tasks.ChangesRequested).
		and("EXISTS (SELECT 1 FROM tasks WHERE tasks.id = submissions.task_id AND tasks.status NOT IN ('completed', 'closed'))").
		stmt("SELECT COUNT(DISTINCT submissions.student_id) FROM submissions", nil, ""), &out.StudentsWorking)
	return func() tasks.StartupStats {
		// An aggregate without GROUP BY is one row.
		out.ActiveTasks, out.StudentsHired = counted[0].ActiveTasks, counted[0].StudentsHired
		return out
	}
}

// StudentDashboard reads the student's counts, their lists and the newest startups in one round
// trip, then the lists' submissions and people in hydrate's two.
func (s Tasks) StudentDashboard(ctx context.Context, studentID string, activeN, availableN, completedN, startupsN, ownN int) (tasks.StudentDashboard, error) {
	db := s.DB.WithContext(ctx)
	var d tasks.StudentDashboard
	b := newReadBatch(db)
	h := &hydration{w: submissionsOf(studentID)}
	// Active is what is still in play: not completed, and not decided against the student (their
	// submission rejected, or closed when another student filled the task).
	type studentCounts struct{ Total, Completed, Decided, Certificates int }
	countCols := columnsOf(column[studentCounts]{"COUNT(*)", func(c *studentCounts) any { return &c.Total }},
		column[studentCounts]{"COALESCE(SUM(CASE WHEN " + completedForSQL + " THEN 1 ELSE 0 END), 0)", func(c *studentCounts) any { return &c.Completed }},
		column[studentCounts]{"COALESCE(SUM(CASE WHEN " + decidedAgainstSQL + " THEN 1 ELSE 0 END), 0)", func(c *studentCounts) any { return &c.Decided }},
		column[studentCounts]{"(SELECT COUNT(*) FROM certificates WHERE student_id = ?)", func(c *studentCounts) any { return &c.Certificates }})
	var counted []studentCounts
	read(b, whereOf(mineSQL(db), studentID, studentID).stmt("SELECT "+countCols.list+" FROM tasks", []any{studentID, studentID, studentID}, ""),
		countCols, &counted)

	no, yes := false, true
	var activeRows []taskRow
	active := h.of(&activeRows)
	read(b, studentBase(db, studentID, tasks.Query{}, &no).stmt("SELECT "+taskColumns.list+" FROM tasks", nil,
		orderBy("deadline")+limit(activeN)), taskColumns, &activeRows)

	// Completed tasks come with the certificate each earned.
	var completed []completedRow
	read(b, studentBase(db, studentID, tasks.Query{}, &yes).stmt("SELECT "+completedColumns.list+" FROM tasks "+
		"LEFT JOIN certificates ON certificates.task_id = tasks.id AND certificates.student_id = ?", []any{studentID},
		" ORDER BY certificates.issued_at DESC, tasks.id DESC"+limit(completedN)), completedColumns, &completed)
	var doneRows []taskRow
	done := h.of(&doneRows)

	available := openMarket(tasks.Query{}, studentID)
	// The dashboard only needs to know whether there are more than it shows.
	const countTo = 100
	var availableCount int
	readCount(b, countUpToQuery(available, countTo), &availableCount)
	var openRows []taskRow
	open := h.of(&openRows)
	read(b, available.stmt("SELECT "+taskColumns.list+" FROM tasks", nil, orderBy("deadline")+limit(availableN)), taskColumns, &openRows)
	var startupRows []personRow
	read(b, startupsQuery(0, startupsN), personColumns, &startupRows)
	var ownRows []taskRow
	own := h.of(&ownRows)
	if ownN > 0 {
		read(b, pageQuery(studentBase(db, studentID, tasks.Query{}, nil), "newest", ownN, 0), taskColumns, &ownRows)
	}
	if err := b.run(); err != nil {
		return d, err
	}
	d.CertificateOf = map[string]string{}
	for _, c := range completed {
		doneRows = append(doneRows, c.task)
		if c.certificateID != nil {
			d.CertificateOf[c.task.ID] = *c.certificateID
		}
	}
	if err := readInRounds(db, h.readSubmissions, h.readPeopleAndRevisions); err != nil {
		return d, err
	}

	counts := counted[0] // an aggregate without GROUP BY is one row
	d.Counts = tasks.StudentCounts{Active: counts.Total - counts.Completed - counts.Decided, Completed: counts.Completed, Certificates: counts.Certificates}
	d.Active, d.RecentlyCompleted = active(), done()
	d.Available = tasks.Page[tasks.Task]{Items: open(), Page: 1, PageSize: availableN,
		Total: min(availableCount, countTo), TotalCapped: availableCount > countTo}
	if ownN > 0 {
		d.Own = own()
	}
	d.Startups = persons(startupRows)
	return d, nil
}

// completedRow is a task a student completed and the certificate it earned, none when the
// approval earned none.
type completedRow struct {
	task          taskRow
	certificateID *string
}

var completedColumns = columnsOf(append(within(taskColumns, func(r *completedRow) *taskRow { return &r.task }),
	column[completedRow]{"certificates.id", func(r *completedRow) any { return &r.certificateID }})...)

func (s Tasks) Startups(ctx context.Context, offset, limit int) ([]tasks.Person, int, error) {
	db := s.DB.WithContext(ctx)
	b := newReadBatch(db)
	var total int
	readCount(b, whereOf("users.user_type = 'startup'").stmt("SELECT COUNT(*) FROM users", nil, ""), &total)
	var rows []personRow
	read(b, startupsQuery(offset, limit), personColumns, &rows)
	err := b.run()
	return persons(rows), total, err
}

func persons(rows []personRow) []tasks.Person {
	out := make([]tasks.Person, 0, len(rows))
	for _, r := range rows {
		out = append(out, *r.toDomain())
	}
	return out
}

// startupsQuery reads a page of the startups, newest first.
func startupsQuery(offset, n int) stmt {
	page, args := limitOffset(n, offset)
	return whereOf("users.user_type = 'startup'").stmt("SELECT "+personColumns.list+" FROM users", nil,
		" ORDER BY users.created_at DESC, users.id DESC"+page, args...)
}

// filtered is w with the search and filters every task list shares.
func filtered(w where, q tasks.Query) where {
	for i, word := range strings.Fields(q.Search) {
		if i == 5 {
			break // a few words narrow enough; more only cost time
		}
		w = w.and(`tasks.search_text LIKE ? ESCAPE '\'`, likePattern(word))
		w.perValue = true
	}
	if q.Category != "" {
		w = w.and("tasks.category = ?", q.Category)
	}
	if q.DeadlineBy != nil {
		w = w.and("tasks.deadline <= ?", q.DeadlineBy.UTC())
	}
	if q.Paid {
		w = w.and("(tasks.budget_max > 0 OR tasks.budget_min > 0)")
	}
	if q.Pay != nil {
		// The service gives the range in the base currency (tasks.Service.payInBase); a task
		// without a rate cannot be compared, so no range holds it.
		w = w.and("tasks.pay_rated = true")
		if q.Pay.Min != nil {
			w = w.and("tasks.pay_max_base >= ?", *q.Pay.Min)
		}
		if q.Pay.Max != nil {
			w = w.and("tasks.pay_min_base <= ?", *q.Pay.Max)
		}
	}
	return w
}

// orderBy sorts by deadline (soonest first), title, newest first, or pay (highest budget max,
// then min, first, in the base currency at the operator's rates; the tasks in a currency
// without a rate come after, by their own amounts: migration 0031); the id breaks ties so pages
// never overlap.
func orderBy(sort string) string {
	switch sort {
	case "pay":
		return " ORDER BY tasks.pay_rated DESC, tasks.pay_max_base DESC, tasks.pay_min_base DESC, tasks.id"
	case "title":
		return " ORDER BY tasks.title, tasks.id"
	case "newest":
		return " ORDER BY tasks.created_at DESC, tasks.id DESC"
	}
	return " ORDER BY tasks.deadline, tasks.id"
}

// limit is a LIMIT without an OFFSET (limitOffset).
func limit(n int) string {
	sql, _ := limitOffset(n, 0)
	return sql
}

// deferFrom is the offset from which pageQuery reads a page's ids before its rows. Below it the
// plain read is cheaper: the second look-up and sort cost more than the few rows skipped.
var deferFrom = 1000

// pageQuery selects limit of w's tasks in sort's order, skipping the first offset. From deferFrom
// on it reads the page's ids first, in that order, from the index that holds them, and then only
// the page's rows: reading rows whole fetched every skipped row too, and the open market's
// deepest page (offset 9,900) cost PostgreSQL 12 ms against 3.4 (BenchmarkMarketplace, deep pages).
func pageQuery(w where, sort string, n, offset int) stmt {
	page, args := limitOffset(n, offset)
	if offset < deferFrom {
		return w.stmt("SELECT "+taskColumns.list+" FROM tasks", nil, orderBy(sort)+page, args...)
	}
	ids := w.stmt("SELECT tasks.id FROM tasks", nil, orderBy(sort)+page, args...)
	return stmt{sql: "SELECT " + taskColumns.list + " FROM tasks WHERE tasks.id IN (" + ids.sql + ")" + orderBy(sort),
		args: ids.args, perValue: ids.perValue}
}

// countOf counts w's tasks.
func countOf(w where) stmt { return w.stmt("SELECT COUNT(*) FROM tasks", nil, "") }

// page counts base, reads the requested page of it and hydrates it.
func page(db *gorm.DB, base where, q tasks.Query, w whose) (tasks.Page[tasks.Task], error) {
	b := newReadBatch(db)
	var total int
	readCount(b, countOf(base), &total)
	return pageOf(b, base, q, w, math.MaxInt, func() int { return total })
}

// pageCapped is page for the open market, which may hold 100,000 tasks: it counts only up to
// tasks.CountCap rows past the page's first row, and never past tasks.MaxMarketPage pages.
func pageCapped(db *gorm.DB, base where, q tasks.Query, w whose) (tasks.Page[tasks.Task], error) {
	skipped := (max(q.Page, 1) - 1) * pageSize(q)
	most := min(skipped+tasks.CountCap, tasks.MaxMarketPage*pageSize(q))
	b := newReadBatch(db)
	var count int
	readCount(b, countUpToQuery(base, most), &count)
	out, err := pageOf(b, base, q, w, most, func() int { return min(count, most) })
	out.TotalCapped = count > most
	return out, err
}

// countUpTo counts the tasks of base, stopping at most: reading a few index entries instead of
// all of them. capped reports that there are more than most.
func countUpTo(db *gorm.DB, base where, most int) (n int, capped bool, err error) {
	count, err := countNow(db, countUpToQuery(base, most))
	if err != nil {
		return 0, false, err
	}
	return min(count, most), count > most, nil
}

// countUpToQuery counts the tasks of base up to most and one more: more than most means there
// are more.
func countUpToQuery(base where, most int) stmt {
	return base.stmt("SELECT COUNT(*) FROM (SELECT 1 FROM tasks", nil, limit(most+1)+") AS capped")
}

// pageSize is the size of q's pages.
func pageSize(q tasks.Query) int {
	if q.Limit <= 0 {
		return tasks.PageSize
	}
	return q.Limit
}

// pageOf reads the requested page of base in one round trip with what b has queued, base's
// count among them, and hydrates it; total is that count once b has run. A page past most, the
// most the count may be, is not read: the open market's count stops at its cap, and reading
// a page far past it would walk every listed task.
func pageOf(b *readBatch, base where, q tasks.Query, w whose, most int, total func() int) (tasks.Page[tasks.Task], error) {
	size, n := pageSize(q), max(q.Page, 1)
	var rows []taskRow
	if (n-1)*size < most {
		read(b, pageQuery(base, q.Sort, size, (n-1)*size), taskColumns, &rows)
	}
	if err := b.run(); err != nil {
		return tasks.Page[tasks.Task]{}, err
	}
	out := tasks.Page[tasks.Task]{Page: n, PageSize: size, Total: total()}
	items, err := hydrate(b.db, rows, w)
	out.Items = items
	return out, err
}
