// Package tasks is the work marketplace: startups post tasks, students submit a link to their
// work, the owning startup moves a submission to review and approves or rejects it. Approval
// completes the task and issues the student's certificate. Every state change runs in one
// transaction (with the notification it announces) and is published only after the commit.
package tasks

import (
	"context"
	"strings"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/audit"
	"bridgework/backend/certs"
	"bridgework/backend/money"
	"bridgework/backend/notify"
	"bridgework/backend/payments"
)

// Task statuses as stored. Until the task ends, the stored status equals what the submissions
// imply: under-review while one is under review, submitted while one waits, else open. It ends
// completed once the approval filling its places came (or closed it early), or closed when its
// startup closed it with a reason instead; both are final (Ended).
const (
	StatusOpen        = "open"
	StatusSubmitted   = "submitted"
	StatusUnderReview = "under-review"
	StatusCompleted   = "completed"
	StatusClosed      = "closed"
)

// Ended reports whether t is completed or closed: off the open market, taking no new work and
// no decision that would fill a place.
func Ended(t *Task) bool { return t.Status == StatusCompleted || t.Status == StatusClosed }

// Submission statuses (spec §4, and DESIGN §3's revision rounds). Approved, rejected and closed
// are final; changes-requested waits for the student's next revision.
const (
	Pending          = "pending"
	UnderReview      = "under-review"
	ChangesRequested = "changes_requested"
	Approved         = "approved"
	Rejected         = "rejected"
	Closed           = "closed" // the task was closed while this one was still open
)

// Replaced is the status of a revision whose link the student replaced before any decision:
// a revision's own status, never a submission's. It stays in the history, so the startup sees
// that the link changed (DESIGN §3: a link replaced while pending is a new revision).
const Replaced = "replaced"

// Revision rounds: how many times a startup may ask for changes on one submission, unless the
// task says otherwise.
const (
	DefaultRevisionRounds = 3
	MaxRevisionRounds     = 10
)

// PageSize is the spec's page size for task lists.
const PageSize = 12

// Person is how a task names the people around it: its startup, its assignee, a submitter.
type Person struct {
	ID string
	// Type decides what a viewer may see of the person (profiles.VisibleTo).
	Type                                                       accounts.UserType
	FirstName, LastName, Username, Email, CompanyName, Picture string
	VerifiedDomain                                             string                 // a verified startup's domain
	PaymentRecord                                              accounts.PaymentRecord // a startup's
}

// Name is the person's display name: the company for a startup, else first and last name.
func (p *Person) Name() string {
	switch {
	case p.CompanyName != "":
		return p.CompanyName
	case p.FirstName != "" && p.LastName != "":
		return p.FirstName + " " + p.LastName
	case p.FirstName != "":
		return p.FirstName
	}
	return p.Email
}

// Attachment is an uploaded file of a task, by its /api/files path.
type Attachment struct {
	Name, URL string
}

// Task is a piece of paid work a startup posted.
type Task struct {
	ID, StartupID                          string
	Title, Description, Category, WorkType string
	Skills                                 []string
	Difficulty                             string
	EstimatedHours                         float64
	BudgetMin, BudgetMax                   float64
	Currency                               string // ISO 4217, upper case: what the budget is in
	Deadline                               time.Time
	Priority                               string
	ImageURL                               string
	Attachments                            []Attachment
	AssignedStudentID                      string
	RevisionRounds                         int
	// Seats is how many approved submissions the task pays (1–50); SeatsFilled how many it
	// approved. The approval filling the last one completes the task.
	Seats, SeatsFilled int
	Funding            Funding
	Status             string
	CompletedAt        *time.Time
	// ClosedReason is what the startup said when it closed the task (status closed), at ClosedAt.
	ClosedReason string
	ClosedAt     *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time

	// Filled by the store's list and detail reads, never by Tx.LockTask.
	Startup         *Person
	AssignedStudent *Person
	// Submissions holds every submission for the owning startup, and only the viewer's own
	// for a student.
	Submissions []Submission
}

// Funding is the money a startup put up front for a task (PAYMENTS=stripe), in minor units.
type Funding struct {
	Status   string // unfunded, pending, funded or refunded
	Amount   money.Amount
	Refunded money.Amount
}

