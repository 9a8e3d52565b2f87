// Package admin is the admin's read-only oversight: totals, paged lists of students and
// startups, any student's or startup's dashboard, and the Help Center's call-back requests.
// Nothing here changes anything; the marketplace's own services supply the tasks and
// certificates, so the admin sees exactly what the user sees. Who may call it is the HTTP
// route table's rule (httpapi/routes.go admits only the admin), not this package's.
package admin

import (
	"context"
	"strings"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/certs"
	"bridgework/backend/help"
	"bridgework/backend/tasks"
)

// MaxTasksShown bounds the task lists of one dashboard (a student's or startup's tasks).
const MaxTasksShown = 100

// Totals are the admin dashboard's numbers.
type Totals struct {
	Students, Startups, Tasks int64
}

// Store is what the admin needs from the database.
type Store interface {
	UserByID(ctx context.Context, id string) (*accounts.User, error)
	// SearchUsers reads the page of users q asks for; CountUsers counts them all.
	SearchUsers(ctx context.Context, q UserQuery) ([]*accounts.User, error)
	CountUsers(ctx context.Context, q UserQuery) (int64, error)
	Totals(ctx context.Context) (Totals, error)
	// Activity counts what happened in each week of weeks and the submissions by status.
	Activity(ctx context.Context, weeks []time.Time) (Activity, error)
	// HelpRequests pages the call-back requests, newest first.
	HelpRequests(ctx context.Context, limit, offset int) ([]help.Request, int64, error)
}

// Marketplace is the part of the tasks service the admin reads.
type Marketplace interface {
	StudentDashboard(ctx context.Context, studentID string) (tasks.StudentDashboard, error)
	TasksOfStudent(ctx context.Context, studentID string, q tasks.Query) (tasks.Page[tasks.Task], error)
	StudentTasks(ctx context.Context, studentID, scope string, q tasks.Query) (tasks.Page[tasks.Task], error)
	StartupDashboard(ctx context.Context, startupID string) (tasks.StartupDashboard, error)
	TasksOfStartup(ctx context.Context, startupID string, q tasks.Query) (tasks.Page[tasks.Task], error)
}

// Certificates is the part of the certificates service the admin reads.
type Certificates interface {
	ForStudent(ctx context.Context, studentID string) ([]certs.Certificate, error)
}

// Service is the admin's use cases.
type Service struct {
	Store        Store
	Marketplace  Marketplace
	Certificates Certificates
	Now          func() time.Time // nil: time.Now
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Totals counts students, startups and tasks.
func (s *Service) Totals(ctx context.Context) (Totals, error) {
	return s.Store.Totals(ctx)
}

// Users reads the page of students or startups q asks for and counts all that match.
func (s *Service) Users(ctx context.Context, q UserQuery) ([]*accounts.User, int64, error) {
	if err := q.Validate(); err != nil {
		return nil, 0, err
	}
	q.Search = strings.TrimSpace(q.Search)
	if q.Sort == "" {
		q.Sort = SortNewest
	}
	total, err := s.Store.CountUsers(ctx, q)
	if err != nil || total <= int64(q.Offset) {
		return nil, total, err
	}
	users, err := s.Store.SearchUsers(ctx, q)
	return users, total, err
}

// StudentDashboard is a student's dashboard as the student sees it, plus every task they work
// or worked on (with their submission), the open tasks they could take, and their certificates.
type StudentDashboard struct {
	Student      *accounts.User
	Dashboard    tasks.StudentDashboard
	Tasks        []tasks.Task
	Available    tasks.Page[tasks.Task]
	Certificates []certs.Certificate
}

// Student reads one student's dashboard; any other id is not found.
func (s *Service) Student(ctx context.Context, id string) (*StudentDashboard, error) {
	u, err := accounts.OfType(ctx, s.Store, id, accounts.Student, "Student not found.")
	if err != nil {
		return nil, err
	}
	out := &StudentDashboard{Student: u}
	if out.Dashboard, err = s.Marketplace.StudentDashboard(ctx, id); err != nil {
		return nil, err
	}
	all := tasks.Query{Sort: "newest", Limit: MaxTasksShown}
	mine, err := s.Marketplace.TasksOfStudent(ctx, id, all)
	if err != nil {
		return nil, err
	}
	out.Tasks = mine.Items
	if out.Available, err = s.Marketplace.StudentTasks(ctx, id, tasks.ScopeAvailable, all); err != nil {
		return nil, err
	}
	if out.Certificates, err = s.Certificates.ForStudent(ctx, id); err != nil {
		return nil, err
	}
	return out, nil
}

// StartupDashboard is a startup's dashboard with every task it posted and their submissions.
type StartupDashboard struct {
	Startup   *accounts.User
	Dashboard tasks.StartupDashboard
	Tasks     []tasks.Task
	Total     int
}

// Startup reads one startup's dashboard; any other id is not found.
func (s *Service) Startup(ctx context.Context, id string) (*StartupDashboard, error) {
	u, err := accounts.OfType(ctx, s.Store, id, accounts.Startup, "Startup not found.")
	if err != nil {
		return nil, err
	}
	out := &StartupDashboard{Startup: u}
	if out.Dashboard, err = s.Marketplace.StartupDashboard(ctx, id); err != nil {
		return nil, err
	}
	posted, err := s.Marketplace.TasksOfStartup(ctx, id, tasks.Query{Sort: "newest", Limit: MaxTasksShown})
	if err != nil {
		return nil, err
	}
	out.Tasks, out.Total = posted.Items, posted.Total
	return out, nil
}

// HelpRequests reads limit of the Help Center's requests past offset, newest first, so someone
// can call back, and counts them all.
func (s *Service) HelpRequests(ctx context.Context, offset, limit int) ([]help.Request, int64, error) {
	return s.Store.HelpRequests(ctx, limit, offset)
}
