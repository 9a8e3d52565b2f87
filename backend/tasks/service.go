package tasks

import (
	"context"
	"fmt"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/money"
	"bridgework/backend/notify"
	"bridgework/backend/payments"
	"bridgework/backend/ratelimit"
	"bridgework/backend/uploads"
)

// Publisher announces an event, already committed, to every open connection of the users, on any
// instance. It is best effort (app.Publisher logs a failure; clients catch up from the database),
// and app.Publisher{} publishes nothing.
type Publisher interface {
	Publish(ctx context.Context, eventType string, data any, userIDs ...string)
}

// The events the marketplace publishes (DESIGN.md §4).
const (
	EventSubmissionStatus = "submission.status"
	EventTaskUpdated      = "task.updated"
)

// Announcer pushes notifications that were just committed (notify.Service).
type Announcer interface {
	Announce(ctx context.Context, created ...notify.Notification)
}

// Service is the marketplace's use cases. The admin's read-only views (spec §6) call
// TasksOfStudent, StudentTasks, StudentDashboard, TasksOfStartup and StartupDashboard
// (admin.Marketplace).
type Service struct {
	Store     Store
	Notifier  Announcer
	Publisher Publisher
	Now       func() time.Time
	// Limiter counts task posts: a startup may post PostsPerHour tasks an hour (0: no limit).
	Limiter      ratelimit.Limiter
	PostsPerHour int
	// Posted hears of every task posted, after its commit (nil: nobody).
	Posted PostWatcher
	// DefaultCurrency is a posted task's currency when the form names none ("" is USD).
	DefaultCurrency string
	// Uploads says whose a file is: a task shows only files its own startup uploaded.
	Uploads Uploads
	// Rates are the operator's exchange rates (CURRENCY_RATES), what a pay range compares in.
	Rates money.Rates

	// Funds held through Stripe (funding.go). Checkout opens Checkout Sessions (PAYMENTS=stripe);
	// nil offline, where funding is refused and every paid approval is due from the startup.
	Checkout Checkout
	// PublicURL is where the app is: Checkout sends the startup back there.
	PublicURL string
	// FeeBasisPoints is the platform's share of each transfer (PLATFORM_FEE_PERCENT).
	FeeBasisPoints int
	// ReviewWindow is how long a startup has to decide on work to a funded task assigned to one
	// student before it is approved automatically; both sides are warned ReviewWarning before.
	ReviewWindow, ReviewWarning time.Duration
	// Money is woken when an approval committed a money job (payments.Worker).
	Money payments.Waker
}

// Checkout opens Stripe Checkout Sessions (stripeconnect.Client).
type Checkout interface {
	CreateCheckout(ctx context.Context, c payments.Checkout) (id, url string, err error)
}

// Uploads reads who uploaded a file (store.Files).
type Uploads interface {
	// FileMeta returns an upload's owner and kind (no data); apperr.NotFound when unknown.
	FileMeta(ctx context.Context, id string) (*uploads.File, error)
}

// PostWatcher is told of a task just posted (alerts.Service: students' saved searches).
type PostWatcher interface {
	TaskPosted(ctx context.Context, t *Task)
}

var errTaskNotFound = apperr.New(apperr.NotFound, "Task not found.")

// Dashboard sizes (spec §9).
const (
	dashboardActive    = PageSize
	dashboardAvailable = 3
	dashboardCompleted = 3
	dashboardStartups  = 8
	dashboardRecent    = 5
	dashboardSubs      = 10
)

// Post creates a task for a startup from the Post New Work form.
func (s *Service) Post(ctx context.Context, startup *accounts.User, in PostInput) (*Task, error) {
	return s.post(ctx, startup, in, nil)
}

// post creates a task for a startup from the form in; a repost names the ended task it posts
// again, and the trail records the two together.
func (s *Service) post(ctx context.Context, startup *accounts.User, in PostInput, repostOf *Task) (*Task, error) {
	currency := s.DefaultCurrency
	if currency == "" {
		currency = "USD"
	}
	t, err := validatePost(in, s.now(), currency)
	if err != nil {
		return nil, err
	}
	if err := s.checkOwnImages(ctx, startup.ID, t); err != nil {
		return nil, err
	}
	if t.AssignedStudentID != "" {
		if _, err := s.Store.Person(ctx, t.AssignedStudentID, string(accounts.Student)); err != nil {
			if apperr.CodeOf(err) == apperr.NotFound {
				return nil, apperr.Field("assignedStudent", "Choose a student from the list")
			}
			return nil, err
		}
	}
	if err := ratelimit.Take(ctx, s.Limiter, "tasks:post:"+startup.ID, s.PostsPerHour, time.Hour,
		"You have posted many tasks in the last hour. Please try again later."); err != nil {
		return nil, err
	}
	t.StartupID, t.Status = startup.ID, StatusOpen
	if repostOf == nil {
		err = s.Store.CreateTask(ctx, t)
	} else {
		err = s.Store.InTx(ctx, func(tx Tx) error {
			if err := tx.CreateTask(t); err != nil {
				return err
			}
			return tx.Audit(&audit.Entry{Type: audit.TaskReposted, ActorID: startup.ID, Target: t.ID, IP: audit.ClientIP(ctx),
				Detail: clip(fmt.Sprintf("%s · again from %s", clip(t.Title, 100), repostOf.ID), 300)})
		})
	}
	if err != nil {
		return nil, err
	}
	posted, err := s.Store.Task(ctx, t.ID)
	if err == nil && s.Posted != nil {
		s.Posted.TaskPosted(ctx, posted)
	}
	return posted, err
}

