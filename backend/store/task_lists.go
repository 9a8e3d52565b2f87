package store

import (
	"context"
	"math"
	"slices"
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
	return readNow(s.DB.WithContext(ctx), func(r *reads) func() map[string]int { return readStartupTaskCounts(r, startupID, q) })
}

// readStartupTaskCounts is StartupTaskCounts queued on r.
func readStartupTaskCounts(r *reads, startupID string, q tasks.Query) (counts func() map[string]int) {
	type statusCount struct {
		Status string
		N      int
	}
	var rows []statusCount
	readInto(r, filtered(r.db.Model(&taskRow{}).Where("startup_id = ?", startupID), q).Select("status, COUNT(*)").Group("status"),
		func(r *statusCount) []any { return []any{&r.Status, &r.N} }, &rows)
	return func() map[string]int {
		counts := map[string]int{"all": 0, tasks.StatusOpen: 0, tasks.StatusUnderReview: 0, tasks.StatusCompleted: 0, tasks.StatusClosed: 0}
		for _, r := range rows {
			counts["all"] += r.N
			counts[tasks.DisplayStatus(r.Status)] += r.N
		}
		return counts
	}
}

// StartupTasks reads the tab counts with the page; the selected tab's count is the page's
// total, so the list needs no count query of its own.
func (s Tasks) StartupTasks(ctx context.Context, startupID string, q tasks.Query) (tasks.Page[tasks.Task], error) {
	db := s.DB.WithContext(ctx)
	r := newReads(db)
	counts := readStartupTaskCounts(r, startupID, q)
	base := filtered(db.Model(&taskRow{}).Where("startup_id = ?", startupID), q)
	tab := "all"
	switch q.Status {
	case tasks.StatusOpen:
		base = base.Where("status IN ?", []string{tasks.StatusOpen, tasks.StatusSubmitted})
		tab = q.Status
	case tasks.StatusUnderReview, tasks.StatusCompleted, tasks.StatusClosed:
		base = base.Where("status = ?", q.Status)
		tab = q.Status
	}
	if q.Sort == "" {
		q.Sort = "newest"
	}
	return pageOf(r, base, q, allSubmissions, math.MaxInt, func() int { return counts()[tab] })
}

func (s Tasks) OpenTasks(ctx context.Context, q tasks.Query, exceptStudent string) (tasks.Page[tasks.Task], error) {
	db := s.DB.WithContext(ctx)
	base := openMarket(db, q, exceptStudent)
	if q.Source == "startup" {
		// Nothing on the open market was assigned by a startup.
		base = base.Where("1 = 0")
	}
	// A student sees their own submissions only, and has none on these; the public sees none.
	return pageCapped(db, base, q, noSubmissions)
}

// openMarket is the listed tasks, less those exceptStudent (when set) has submitted to.
func openMarket(db *gorm.DB, q tasks.Query, exceptStudent string) *gorm.DB {
	base := filtered(db.Model(&taskRow{}).Where("tasks.listed = true"), q)
	if exceptStudent != "" {
		base = base.Where("NOT EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = tasks.id AND s.student_id = ?)", exceptStudent)
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
		return pageCapped(db, filtered(db.Model(&taskRow{}), q), q, allSubmissions)
	case v.Startup != "":
		own := filtered(db.Model(&taskRow{}).Where("tasks.startup_id = ?", v.Startup), q)
		return pageOwnFirst(db, own, openMarket(db, q, "").Where("tasks.startup_id <> ?", v.Startup), q, whose{startup: v.Startup})
	}
	return pageOwnFirst(db, studentBase(db, v.Student, q, nil), openMarket(db, q, v.Student), q, submissionsOf(v.Student))
}

