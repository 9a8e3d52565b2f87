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
	var rows []userRow
	db := s.searched(ctx, q).Preload("Skills", orderByPosition)
	if q.Sort == admin.SortName {
		name := "LOWER(first_name || ' ' || last_name)"
		if q.Type == accounts.Startup {
			name = "LOWER(company_name)"
		}
		db = db.Order(name + ", id")
	} else {
		db = db.Order("created_at DESC, id DESC")
	}
	if err := db.Limit(q.Limit).Offset(q.Offset).Find(&rows).Error; err != nil {
		return nil, err
	}
	users := make([]*accounts.User, 0, len(rows))
	for i := range rows {
		users = append(users, rows[i].toDomain())
	}
	return users, nil
}

// CountUsers counts what SearchUsers would read without a limit.
func (s Admin) CountUsers(ctx context.Context, q admin.UserQuery) (int64, error) {
	var n int64
	err := s.searched(ctx, q).Count(&n).Error
	return n, err
}

// searched keeps the users of q's type whose full name, e-mail or company name contains
// q.Search in any case. LOWER on both sides, since LIKE ignores case on SQLite only.
func (s Admin) searched(ctx context.Context, q admin.UserQuery) *gorm.DB {
	db := s.DB.WithContext(ctx).Model(&userRow{}).Where("user_type = ?", string(q.Type))
	if q.Search == "" {
		return db
	}
	pattern := "%" + likeEscaper.Replace(strings.ToLower(q.Search)) + "%"
	return db.Where(`LOWER(first_name || ' ' || last_name) LIKE ? ESCAPE '\' OR LOWER(email) LIKE ? ESCAPE '\'
		OR LOWER(company_name) LIKE ? ESCAPE '\'`, pattern, pattern, pattern)
}

// likeEscaper makes a search's own %, _ and \ match themselves in a LIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`)

// Activity counts sign-ups (students and startups), submissions and certificates in each of
// weeks, one query per table: a COUNT(CASE …) column per week compares the timestamps with
// the week's bounds, which both databases do alike, where their date functions differ.
func (s Admin) Activity(ctx context.Context, weeks []time.Time) (admin.Activity, error) {
	db := s.DB.WithContext(ctx)
	out := admin.Activity{Weeks: make([]admin.WeekActivity, len(weeks))}
	for i, w := range weeks {
		out.Weeks[i].Week = w
	}
	if len(weeks) == 0 {
		return out, nil
	}
	counts := []struct {
		table, column, where string
		args                 []any
		set                  func(w *admin.WeekActivity, n int64)
	}{
		{"users", "created_at", "user_type IN ?", []any{[]string{string(accounts.Student), string(accounts.Startup)}},
			func(w *admin.WeekActivity, n int64) { w.Signups = n }},
		{"submissions", "submitted_at", "", nil, func(w *admin.WeekActivity, n int64) { w.Submissions = n }},
		{"certificates", "issued_at", "", nil, func(w *admin.WeekActivity, n int64) { w.Certificates = n }},
	}
	for _, c := range counts {
		perWeek, err := countPerWeek(db, c.table, c.column, weeks, c.where, c.args...)
		if err != nil {
			return admin.Activity{}, err
		}
		for i, n := range perWeek {
			c.set(&out.Weeks[i], n)
		}
	}
	var byStatus []struct {
		Status string
		N      int64
	}
	err := db.Table("submissions").Select("status, COUNT(*) AS n").Group("status").Scan(&byStatus).Error
	if err != nil {
		return admin.Activity{}, err
	}
	out.SubmissionsByStatus = make(map[string]int64, len(byStatus))
	for _, r := range byStatus {
		out.SubmissionsByStatus[r.Status] = r.N
	}
	// Open as the startup's own Open filter counts it: still taking work, waiting or not.
	err = db.Table("tasks").Where("status IN ?", []string{tasks.StatusOpen, tasks.StatusSubmitted}).Count(&out.OpenTasks).Error
	return out, err
}

// countPerWeek counts table's rows whose column falls in each week starting at weeks[i].
func countPerWeek(db *gorm.DB, table, column string, weeks []time.Time, where string, whereArgs ...any) ([]int64, error) {
	cols := make([]string, len(weeks))
	var args []any
	for i, w := range weeks {
		cols[i] = "COUNT(CASE WHEN " + column + " >= ? AND " + column + " < ? THEN 1 END)"
		args = append(args, w, w.AddDate(0, 0, 7))
	}
	q := db.Table(table).Select(strings.Join(cols, ", "), args...).Where(column+" >= ?", weeks[0])
	if where != "" {
		q = q.Where(where, whereArgs...)
	}
	out := make([]int64, len(weeks))
	dest := make([]any, len(weeks))
	for i := range out {
		dest[i] = &out[i]
	}
	err := q.Row().Scan(dest...)
	return out, driverError(q, err)
}

// Totals counts students and startups in one grouped query on the user_type index, and tasks.
func (s Admin) Totals(ctx context.Context) (admin.Totals, error) {
	db := s.DB.WithContext(ctx)
	var rows []struct {
		UserType string
		N        int64
	}
	err := db.Table("users").Select("user_type, COUNT(*) AS n").
		Where("user_type IN ?", []string{string(accounts.Student), string(accounts.Startup)}).
		Group("user_type").Scan(&rows).Error
	if err != nil {
		return admin.Totals{}, err
	}
	var t admin.Totals
	for _, r := range rows {
		if r.UserType == string(accounts.Student) {
			t.Students = r.N
		} else {
			t.Startups = r.N
		}
	}
	err = db.Table("tasks").Count(&t.Tasks).Error
	return t, err
}

func (s Admin) HelpRequests(ctx context.Context, limit, offset int) ([]help.Request, int64, error) {
	db := s.DB.WithContext(ctx)
	var total int64
	if err := db.Model(&helpRequestRow{}).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []helpRequestRow
	err := db.Order("created_at DESC, id DESC").Limit(limit).Offset(offset).Find(&rows).Error
	out := make([]help.Request, 0, len(rows))
	for _, r := range rows {
		out = append(out, help.Request{ID: r.ID, Phone: r.Phone, Email: r.Email, Topic: r.Topic, Message: r.Message, CreatedAt: r.CreatedAt})
	}
	return out, total, err
}
