package store

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/admin"
	"bridgework/backend/help"
	"bridgework/backend/tasks"
)

// Admin is the admin store: the people lists with search and sort, totals, weekly activity
// and help requests.
type Admin struct{ DB *gorm.DB }

func (s Admin) UserByID(ctx context.Context, id string) (*accounts.User, error) {
	return Users(s).UserByID(ctx, id)
}

// SearchUsers reads the page of students or startups q asks for, with their skills.
func (s Admin) SearchUsers(ctx context.Context, q admin.UserQuery) ([]*accounts.User, error) {
	order := " ORDER BY users.created_at DESC, users.id DESC"
	if q.Sort == admin.SortName {
		name := "LOWER(users.first_name || ' ' || users.last_name)"
		if q.Type == accounts.Startup {
			name = "LOWER(users.company_name)"
		}
		order = " ORDER BY " + name + ", users.id"
	}
	page, args := limitOffset(q.Limit, q.Offset)
	return usersWithSkills(s.DB.WithContext(ctx), searched(q).stmt("SELECT "+userColumns.list+" FROM users", nil, order+page, args...))
}

// CountUsers counts what SearchUsers would read without a limit.
func (s Admin) CountUsers(ctx context.Context, q admin.UserQuery) (int64, error) {
	n, err := countNow(s.DB.WithContext(ctx), searched(q).stmt("SELECT COUNT(*) FROM users", nil, ""))
	return int64(n), err
}

// searched keeps the users of q's type whose full name, e-mail or company name contains
// q.Search in any case. LOWER on both sides, since LIKE ignores case on SQLite only.
func searched(q admin.UserQuery) where {
	w := whereOf("users.user_type = ?", string(q.Type))
	if q.Search == "" {
		return w
	}
	pattern := "%" + likeEscaper.Replace(strings.ToLower(q.Search)) + "%"
	return w.and(`(LOWER(users.first_name || ' ' || users.last_name) LIKE ? ESCAPE '\' OR LOWER(users.email) LIKE ? ESCAPE '\'
		OR LOWER(users.company_name) LIKE ? ESCAPE '\')`, pattern, pattern, pattern)
}

// likeEscaper makes a search's own %, _ and \ match themselves in a LIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`)

// Activity counts sign-ups (students and startups), submissions and certificates in each of
// weeks, one query per table: a COUNT(CASE …) column per week compares the timestamps with
// the week's bounds, which both databases do alike, where their date functions differ. Its five
// reads go together, in one round trip on PostgreSQL.
func (s Admin) Activity(ctx context.Context, weeks []time.Time) (admin.Activity, error) {
	out := admin.Activity{Weeks: make([]admin.WeekActivity, len(weeks))}
	for i, w := range weeks {
		out.Weeks[i].Week = w
	}
	if len(weeks) == 0 {
		return out, nil
	}
	b := newReadBatch(s.DB.WithContext(ctx))
	readPerWeek(b, "users", "created_at", weeks, func(i int) *int64 { return &out.Weeks[i].Signups },
		"users.user_type IN (?, ?)", string(accounts.Student), string(accounts.Startup))
	readPerWeek(b, "submissions", "submitted_at", weeks, func(i int) *int64 { return &out.Weeks[i].Submissions }, "")
	readPerWeek(b, "certificates", "issued_at", weeks, func(i int) *int64 { return &out.Weeks[i].Certificates }, "")
	byStatusCols := groupCounts("submissions", "status")
	var byStatus []groupCount
	read(b, sqlOf("SELECT "+byStatusCols.list+" FROM submissions GROUP BY submissions.status"), byStatusCols, &byStatus)
	// Open as the startup's own Open filter counts it: still taking work, waiting or not.
	var open int
	readCount(b, sqlOf("SELECT COUNT(*) FROM tasks WHERE tasks.status IN (?, ?)", tasks.StatusOpen, tasks.StatusSubmitted), &open)
	if err := b.run(); err != nil {
		return admin.Activity{}, err
	}
	out.SubmissionsByStatus = make(map[string]int64, len(byStatus))
	for _, r := range byStatus {
		out.SubmissionsByStatus[r.Key] = r.N
	}
	out.OpenTasks = int64(open)
	return out, nil
}

// groupCount is how many rows share one value (Key) of the column a count groups them by.
type groupCount struct {
	Key string
	N   int64
}