// checkOwnImages refuses a task whose image or attachments are files its startup did not
// upload as task images: a task could otherwise show another user's avatar, résumé or chat file
// (validatePost already refused anything but this server's file links).
func (s *Service) checkOwnImages(ctx context.Context, startupID string, t *Task) error {
	check := func(field, url, message string) error {
		id, _ := uploads.IDFromURL(url)
		f, err := s.Uploads.FileMeta(ctx, id)
		if apperr.CodeOf(err) == apperr.NotFound || (err == nil && (f.OwnerID != startupID || f.Kind != uploads.TaskImage)) {
			return apperr.Field(field, message)
		}
		return err
	}
	if t.ImageURL != "" {
		if err := check("imageUrl", t.ImageURL, "Please upload the image again"); err != nil {
			return err
		}
	}
	for _, a := range t.Attachments {
		if err := check("attachments", a.URL, "Please upload the attachments again"); err != nil {
			return err
		}
	}
	return nil
}

// UnlistPastDeadlines takes off the open market every task whose deadline day has ended
// everywhere (PastDeadline). The open market's reads keep to their one indexed condition, and
// their plans (a deadline bound to each call's clock was planned anew on every call on
// PostgreSQL: TestDashboards_fixedQueryCount); SubmitLink checks the deadline itself, so a
// task not yet unlisted still takes no new work.
func (s *Service) UnlistPastDeadlines(ctx context.Context) (int64, error) {
	return s.Store.UnlistPastDeadline(ctx, DeadlineCutoff(s.now()))
}

// StartupTask is one of the startup's own tasks with all its submissions; others' are not found.
func (s *Service) StartupTask(ctx context.Context, startupID, taskID string) (*Task, error) {
	t, err := s.Store.Task(ctx, taskID)
	if err != nil {
		return nil, err
	}
	if !CanManage(t, startupID) {
		return nil, errTaskNotFound
	}
	return t, nil
}

// TaskPage is one task as viewer (nil when signed out) may open it (CanView), with only the
// viewer's own submission, if any, for a student and none for anyone else; others are not found.
func (s *Service) TaskPage(ctx context.Context, viewer *accounts.User, taskID string) (*Task, error) {
	t, err := s.Store.Task(ctx, taskID)
	if err != nil {
		return nil, err
	}
	if !CanView(t, viewer) {
		return nil, errTaskNotFound
	}
	own := []Submission{}
	if viewer != nil && viewer.Type == accounts.Student {
		if sub := OwnSubmission(t, viewer.ID); sub != nil {
			own = append(own, *sub)
		}
	}
	t.Submissions = own
	return t, nil
}

// StartupTasks pages the startup's tasks with their submissions.
func (s *Service) StartupTasks(ctx context.Context, startupID string, q Query) (Page[Task], error) {
	q, err := s.listQuery(q)
	if err != nil {
		return Page[Task]{}, err
	}
	return s.Store.StartupTasks(ctx, startupID, q)
}

// StartupTaskCounts counts the startup's tasks for the My Works tabs: all, open, under-review
// and completed, under q's search and filters.
func (s *Service) StartupTaskCounts(ctx context.Context, startupID string, q Query) (map[string]int, error) {
	q, err := s.listQuery(q)
	if err != nil {
		return nil, err
	}
	return s.Store.StartupTaskCounts(ctx, startupID, q)
}

// StartupSubmissions pages the submissions to the startup's tasks, newest first.
func (s *Service) StartupSubmissions(ctx context.Context, startupID, status string, page, limit int) (Page[Submission], error) {
	var v apperr.Validator
	v.Check(status == "" || contains(Statuses, status),
		"status", "Status must be pending, under-review, changes_requested, approved, rejected or closed")
	checkPage(&v, page)
	if err := v.Err(); err != nil {
		return Page[Submission]{}, err
	}
	return s.Store.StartupSubmissions(ctx, startupID, status, page, limit)
}

// StartupDashboard reads the startup dashboard: stats, the 5 newest tasks, the 10 newest submissions.
func (s *Service) StartupDashboard(ctx context.Context, startupID string) (StartupDashboard, error) {
	return s.Store.StartupDashboard(ctx, startupID, dashboardRecent, dashboardSubs)
}

// errTooDeep refuses pages of the open market past MaxMarketPage.
var errTooDeep = apperr.Field("page", "Narrow your search or filters to see tasks past page 100")