// pageOwnFirst pages the rows of own ahead of those of market, which must not overlap: a page
// may end in one and go on in the other. The market is counted up to its cap, like the open
// market's own lists.
func pageOwnFirst(db, own, market *gorm.DB, q tasks.Query, w whose) (tasks.Page[tasks.Task], error) {
	size, n := pageSize(q), max(q.Page, 1)
	start := (n - 1) * size
	mine, err := countOf(own.Session(&gorm.Session{}).Select("COUNT(*)"))
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
		if rows, err = findPage(db, own, q.Sort, size, start); err != nil {
			return out, err
		}
	}
	if rest := size - len(rows); rest > 0 && inMarket < marketTotal {
		more, err := findPage(db, market, q.Sort, rest, inMarket)
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

func studentBase(db *gorm.DB, studentID string, q tasks.Query, completed *bool) *gorm.DB {
	base := filtered(db.Model(&taskRow{}).Where(mineSQL(db), studentID, studentID), q)
	switch {
	case completed == nil:
	case *completed:
		base = base.Where(completedForSQL, studentID)
	default:
		base = base.Where("NOT "+completedForSQL, studentID)
	}
	switch q.Source {
	case "startup":
		base = base.Where("tasks.assigned_student_id = ?", studentID)
	case "non-startup":
		base = base.Where("tasks.assigned_student_id <> ?", studentID)
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
	var subRows []submissionRow
	var stats func() tasks.StartupStats
	var subs func() []tasks.Submission
	err := readInRounds(db,
		func(r *reads) {
			stats = readStartupStats(r, startupID)
			readTasks(r, pageQuery(db, db.Model(&taskRow{}).Where("startup_id = ?", startupID), "newest", recentN, 0), &h.rows)
			readInto(r, newestSubmissions(db, db.Model(&submissionRow{}).Where("startup_id = ?", startupID)).Limit(subsN), submissionFields, &subRows)
		},
		func(r *reads) {
			h.readSubmissions(r)
			subs = readSubmissionDetails(r, subRows)
		},
		h.readPeopleAndRevisions)
	if err != nil {
		return tasks.StartupDashboard{}, err
	}
	return tasks.StartupDashboard{Stats: stats(), RecentTasks: h.tasks(), Submissions: subs()}, nil
}

// readStartupStats queues the startup's three figures on r: once r has run, stats returns them.
func readStartupStats(r *reads, startupID string) (stats func() tasks.StartupStats) {
	type activeHired struct{ Active, Hired int }
	var counted []activeHired
	readInto(r, r.db.Model(&taskRow{}).Where("startup_id = ?", startupID).Select(
		"COALESCE(SUM(CASE WHEN status NOT IN ('completed', 'closed') THEN 1 ELSE 0 END), 0), "+
			"(SELECT COUNT(DISTINCT student_id) FROM submissions WHERE startup_id = ? AND status = 'approved')", startupID),
		func(c *activeHired) []any { return []any{&c.Active, &c.Hired} }, &counted)
	var out tasks.StartupStats
	// Working: students whose work still waits on a task that has not ended.
	readCount(r, r.db.Model(&submissionRow{}).Where("submissions.startup_id = ? AND submissions.status IN ?", startupID,
		[]string{tasks.Pending, tasks.UnderReview, tasks.ChangesRequested}).
		Where("EXISTS (SELECT 1 FROM tasks WHERE tasks.id = submissions.task_id AND tasks.status NOT IN ('completed', 'closed'))").
		Select("COUNT(DISTINCT submissions.student_id)"), &out.StudentsWorking)
	return func() tasks.StartupStats {
		// An aggregate without GROUP BY is one row.
		out.ActiveTasks, out.StudentsHired = counted[0].Active, counted[0].Hired
		return out
	}
}

func (s Tasks) StudentDashboard(ctx context.Context, studentID string, activeN, availableN, completedN, startupsN, ownN int) (tasks.StudentDashboard, error) {
	db := s.DB.WithContext(ctx)
	var d tasks.StudentDashboard
	// The counts, the three lists and the startups do not depend on one another: one round trip.
	r := newReads(db)
	// Active is what is still in play: not completed, and not decided against the student (their
	// submission rejected, or closed when another student filled the task).
	type studentCounts struct{ Total, Completed, Decided, Certificates int }
	var counted []studentCounts
	readInto(r, db.Model(&taskRow{}).Where(mineSQL(db), studentID, studentID).Select(
		"COUNT(*), COALESCE(SUM(CASE WHEN "+completedForSQL+" THEN 1 ELSE 0 END), 0), "+
			"COALESCE(SUM(CASE WHEN "+decidedAgainstSQL+" THEN 1 ELSE 0 END), 0), "+
			"(SELECT COUNT(*) FROM certificates WHERE student_id = ?)", studentID, studentID, studentID),
		func(c *studentCounts) []any { return []any{&c.Total, &c.Completed, &c.Decided, &c.Certificates} }, &counted)

	no, yes := false, true
	var active []taskRow
	readTasks(r, ordered(studentBase(db, studentID, tasks.Query{}, &no), "deadline").Limit(activeN), &active)
	// Completed tasks come with the certificate each earned.
	type completedRow struct {
		Task          taskRow
		CertificateID *string // none when the approval earned no certificate
	}
	var completed []completedRow
	readInto(r, studentBase(db, studentID, tasks.Query{}, &yes).Select(taskColumns.of(db)+", certificates.id").
		Joins("LEFT JOIN certificates ON certificates.task_id = tasks.id AND certificates.student_id = ?", studentID).
		Order("certificates.issued_at DESC, tasks.id DESC").Limit(completedN),
		func(r *completedRow) []any { return append(taskFields(&r.Task), &r.CertificateID) }, &completed)

	available := filtered(db.Model(&taskRow{}).Where("tasks.listed = true"), tasks.Query{}).
		Where("NOT EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = tasks.id AND s.student_id = ?)", studentID)
	// The dashboard only needs to know whether there are more than it shows.
	const countTo = 100
	var availableCount int
	readCount(r, countUpToQuery(db, available, countTo), &availableCount)
	var open []taskRow
	readTasks(r, ordered(available.Session(&gorm.Session{}), "deadline").Limit(availableN), &open)
	var startupRows []personRow
	readInto(r, startupsQuery(db, 0, startupsN), personFields, &startupRows)
	var own []taskRow
	if ownN > 0 {
		readTasks(r, pageQuery(db, studentBase(db, studentID, tasks.Query{}, nil), "newest", ownN, 0), &own)
	}
	if err := r.run(); err != nil {
		return d, err
	}

	counts := counted[0] // an aggregate without GROUP BY is one row
	d.Counts = tasks.StudentCounts{Active: counts.Total - counts.Completed - counts.Decided, Completed: counts.Completed, Certificates: counts.Certificates}
	d.CertificateOf = map[string]string{}
	done := make([]taskRow, len(completed))
	for i, c := range completed {
		done[i] = c.Task
		if c.CertificateID != nil {
			d.CertificateOf[c.Task.ID] = *c.CertificateID
		}
	}
	// One hydrate for the four lists; the open tasks have no submission of this student.
	all, err := hydrate(db, slices.Concat(active, done, open, own), submissionsOf(studentID))
	if err != nil {
		return d, err
	}
	d.Active, all = all[:len(active)], all[len(active):]
	d.RecentlyCompleted, all = all[:len(done)], all[len(done):]
	d.Available = tasks.Page[tasks.Task]{Items: all[:len(open)], Page: 1, PageSize: availableN,
		Total: min(availableCount, countTo), TotalCapped: availableCount > countTo}
	if ownN > 0 {
		d.Own = all[len(open):]
	}
	d.Startups = persons(startupRows)
	return d, nil
}

func (s Tasks) Startups(ctx context.Context, offset, limit int) ([]tasks.Person, int, error) {
	db := s.DB.WithContext(ctx)
	var total int64
	if err := db.Model(&userRow{}).Where("user_type = ?", "startup").Count(&total).Error; err != nil {
		return nil, 0, err
	}
	list, err := startups(db, offset, limit)
	return list, int(total), err
}

func startups(db *gorm.DB, offset, limit int) ([]tasks.Person, error) {
	rows, err := scanRows(startupsQuery(db, offset, limit), personFields)
	return persons(rows), err
}

func persons(rows []personRow) []tasks.Person {
	out := make([]tasks.Person, 0, len(rows))
	for _, r := range rows {
		out = append(out, *r.toDomain())
	}
	return out
}

// startupsQuery reads a page of the startups, newest first.
func startupsQuery(db *gorm.DB, offset, limit int) *gorm.DB {
	return db.Model(&userRow{}).Select(personColumns.of(db)).Where("user_type = ?", "startup").
		Order("users.created_at DESC, users.id DESC").Offset(offset).Limit(limit)
}

// filtered applies the search and filters every task list shares.
func filtered(db *gorm.DB, q tasks.Query) *gorm.DB {
	for i, word := range strings.Fields(q.Search) {
		if i == 5 {
			break // a few words narrow enough; more only cost time
		}
		db = db.Where(`tasks.search_text LIKE ? ESCAPE '\'`, likePattern(word)).Set(planPerValue, true)
	}
	if q.Category != "" {
		db = db.Where("tasks.category = ?", q.Category)
	}
	if q.DeadlineBy != nil {
		db = db.Where("tasks.deadline <= ?", q.DeadlineBy.UTC())
	}
	if q.Paid {
		db = db.Where("(tasks.budget_max > 0 OR tasks.budget_min > 0)")
	}
	if q.Pay != nil {
		// The service gives the range in the base currency (tasks.Service.payInBase); a task
		// without a rate cannot be compared, so no range holds it.
		db = db.Where("tasks.pay_rated = true")
		if q.Pay.Min != nil {
			db = db.Where("tasks.pay_max_base >= ?", *q.Pay.Min)
		}
		if q.Pay.Max != nil {
			db = db.Where("tasks.pay_min_base <= ?", *q.Pay.Max)
		}
	}
	return db
}

// ordered sorts by deadline (soonest first), title, newest first, or pay (highest budget max,
// then min, first, in the base currency at the operator's rates; the tasks in a currency
// without a rate come after, by their own amounts: migration 0031); the id breaks ties so pages
// never overlap.
func ordered(db *gorm.DB, sort string) *gorm.DB {
	switch sort {
	case "pay":
		return db.Order("tasks.pay_rated DESC, tasks.pay_max_base DESC, tasks.pay_min_base DESC, tasks.id")
	case "title":
		return db.Order("tasks.title, tasks.id")
	case "newest":
		return db.Order("tasks.created_at DESC, tasks.id DESC")
	}
	return db.Order("tasks.deadline, tasks.id")
}

// deferFrom is the offset from which pageQuery reads a page's ids before its rows. Below it the
// plain read is cheaper: the second look-up and sort cost more than the few rows skipped.
var deferFrom = 1000

// findPage reads the rows of pageQuery.
func findPage(db, base *gorm.DB, sort string, limit, offset int) ([]taskRow, error) {
	return findTasks(pageQuery(db, base, sort, limit, offset))
}

// pageQuery selects limit rows of base in sort's order, skipping the first offset, its columns
// left to select. From deferFrom on it reads the page's ids first, in that order, from the index
// that holds them, and then only the page's rows: reading rows whole fetched every skipped row
// too, and the open market's deepest page (offset 9,900) cost PostgreSQL 12 ms against 3.4
// (docs/performance.md, "REST hot paths", deep pages).
func pageQuery(db, base *gorm.DB, sort string, limit, offset int) *gorm.DB {
	page := ordered(base.Session(&gorm.Session{}), sort).Limit(limit).Offset(offset)
	if offset < deferFrom {
		return page
	}
	return ordered(db.Model(&taskRow{}).Where("tasks.id IN (?)", page.Select("tasks.id")), sort)
}

// page counts base, reads the requested page of it and hydrates it.
func page(db, base *gorm.DB, q tasks.Query, w whose) (tasks.Page[tasks.Task], error) {
	r := newReads(db)
	var total int
	readCount(r, base.Session(&gorm.Session{}).Select("COUNT(*)"), &total)
	return pageOf(r, base, q, w, math.MaxInt, func() int { return total })
}

// pageCapped is page for the open market, which may hold 100,000 tasks: it counts only up to
// tasks.CountCap rows past the page's first row, and never past tasks.MaxMarketPage pages.
func pageCapped(db, base *gorm.DB, q tasks.Query, w whose) (tasks.Page[tasks.Task], error) {
	skipped := (max(q.Page, 1) - 1) * pageSize(q)
	limit := min(skipped+tasks.CountCap, tasks.MaxMarketPage*pageSize(q))
	r := newReads(db)
	var count int
	readCount(r, countUpToQuery(db, base, limit), &count)
	out, err := pageOf(r, base, q, w, limit, func() int { return min(count, limit) })
	out.TotalCapped = count > limit
	return out, err
}

// countUpTo counts the rows of base, stopping at limit: reading a few index entries instead of
// all of them. capped reports that there are more than limit.
func countUpTo(db, base *gorm.DB, limit int) (n int, capped bool, err error) {
	count, err := countOf(countUpToQuery(db, base, limit))
	if err != nil {
		return 0, false, err
	}
	return min(count, limit), count > limit, nil
}

// countUpToQuery counts the rows of base up to limit and one more: more than limit means there
// are more.
func countUpToQuery(db, base *gorm.DB, limit int) *gorm.DB {
	return db.Table("(?) AS capped", base.Session(&gorm.Session{}).Select("1").Limit(limit+1)).Select("COUNT(*)")
}

// pageSize is the size of q's pages.
func pageSize(q tasks.Query) int {
	if q.Limit <= 0 {
		return tasks.PageSize
	}
	return q.Limit
}

// pageOf reads the requested page of base in one round trip with what r has queued, base's
// count among them, and hydrates it; total is that count once r has run. A page past most, the
// most the count may be, is not read: the open market's count stops at its cap, and reading
// a page far past it would walk every listed task.
func pageOf(r *reads, base *gorm.DB, q tasks.Query, w whose, most int, total func() int) (tasks.Page[tasks.Task], error) {
	size, n := pageSize(q), max(q.Page, 1)
	var rows []taskRow
	if (n-1)*size < most {
		readTasks(r, pageQuery(r.db, base, q.Sort, size, (n-1)*size), &rows)
	}
	if err := r.run(); err != nil {
		return tasks.Page[tasks.Task]{}, err
	}
	out := tasks.Page[tasks.Task]{Page: n, PageSize: size, Total: total()}
	items, err := hydrate(r.db, rows, w)
	out.Items = items
	return out, err
}