// Funding statuses.
const (
	Unfunded       = "unfunded"
	FundingPending = "pending"
	Funded         = "funded"
	Refunded       = "refunded"
)

// Seat limits: a task pays at least one approved submission and at most MaxSeats.
const (
	DefaultSeats = 1
	MaxSeats     = 50
)

// PayRange is what one approved submission of t may be paid, in minor units: from the budget's
// min to its max (a budget of only a min pays that). A task whose range tops at 0 is unpaid:
// "certificate only".
func PayRange(t *Task) (lo, hi money.Amount) {
	lo, _ = money.FromMajor(t.BudgetMin, t.Currency)
	hi, _ = money.FromMajor(max(t.BudgetMax, t.BudgetMin), t.Currency)
	return lo, hi
}

// Paid reports whether an approval of t owes its student money.
func Paid(t *Task) bool {
	_, hi := PayRange(t)
	return hi > 0
}

// Submission is a student's link to their work on a task; one per student and task. Link,
// Status, ReviewNotes and SubmittedAt are those of its current revision.
type Submission struct {
	ID, TaskID, StudentID  string
	StartupID              string // the task's owner, kept on the row for the startup's list
	Link, Status           string
	ReviewNotes            string
	Revision               int // 1, 2, …
	SubmittedAt, UpdatedAt time.Time
	ReviewedAt             *time.Time
	// Revisions is every revision, oldest first; filled by reads that show a submission's history.
	Revisions []Revision
	Student   *Person
	Task      *Task // set only in the startup's submissions list
}

// settle records on s what a decision stored: the submission's and its current revision's new
// status and notes.
func (s *Submission) settle(status, notes string, at time.Time) {
	s.Status, s.UpdatedAt = status, at
	s.ReviewNotes, s.ReviewedAt = notes, &at
	if n := len(s.Revisions); n > 0 {
		r := &s.Revisions[n-1]
		r.Status, r.ReviewNotes, r.ReviewedAt = status, notes, &at
	}
}

// nextRevision records on s the revision NextRevision started: a pending link it replaced is
// kept as Replaced.
func (s *Submission) nextRevision(link string, at time.Time) {
	if n := len(s.Revisions); n > 0 && s.Revisions[n-1].Status == Pending {
		s.Revisions[n-1].Status = Replaced
	}
	s.Revision++
	s.Link, s.Status, s.ReviewNotes, s.ReviewedAt, s.SubmittedAt, s.UpdatedAt = link, Pending, "", nil, at, at
	s.Revisions = append(s.Revisions, Revision{Revision: s.Revision, Link: link, Status: Pending, SubmittedAt: at})
}

// ChangesAsked is how many times the startup asked for changes on s: the revision rounds it
// used (a link the student replaced on their own uses none).
func (s *Submission) ChangesAsked() int {
	n := 0
	for _, r := range s.Revisions {
		if r.Status == ChangesRequested {
			n++
		}
	}
	return n
}

// Revision is one round of a submission: the link the student sent and what became of it.
type Revision struct {
	Revision    int
	Link        string
	Status      string
	ReviewNotes string
	SubmittedAt time.Time
	ReviewedAt  *time.Time
}

// DisplayStatus is the status a startup sees (spec §4): submitted shows as open, since the task
// still takes submissions. A completed task stays completed even if another submission is still
// under review: it takes no further approval.
func DisplayStatus(status string) string {
	switch status {
	case "", StatusSubmitted:
		return StatusOpen
	}
	return status
}

// StudentStatus is the status a student sees of a task: that of their own submission
// (submitted, under-review, changes_requested, completed, rejected, closed), or the task's own
// when they have none: open, completed or closed.
func StudentStatus(t *Task, studentID string) string {
	for _, s := range t.Submissions {
		if s.StudentID != studentID {
			continue
		}
		switch s.Status {
		case Approved:
			return StatusCompleted
		case UnderReview:
			return StatusUnderReview
		case Rejected, ChangesRequested, Closed:
			return s.Status
		}
		return StatusSubmitted
	}
	if Ended(t) {
		return t.Status
	}
	return StatusOpen
}