// OpenTasks pages the open market for anyone, signed in or not: read-only, no submissions.
func (s *Service) OpenTasks(ctx context.Context, q Query) (Page[Task], error) {
	q, err := s.listQuery(q)
	if err != nil {
		return Page[Task]{}, err
	}
	if q.Page > MaxMarketPage {
		return Page[Task]{}, errTooDeep
	}
	q.Source = ""
	return s.Store.OpenTasks(ctx, q, "")
}

// Student task scopes of GET /api/student/tasks/all.
const (
	ScopeAvailable = "available" // open tasks the student has not submitted to
	ScopeMine      = "mine"      // tasks assigned to or submitted by the student
)

// Market pages GET /api/student/tasks/all for any signed-in viewer: the spec's client asks it of
// every role and builds past submissions, active and completed tasks from it. Without a scope a
// student gets their own tasks first, whatever their status, then the open market; a startup its
// own tasks with their submissions, then the open market; the admin every task with every
// submission. A student's scope narrows it to one half (StudentTasks).
func (s *Service) Market(ctx context.Context, viewer *accounts.User, scope string, q Query) (Page[Task], error) {
	if viewer.Type == accounts.Student && scope != "" {
		return s.StudentTasks(ctx, viewer.ID, scope, q)
	}
	q, err := s.listQuery(q)
	if err != nil {
		return Page[Task]{}, err
	}
	if scope != "" {
		return Page[Task]{}, apperr.Field("scope", "Scope is only for students")
	}
	if q.Source != "" {
		return Page[Task]{}, apperr.Field("source", "Source goes with scope=mine or scope=available")
	}
	if q.Page > MaxMarketPage {
		return Page[Task]{}, errTooDeep
	}
	view := MarketView{Admin: viewer.Type == accounts.Admin}
	switch viewer.Type {
	case accounts.Student:
		view.Student = viewer.ID
	case accounts.Startup:
		view.Startup = viewer.ID
	}
	return s.Store.Market(ctx, view, q)
}

// StudentTasks pages one half of a student's view of the marketplace. Source "startup" keeps
// the tasks a startup assigned to the student, "non-startup" those taken from the open market;
// the open market itself holds only the latter.
func (s *Service) StudentTasks(ctx context.Context, studentID, scope string, q Query) (Page[Task], error) {
	q, err := s.listQuery(q)
	if err != nil {
		return Page[Task]{}, err
	}
	switch scope {
	case ScopeMine:
		return s.Store.StudentTasks(ctx, studentID, q, nil)
	case ScopeAvailable:
		if q.Page > MaxMarketPage {
			return Page[Task]{}, errTooDeep
		}
		return s.Store.OpenTasks(ctx, q, studentID)
	}
	return Page[Task]{}, apperr.Field("scope", "Scope must be available or mine")
}

// TasksOfStudent pages every task a student works or worked on, with their submissions.
func (s *Service) TasksOfStudent(ctx context.Context, studentID string, q Query) (Page[Task], error) {
	q, err := s.listQuery(q)
	if err != nil {
		return Page[Task]{}, err
	}
	return s.Store.StudentTasks(ctx, studentID, q, nil)
}

// TasksOfStartup pages a startup's posted tasks with their submissions.
func (s *Service) TasksOfStartup(ctx context.Context, startupID string, q Query) (Page[Task], error) {
	q, err := s.listQuery(q)
	if err != nil {
		return Page[Task]{}, err
	}
	return s.Store.StartupTasks(ctx, startupID, q)
}

// Startups pages startups, newest first, and counts them (the Networking card, chat partners).
func (s *Service) Startups(ctx context.Context, offset, limit int) ([]Person, int, error) {
	return s.Store.Startups(ctx, offset, limit)
}

// StudentDashboard reads the student dashboard in one go (spec §9 sizes).
func (s *Service) StudentDashboard(ctx context.Context, studentID string) (StudentDashboard, error) {
	return s.studentDashboard(ctx, studentID, 0)
}

// studentDashboard reads the student dashboard with own of the student's own tasks.
func (s *Service) studentDashboard(ctx context.Context, studentID string, own int) (StudentDashboard, error) {
	return s.Store.StudentDashboard(ctx, studentID, dashboardActive, dashboardAvailable, dashboardCompleted, dashboardStartups, own)
}

// dashboardTasks is how many of a student's own tasks the dashboard lists whole, newest first:
// the spec's client builds its active and completed lists from them.
const dashboardTasks = 100

// MyDashboard is viewer's student dashboard and their own tasks, each with only their own
// submission. The spec's client asks every signed-in role for it (its profile page reads the
// user from it), so the other roles get an empty one rather than a refusal.
func (s *Service) MyDashboard(ctx context.Context, viewer *accounts.User) (StudentDashboard, []Task, error) {
	if viewer.Type != accounts.Student {
		return StudentDashboard{}, nil, nil
	}
	d, err := s.studentDashboard(ctx, viewer.ID, dashboardTasks)
	return d, d.Own, err
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}
