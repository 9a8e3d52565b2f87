// Package admin is the admin's read-only oversight: totals, paged lists of students and
// startups, any student's or startup's dashboard, and the Help Center's call-back requests.
// Nothing here changes anything; the marketplace's own services supply the tasks and
// certificates, so the admin sees exactly what the user sees.
package admin

import (
	"context"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/certs"
	"bridgework/backend/help"
	"bridgework/backend/profiles"
	"bridgework/backend/tasks"
)

// Page sizes of the admin lists.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
	// MaxTasksShown bounds the task lists of one dashboard (a student's or startup's tasks).
	MaxTasksShown = 100
)

// Totals are the admin dashboard's numbers.
type Totals struct {
	Students, Startups, Tasks int64
}

// Page is one page of an admin list.
type Page[T any] struct {
	Items          []T
	Page, PageSize int
	Total          int64
}

// Store is what the admin needs from the database.
type Store interface {
	UserByID(ctx context.Context, id string) (*accounts.User, error)
	ListUsers(ctx context.Context, f profiles.UserFilter) ([]*accounts.User, error)
	CountUsers(ctx context.Context, f profiles.UserFilter) (int64, error)
	Totals(ctx context.Context) (Totals, error)
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
}

// CanOversee: only the admin reads these pages.
func CanOversee(u *accounts.User) bool { return u != nil && u.Type == accounts.Admin }

var forbidden = apperr.New(apperr.Forbidden, "You do not have access to this.")

// Totals counts students, startups and tasks.
func (s *Service) Totals(ctx context.Context, viewer *accounts.User) (Totals, error) {
	if !CanOversee(viewer) {
		return Totals{}, forbidden
	}
	return s.Store.Totals(ctx)
}

// Users pages students or startups, newest first.
func (s *Service) Users(ctx context.Context, viewer *accounts.User, t accounts.UserType, page, size int) (Page[*accounts.User], error) {
	if !CanOversee(viewer) {
		return Page[*accounts.User]{}, forbidden
	}
	page, size, err := pageBounds(page, size)
	if err != nil {
		return Page[*accounts.User]{}, err
	}
	f := profiles.UserFilter{Type: t, Limit: size, Offset: (page - 1) * size}
	total, err := s.Store.CountUsers(ctx, f)
	if err != nil {
		return Page[*accounts.User]{}, err
	}
	out := Page[*accounts.User]{Page: page, PageSize: size, Total: total, Items: []*accounts.User{}}
	if total > int64(f.Offset) {
		if out.Items, err = s.Store.ListUsers(ctx, f); err != nil {
			return out, err
		}
	}
	return out, nil
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
func (s *Service) Student(ctx context.Context, viewer *accounts.User, id string) (*StudentDashboard, error) {
	if !CanOversee(viewer) {
		return nil, forbidden
	}
	u, err := s.user(ctx, id, accounts.Student, "Student not found.")
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
func (s *Service) Startup(ctx context.Context, viewer *accounts.User, id string) (*StartupDashboard, error) {
	if !CanOversee(viewer) {
		return nil, forbidden
	}
	u, err := s.user(ctx, id, accounts.Startup, "Startup not found.")
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

// HelpRequests pages the Help Center's requests, newest first, so someone can call back.
func (s *Service) HelpRequests(ctx context.Context, viewer *accounts.User, page, size int) (Page[help.Request], error) {
	if !CanOversee(viewer) {
		return Page[help.Request]{}, forbidden
	}
	page, size, err := pageBounds(page, size)
	if err != nil {
		return Page[help.Request]{}, err
	}
	items, total, err := s.Store.HelpRequests(ctx, size, (page-1)*size)
	return Page[help.Request]{Items: items, Page: page, PageSize: size, Total: total}, err
}

func (s *Service) user(ctx context.Context, id string, t accounts.UserType, notFound string) (*accounts.User, error) {
	u, err := s.Store.UserByID(ctx, id)
	if apperr.CodeOf(err) == apperr.NotFound || (err == nil && u.Type != t) {
		return nil, apperr.New(apperr.NotFound, notFound)
	}
	return u, err
}

// pageBounds defaults page to 1 and size to DefaultPageSize, and refuses what is out of range.
func pageBounds(page, size int) (int, int, error) {
	if page == 0 {
		page = 1
	}
	if size == 0 {
		size = DefaultPageSize
	}
	var v apperr.Validator
	v.Check(page >= 1 && page <= 1_000_000, "page", "page must be a positive number")
	v.Check(size >= 1 && size <= MaxPageSize, "pageSize", "pageSize must be between 1 and 100")
	return page, size, v.Err()
}
