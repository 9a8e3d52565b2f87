package store

import (
	"context"
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
// student's 50 tasks by primary key takes 0.4; docs/performance.md, "The student's own tasks").
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
	type statusCount struct {
		Status string
		N      int
	}
	rows, err := scanRows(filtered(s.DB.WithContext(ctx).Model(&taskRow{}).Where("startup_id = ?", startupID), q).
		Select("status, COUNT(*)").Group("status"), func(r *statusCount) []any { return []any{&r.Status, &r.N} })
	if err != nil {
		return nil, err
	}
	counts := map[string]int{"all": 0, tasks.StatusOpen: 0, tasks.StatusUnderReview: 0, tasks.StatusCompleted: 0}
	for _, r := range rows {
		counts["all"] += r.N
		counts[tasks.DisplayStatus(r.Status)] += r.N
	}
	return counts, nil
}

// StartupTasks reads the tab counts first; the selected tab's count is the page's total, so
// the list needs no count query of its own.
func (s Tasks) StartupTasks(ctx context.Context, startupID string, q tasks.Query) (tasks.Page[tasks.Task], error) {
	counts, err := s.StartupTaskCounts(ctx, startupID, q)
	if err != nil {
		return tasks.Page[tasks.Task]{}, err
	}
	db := s.DB.WithContext(ctx)
	base := filtered(db.Model(&taskRow{}).Where("startup_id = ?", startupID), q)
	total := counts["all"]
	switch q.Status {
	case tasks.StatusOpen:
		base = base.Where("status IN ?", []string{tasks.StatusOpen, tasks.StatusSubmitted})
		total = counts[q.Status]
	case tasks.StatusUnderReview, tasks.StatusCompleted:
		base = base.Where("status = ?", q.Status)
		total = counts[q.Status]
	}
	if q.Sort == "" {
		q.Sort = "newest"
	}
	return pageOf(db, base, q, allSubmissions, total)
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
	size := q.Limit
	if size <= 0 {
		size = tasks.PageSize
	}
	n := max(q.Page, 1)
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

func (s Tasks) StartupStats(ctx context.Context, startupID string) (tasks.StartupStats, error) {
	db := s.DB.WithContext(ctx)
	var out struct{ Active, Hired int }
	err := db.Model(&taskRow{}).Where("startup_id = ?", startupID).Select(
		"COALESCE(SUM(CASE WHEN status <> 'completed' THEN 1 ELSE 0 END), 0) AS active, "+
			"(SELECT COUNT(DISTINCT student_id) FROM submissions WHERE startup_id = ? AND status = 'approved') AS hired",
		startupID).Scan(&out).Error
	if err != nil {
		return tasks.StartupStats{}, err
	}
	// Working: students whose work still waits on a task that is not yet completed.
	var working int64
	err = db.Model(&submissionRow{}).Where("submissions.startup_id = ? AND submissions.status IN ?", startupID,
		[]string{tasks.Pending, tasks.UnderReview, tasks.ChangesRequested}).
		Where("EXISTS (SELECT 1 FROM tasks WHERE tasks.id = submissions.task_id AND tasks.status <> 'completed')").
		Distinct("student_id").Count(&working).Error
	return tasks.StartupStats{ActiveTasks: out.Active, StudentsHired: out.Hired, StudentsWorking: int(working)}, err
}

func (s Tasks) StudentDashboard(ctx context.Context, studentID string, activeN, availableN, completedN, startupsN int) (tasks.StudentDashboard, error) {
	db := s.DB.WithContext(ctx)
	var d tasks.StudentDashboard
	// Active is what is still in play: not completed, and not decided against the student (their
	// submission rejected, or closed when another student filled the task).
	type studentCounts struct{ Total, Completed, Decided, Certificates int }
	counted, err := scanRows(db.Model(&taskRow{}).Where(mineSQL(db), studentID, studentID).Select(
		"COUNT(*), COALESCE(SUM(CASE WHEN "+completedForSQL+" THEN 1 ELSE 0 END), 0), "+
			"COALESCE(SUM(CASE WHEN "+decidedAgainstSQL+" THEN 1 ELSE 0 END), 0), "+
			"(SELECT COUNT(*) FROM certificates WHERE student_id = ?)", studentID, studentID, studentID),
		func(c *studentCounts) []any { return []any{&c.Total, &c.Completed, &c.Decided, &c.Certificates} })
	if err != nil {
		return d, err
	}
	counts := counted[0] // an aggregate without GROUP BY is one row
	d.Counts = tasks.StudentCounts{Active: counts.Total - counts.Completed - counts.Decided, Completed: counts.Completed, Certificates: counts.Certificates}

	no, yes := false, true
	active, err := findTasks(ordered(studentBase(db, studentID, tasks.Query{}, &no), "deadline").Limit(activeN))
	if err != nil {
		return d, err
	}
	// Completed tasks come with the certificate each earned.
	type completedRow struct {
		Task          taskRow
		CertificateID *string // none when the approval earned no certificate
	}
	completed, err := scanRows(studentBase(db, studentID, tasks.Query{}, &yes).Select(taskColumns.of(db)+", certificates.id").
		Joins("LEFT JOIN certificates ON certificates.task_id = tasks.id AND certificates.student_id = ?", studentID).
		Order("certificates.issued_at DESC, tasks.id DESC").Limit(completedN),
		func(r *completedRow) []any { return append(taskFields(&r.Task), &r.CertificateID) })
	if err != nil {
		return d, err
	}
	d.CertificateOf = map[string]string{}
	done := make([]taskRow, len(completed))
	for i, c := range completed {
		done[i] = c.Task
		if c.CertificateID != nil {
			d.CertificateOf[c.Task.ID] = *c.CertificateID
		}
	}
	available := filtered(db.Model(&taskRow{}).Where("tasks.listed = true"), tasks.Query{}).
		Where("NOT EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = tasks.id AND s.student_id = ?)", studentID)
	// The dashboard only needs to know whether there are more than it shows.
	total, capped, err := countUpTo(db, available, 100)
	if err != nil {
		return d, err
	}
	open, err := findTasks(ordered(available, "deadline").Limit(availableN))
	if err != nil {
		return d, err
	}
	// One hydrate for the three lists; the open tasks have no submission of this student.
	all, err := hydrate(db, append(append(append([]taskRow{}, active...), done...), open...), submissionsOf(studentID))
	if err != nil {
		return d, err
	}
	d.Active, d.RecentlyCompleted = all[:len(active)], all[len(active):len(active)+len(done)]
	d.Available = tasks.Page[tasks.Task]{Items: all[len(active)+len(done):], Page: 1, PageSize: availableN, Total: total, TotalCapped: capped}

	d.Startups, err = startups(db, 0, startupsN)
	return d, err
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
	out := make([]tasks.Person, 0, len(rows))
	for _, r := range rows {
		out = append(out, *r.toDomain())
	}
	return out, err
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
		db = db.Where(`tasks.search_text LIKE ? ESCAPE '\'`, likePattern(word))
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
	return db
}

// ordered sorts by deadline (soonest first), title, newest first, or pay (highest budget max,
// then min, first; amounts compare as numbers whatever their currency); the id breaks ties so
// pages never overlap.
func ordered(db *gorm.DB, sort string) *gorm.DB {
	switch sort {
	case "pay":
		return db.Order("tasks.budget_max DESC, tasks.budget_min DESC, tasks.id")
	case "title":
		return db.Order("tasks.title, tasks.id")
	case "newest":
		return db.Order("tasks.created_at DESC, tasks.id DESC")
	}
	return db.Order("tasks.deadline, tasks.id")
}

// deferFrom is the offset from which findPage reads a page's ids before its rows. Below it the
// plain read is cheaper: the second look-up and sort cost more than the few rows skipped.
var deferFrom = 1000

// findPage reads limit rows of base in sort's order, skipping the first offset. From deferFrom on
// it reads the page's ids first, in that order, from the index that holds them, and then only
// the page's rows: reading rows whole fetched every skipped row too, and the open market's
// deepest page (offset 9,900) cost PostgreSQL 12 ms against 3.4 (docs/performance.md, "Where
// the idle overhead goes", deep pages).
func findPage(db, base *gorm.DB, sort string, limit, offset int) ([]taskRow, error) {
	page := ordered(base.Session(&gorm.Session{}), sort).Limit(limit).Offset(offset)
	if offset < deferFrom {
		return findTasks(page)
	}
	return findTasks(ordered(db.Model(&taskRow{}).Where("tasks.id IN (?)", page.Select("tasks.id")), sort))
}

// page counts base, reads the requested page of it and hydrates it.
func page(db, base *gorm.DB, q tasks.Query, w whose) (tasks.Page[tasks.Task], error) {
	total, err := countOf(base.Session(&gorm.Session{}).Select("COUNT(*)"))
	if err != nil {
		return tasks.Page[tasks.Task]{}, err
	}
	return pageOf(db, base, q, w, total)
}

// pageCapped is page for the open market, which may hold 100,000 tasks: it counts only up to
// tasks.CountCap rows past the page's first row, and never past tasks.MaxMarketPage pages.
func pageCapped(db, base *gorm.DB, q tasks.Query, w whose) (tasks.Page[tasks.Task], error) {
	size := q.Limit
	if size <= 0 {
		size = tasks.PageSize
	}
	skipped := (max(q.Page, 1) - 1) * size
	total, capped, err := countUpTo(db, base, min(skipped+tasks.CountCap, tasks.MaxMarketPage*size))
	if err != nil {
		return tasks.Page[tasks.Task]{}, err
	}
	out, err := pageOf(db, base, q, w, total)
	out.TotalCapped = capped
	return out, err
}

// countUpTo counts the rows of base, stopping at limit: reading a few index entries instead of
// all of them. capped reports that there are more than limit.
func countUpTo(db, base *gorm.DB, limit int) (n int, capped bool, err error) {
	sub := base.Session(&gorm.Session{}).Select("1").Limit(limit + 1)
	count, err := countOf(db.Table("(?) AS capped", sub).Select("COUNT(*)"))
	if err != nil {
		return 0, false, err
	}
	if count > limit {
		return limit, true, nil
	}
	return count, false, nil
}

// pageOf reads the requested page of base, which holds total rows, and hydrates it.
func pageOf(db, base *gorm.DB, q tasks.Query, w whose, total int) (tasks.Page[tasks.Task], error) {
	size := q.Limit
	if size <= 0 {
		size = tasks.PageSize
	}
	n := q.Page
	if n < 1 {
		n = 1
	}
	out := tasks.Page[tasks.Task]{Page: n, PageSize: size, Total: total}
	var rows []taskRow
	if total > (n-1)*size {
		var err error
		if rows, err = findPage(db, base, q.Sort, size, (n-1)*size); err != nil {
			return out, err
		}
	}
	items, err := hydrate(db, rows, w)
	out.Items = items
	return out, err
}