// groupCounts are a groupCount's columns for the rows of table grouped by col.
func groupCounts(table, col string) columns[groupCount] {
	return columnsOf(column[groupCount]{table + "." + col, func(r *groupCount) any { return &r.Key }},
		column[groupCount]{"COUNT(*)", func(r *groupCount) any { return &r.N }})
}

// readPerWeek queues on b the count of table's rows whose column falls in each week starting at
// weeks[i], and that meet cond when it is set. The aggregate is one row, a column per week, and
// week i's column is scanned into count(i): the columns fill the caller's weeks, not a row of
// their own, as their number is the caller's. Its plan hangs on a range (a few weeks of a table
// of years, or all of a new one), so the batch leaves PostgreSQL its own choice of plan
// (perValue), as it had when each count was read alone.
func readPerWeek(b *readBatch, table, col string, weeks []time.Time, count func(week int) *int64, cond string, condArgs ...any) {
	at := table + "." + col
	cols := make([]column[struct{}], len(weeks))
	var args []any
	for i, w := range weeks {
		cols[i] = column[struct{}]{"COUNT(CASE WHEN " + at + " >= ? AND " + at + " < ? THEN 1 END)", func(*struct{}) any { return count(i) }}
		args = append(args, w, w.AddDate(0, 0, 7))
	}
	w := whereOf(at+" >= ?", weeks[0])
	if cond != "" {
		w = w.and(cond, condArgs...)
	}
	perWeek := columnsOf(cols...)
	q := w.stmt("SELECT "+perWeek.list+" FROM "+table, args, "")
	q.perValue = true
	var one []struct{}
	read(b, q, perWeek, &one)
}

// Totals counts students and startups in one grouped query on the user_type index, and tasks,
// in one round trip on PostgreSQL.
func (s Admin) Totals(ctx context.Context) (admin.Totals, error) {
	b := newReadBatch(s.DB.WithContext(ctx))
	byType := groupCounts("users", "user_type")
	var rows []groupCount
	read(b, sqlOf("SELECT "+byType.list+" FROM users WHERE users.user_type IN (?, ?) GROUP BY users.user_type",
		string(accounts.Student), string(accounts.Startup)), byType, &rows)
	var taskCount int
	readCount(b, sqlOf("SELECT COUNT(*) FROM tasks"), &taskCount)
	if err := b.run(); err != nil {
		return admin.Totals{}, err
	}
	t := admin.Totals{Tasks: int64(taskCount)}
	for _, r := range rows {
		if r.Key == string(accounts.Student) {
			t.Students = r.N
		} else {
			t.Startups = r.N
		}
	}
	return t, nil
}

type helpRequestColumn = column[helpRequestRow]

// helpRequestColumns are helpRequestRow's columns, declared beside their one reader: help.go
// only writes the rows.
var helpRequestColumns = columnsOf(
	helpRequestColumn{"help_requests.id", func(r *helpRequestRow) any { return &r.ID }},
	helpRequestColumn{"help_requests.phone", func(r *helpRequestRow) any { return &r.Phone }},
	helpRequestColumn{"help_requests.email", func(r *helpRequestRow) any { return &r.Email }},
	helpRequestColumn{"help_requests.topic", func(r *helpRequestRow) any { return &r.Topic }},
	helpRequestColumn{"help_requests.message", func(r *helpRequestRow) any { return &r.Message }},
	helpRequestColumn{"help_requests.created_at", func(r *helpRequestRow) any { return &r.CreatedAt }},
)

// HelpRequests reads a page of the help requests, newest first, and counts them all, in one
// round trip on PostgreSQL.
func (s Admin) HelpRequests(ctx context.Context, limit, offset int) ([]help.Request, int64, error) {
	b := newReadBatch(s.DB.WithContext(ctx))
	var total int
	readCount(b, sqlOf("SELECT COUNT(*) FROM help_requests"), &total)
	page, args := limitOffset(limit, offset)
	var rows []helpRequestRow
	read(b, sqlOf("SELECT "+helpRequestColumns.list+" FROM help_requests ORDER BY help_requests.created_at DESC, help_requests.id DESC"+page, args...),
		helpRequestColumns, &rows)
	if err := b.run(); err != nil {
		return nil, 0, err
	}
	out := make([]help.Request, 0, len(rows))
	for _, r := range rows {
		out = append(out, help.Request{ID: r.ID, Phone: r.Phone, Email: r.Email, Topic: r.Topic, Message: r.Message, CreatedAt: r.CreatedAt})
	}
	return out, int64(total), nil
}