// SearchText is what a task search matches, lower-cased: title, description, category and
// skills. The store keeps it on the row; saved-search alerts match new tasks against it.
func SearchText(t *Task) string {
	return strings.ToLower(strings.Join([]string{t.Title, t.Description, t.Category, strings.Join(t.Skills, "\n")}, "\n"))
}

// CanManage reports whether startupID owns t and so may see its submissions and decide on them.
func CanManage(t *Task, startupID string) bool { return t.StartupID == startupID }

// CanView reports whether viewer (nil when signed out) may open t's page: anyone a listed task
// (not ended, not assigned); its startup and the admin always; a student the task assigned
// to them or one they submitted to.
func CanView(t *Task, viewer *accounts.User) bool {
	if !Ended(t) && t.AssignedStudentID == "" {
		return true
	}
	if viewer == nil {
		return false
	}
	switch viewer.Type {
	case accounts.Admin:
		return true
	case accounts.Startup:
		return CanManage(t, viewer.ID)
	case accounts.Student:
		if t.AssignedStudentID == viewer.ID {
			return true
		}
		return OwnSubmission(t, viewer.ID) != nil
	}
	return false
}

// OwnSubmission is studentID's submission among t's, or nil.
func OwnSubmission(t *Task, studentID string) *Submission {
	for i := range t.Submissions {
		if t.Submissions[i].StudentID == studentID {
			return &t.Submissions[i]
		}
	}
	return nil
}

// CanSee reports whether a student may see and submit to t: it is unassigned or assigned to them.
func CanSee(t *Task, studentID string) bool {
	return t.AssignedStudentID == "" || t.AssignedStudentID == studentID
}

// AcceptsSubmissions reports whether t still takes links.
func AcceptsSubmissions(t *Task) bool { return !Ended(t) }

// DeadlineGrace is how long after midnight UTC of its deadline day a task still takes new work:
// until that day has ended everywhere on Earth (UTC−12), so nobody finds the task gone while it
// is still the deadline day where they are. Posting refuses a deadline by the same rule.
const DeadlineGrace = 36 * time.Hour

// PastDeadline reports whether t's deadline day has ended everywhere at now: it then leaves the
// open market and takes no new submissions, while work already submitted may still be reviewed
// and revised.
func PastDeadline(t *Task, now time.Time) bool {
	return !t.Deadline.IsZero() && !now.Before(t.Deadline.Add(DeadlineGrace))
}

// DeadlineCutoff is the latest deadline that has passed at now (PastDeadline).
func DeadlineCutoff(now time.Time) time.Time { return now.UTC().Add(-DeadlineGrace) }

// Query selects and orders a task list; its filters apply inside the database query.
type Query struct {
	Search     string        // matches title, description, category or a skill, case-insensitively
	Category   string        // exact category
	DeadlineBy *time.Time    // deadline on or before this date
	Source     string        // students: "startup" assigned to them by a startup, "non-startup" open to all
	Sort       string        // "deadline" (default), "title", "newest" or "pay" (highest budget max first, in the base currency)
	Paid       bool          // only tasks with a budget above 0
	Pay        *BudgetFilter // only tasks whose budget meets this range; nil: any
	Status     string        // startup lists: the display status open, under-review or completed
	Page       int           // from 1
	Limit      int           // page size; PageSize when 0
}

// Page is one page of a list. Lists of the open market count at most CountCap rows past the
// page's start, so a count never scans a whole 100,000-task market: TotalCapped is then true
// and Total a lower bound.
type Page[T any] struct {
	Items       []T
	Page        int
	PageSize    int
	Total       int
	TotalCapped bool
}

// CountCap bounds the counting of open-market lists, past the requested page's first row: ten
// pages ahead is all a pager needs, and a common search word over 100,000 tasks then costs a
// few hundred row checks instead of tens of thousands.
const CountCap = 120

// MaxMarketPage is the deepest page of the open market: past it, OFFSET would read tens of
// thousands of rows for a page nobody reads. Search and filters narrow the list instead.
const MaxMarketPage = 100

// StartupStats are the startup dashboard's numbers.
type StartupStats struct {
	ActiveTasks, StudentsHired, StudentsWorking int
}

// StudentCounts are the student dashboard's cards.
type StudentCounts struct {
	Active, Completed, Certificates int
}

// MarketView is whose view of the whole marketplace a list is. A student's and a startup's hold
// their own tasks first, whatever their status, then the open market; the admin's holds every
// task.
type MarketView struct {
	Student string // a student's: their own tasks with only their own submission
	Startup string // a startup's: its own tasks with all their submissions, others with none
	Admin   bool   // the admin's: every task with every submission (read-only oversight)
}

// StudentDashboard is everything the student dashboard shows in one read.
type StudentDashboard struct {
	Counts            StudentCounts
	Active            []Task
	Available         Page[Task]
	RecentlyCompleted []Task
	// CertificateOf maps a completed task's id to its certificate's id.
	CertificateOf map[string]string
	Startups      []Person
	// Own is the student's own tasks, whatever their status, newest first: read only when asked.
	Own []Task
}

// StartupDashboard is everything the startup dashboard shows in one read.
type StartupDashboard struct {
	Stats       StartupStats
	RecentTasks []Task
	Submissions []Submission
}

// Store is what the service needs from the database. List reads fill Startup, AssignedStudent
// and Submissions (with Student) in a fixed number of queries, whatever the list's length.
type Store interface {
	CreateTask(ctx context.Context, t *Task) error
	// Task reads one task with every submission; apperr.NotFound when unknown.
	Task(ctx context.Context, id string) (*Task, error)
	// StartupTasks pages a startup's tasks; q.Status keeps one display status.
	StartupTasks(ctx context.Context, startupID string, q Query) (Page[Task], error)
	// StartupTaskCounts counts a startup's tasks by display status (all, open, under-review,
	// completed) under q's search and filters: the My Works tabs.
	StartupTaskCounts(ctx context.Context, startupID string, q Query) (map[string]int, error)
	// StartupSubmissions pages the submissions to a startup's tasks, newest first; status may
	// be a submission status or "" for all.
	StartupSubmissions(ctx context.Context, startupID, status string, page, limit int) (Page[Submission], error)
	// StartupDashboard reads a startup's figures, its recentN newest tasks and its subsN newest
	// submissions.
	StartupDashboard(ctx context.Context, startupID string, recentN, subsN int) (StartupDashboard, error)
	// OpenTasks pages the open market: tasks listed (not completed, not assigned to anyone,
	// not past their deadline: UnlistPastDeadline). With exceptStudent set it leaves out tasks
	// that student has submitted to.
	OpenTasks(ctx context.Context, q Query, exceptStudent string) (Page[Task], error)
	// Market pages a viewer's view of the whole marketplace (MarketView), capped like the open
	// market's lists.
	Market(ctx context.Context, v MarketView, q Query) (Page[Task], error)
	// StudentTasks pages a student's own tasks (assigned to them or submitted to), with only
	// their submission; completed selects approved ones (true), the others (false) or all (nil).
	StudentTasks(ctx context.Context, studentID string, q Query, completed *bool) (Page[Task], error)
	// StudentDashboard reads a student's dashboard, each list at the size given; with own > 0
	// also the student's own tasks, newest first (StudentDashboard.Own).
	StudentDashboard(ctx context.Context, studentID string, active, available, completed, startups, own int) (StudentDashboard, error)
	// UnlistPastDeadline takes off the open market the tasks whose deadline is at or before
	// cutoff, and says how many it took.
	UnlistPastDeadline(ctx context.Context, cutoff time.Time) (int64, error)
	// Startups pages startups, newest first, and counts them.
	Startups(ctx context.Context, offset, limit int) ([]Person, int, error)
	// Person reads a student or startup; apperr.NotFound when unknown.
	Person(ctx context.Context, id, userType string) (*Person, error)
	// InTx runs fn in one transaction: committed when fn returns nil, rolled back otherwise.
	InTx(ctx context.Context, fn func(tx Tx) error) error
	// OpenFunding keeps a Checkout Session opened for a task, pending; an unfunded task's funding
	// is pending from then.
	OpenFunding(ctx context.Context, f *payments.Funding) error
	// ReviewsDue reads the submissions waiting for a decision on funded tasks assigned to their
	// student, sent at or before submittedBy, oldest first.
	ReviewsDue(ctx context.Context, submittedBy time.Time) ([]ReviewDue, error)
}

// Tx is what a state change may do inside its transaction.
type Tx interface {
	// LockTask reads a task (no people, no submissions) and holds it until the transaction
	// ends, so changes to one task's submissions happen one at a time.
	LockTask(id string) (*Task, error)
	// Submission reads one student's submission to a task; apperr.NotFound when none.
	Submission(taskID, studentID string) (*Submission, error)
	// CreateSubmission creates a submission as its revision 1.
	CreateSubmission(s *Submission) error
	// SetSubmission decides a submission's revision: it moves the submission and that revision
	// to status with notes, only while the submission is at that revision and in one of from;
	// false when it was not, and nothing changed.
	SetSubmission(id string, revision int, from []string, status, notes string) (bool, error)
	// NextRevision starts the submission's next revision with link, pending, only while it is
	// in status from (pending: the current revision is kept as Replaced; changes requested);
	// false when it was not, and nothing changed.
	NextRevision(id, from, link string) (bool, error)
	// CloseSubmissions moves the task's submissions in one of from to closed with notes, and
	// returns them as they were before.
	CloseSubmissions(taskID string, from []string, notes string) ([]Submission, error)
	// CompleteTask completes a task for a student unless it has already ended.
	CompleteTask(taskID, studentID string, at time.Time) (bool, error)

	// A startup's control of what it posted (control.go).

	// CreateTask writes a new task, as Store.CreateTask does.
	CreateTask(t *Task) error
	// UpdateTask writes the fields a startup may edit (EditableFields) from t, listed on the open
	// market or not.
	UpdateTask(t *Task, listed bool) error
	// CloseTask closes a task with the startup's reason unless it has already ended; false when
	// it had, and nothing changed.
	CloseTask(taskID, reason string, at time.Time) (bool, error)
	// DeleteTask deletes a task while nobody has submitted to it; false when somebody has, and
	// nothing changed.
	DeleteTask(taskID string) (bool, error)
	// FillSeat counts an approval on the task's seats, adding a seat first when addSeat.
	FillSeat(taskID string, addSeat bool) error
	// OpenPayment writes the payment an approval owes (its first step and ledger posting, and
	// its startup's payment record); apperr.Conflict when the submission already has one.
	OpenPayment(p *payments.Payment) error
	// RefreshTaskStatus sets the stored status from the submissions and returns it.
	RefreshTaskStatus(taskID string) (string, error)
	Person(id string) (*Person, error)
	// VerifySkills marks the student's profile skills named in skills (case-insensitively) as
	// verified: an approved task proved them.
	VerifySkills(studentID string, skills []string) error
	CreateCertificate(c *certs.Certificate) error
	CreateNotification(n *notify.Notification) error
	// Audit appends an entry to the trail; it commits with the change it records.
	Audit(e *audit.Entry) error

	// Funds held through Stripe (funding.go).

	// Fundings reads the task's fundings, oldest first, with what its payments spent of each.
	Fundings(taskID string) ([]payments.Funding, error)
	// PayoutsEnabled reports whether the student's connected account takes payouts.
	PayoutsEnabled(studentID string) (bool, error)
	// EnqueueMoneyJob writes a money job, due now; it commits with the change that owes it.
	EnqueueMoneyJob(j payments.Job) error
	// RecordStripeEvent notes a Stripe event as processed; false when it already was.
	RecordStripeEvent(ev payments.StripeEvent) (bool, error)
	// PayFunding records a Checkout Session paid: its funding completed (written so if this server
	// never saw it open), the task's funding grown by its amount and funded. False when the
	// session was paid already, and nothing changed. It sets f's id.
	PayFunding(f *payments.Funding, at time.Time) (bool, error)
	// Post books a ledger posting.
	Post(p payments.Posting) error
	// WarnRelease notes that the two sides of a submission's revision were warned of its
	// automatic approval; false when they already were.
	WarnRelease(submissionID string, revision int) (bool, error)
}
