package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/profiles"
	"bridgework/backend/ratings"
	"bridgework/backend/tasks"
)

// personJSON names a user on a task: a startup as {_id, companyName, firstName, email, logo},
// a student as {_id, firstName, lastName, username, email}.
type personJSON struct {
	userIDs
	FirstName   string `json:"firstName,omitempty"`
	LastName    string `json:"lastName,omitempty"`
	Username    string `json:"username,omitempty"`
	Email       string `json:"email,omitempty"`
	CompanyName string `json:"companyName,omitempty"`
	Logo        string `json:"logo,omitempty"`
	// VerifiedDomain is the domain a startup proved it owns (package issuers), for its badge.
	VerifiedDomain string `json:"verifiedDomain,omitempty"`
	// PaymentRecord is a startup's, on every task that shows it: what its students were paid.
	PaymentRecord *paymentRecordJSON `json:"paymentRecord,omitempty"`
}

// paymentRecordJSON is a startup's payment record (accounts.PaymentRecord): approved paid work,
// how much of it was paid, how much is disputed, and the median days to pay (null before any).
type paymentRecordJSON struct {
	Approved        int      `json:"approved"`
	Paid            int      `json:"paid"`
	Disputed        int      `json:"disputed"`
	MedianDaysToPay *float64 `json:"medianDaysToPay"`
}

// paymentRecordOf is the record a startup of type t shows; nil for other users.
func paymentRecordOf(t accounts.UserType, r accounts.PaymentRecord) *paymentRecordJSON {
	if t != accounts.Startup {
		return nil
	}
	return &paymentRecordJSON{Approved: r.Approved, Paid: r.Paid, Disputed: r.Disputed, MedianDaysToPay: r.MedianDaysToPay}
}

// fundingJSON is a task's funding: unfunded, pending (checkout open), funded or refunded, with
// the amount in the currency's minor unit.
type fundingJSON struct {
	Status   string `json:"status"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// stamp is a time in the task lists' JSON, written as time.Time writes it (RFC 3339 with
// nanoseconds). It marshals as text, which encoding/json writes as a string: whatever a
// MarshalJSON returns, as time.Time's does, is read again (compacted) before it is copied out,
// and that was a fifth of the JSON time of a startup's task list, where each task and submission
// carries several times (docs/performance.md, "REST hot paths").
type stamp time.Time

func (s stamp) MarshalText() ([]byte, error) { return time.Time(s).MarshalText() }

type budgetJSON struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

type attachmentJSON struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

type submissionJSON struct {
	ID          string         `json:"_id"`
	Student     *personJSON    `json:"student"`
	Link        string         `json:"link"`
	Status      string         `json:"status"`
	SubmittedAt stamp          `json:"submittedAt"`
	ReviewNotes string         `json:"reviewNotes"`
	Revision    int            `json:"revision"`
	Revisions   []revisionJSON `json:"revisions"` // oldest first
	// RatingClosesAt, on approved work, is when the two sides can no longer rate each other
	// (ratings.ClosesAt), so the SPA offers a rating only while the server takes one.
	RatingClosesAt *stamp `json:"ratingClosesAt,omitempty"`
}

type revisionJSON struct {
	Revision    int    `json:"revision"`
	Link        string `json:"link"`
	Status      string `json:"status"`
	ReviewNotes string `json:"reviewNotes"`
	SubmittedAt stamp  `json:"submittedAt"`
	ReviewedAt  *stamp `json:"reviewedAt"`
}

// taskJSON is a task as the spec's client reads it (§3), plus displayStatus: the status this
// viewer should see (spec §4's derived status for the startup, the own submission's for a student).
type taskJSON struct {
	ID             string     `json:"_id"`
	Title          string     `json:"title"`
	Description    string     `json:"description"`
	Category       string     `json:"category"`
	WorkType       string     `json:"workType"`
	Skills         []string   `json:"skills"`
	Difficulty     string     `json:"difficulty"`
	EstimatedHours float64    `json:"estimatedHours"`
	Budget         budgetJSON `json:"budget"`
	Currency       string     `json:"currency"` // ISO 4217 code of the budget
	Deadline       stamp      `json:"deadline"`
	// DeadlinePassed: the deadline day has ended everywhere (tasks.PastDeadline); the task then
	// takes no new submissions.
	DeadlinePassed  bool             `json:"deadlinePassed"`
	Priority        string           `json:"priority"`
	ImageURL        string           `json:"imageUrl"`
	Attachments     []attachmentJSON `json:"attachments"`
	AssignedStudent *personJSON      `json:"assignedStudent"`
	RevisionRounds  int              `json:"revisionRounds"`
	// Seats is how many approved submissions the task pays; SeatsFilled how many it approved.
	Seats         int              `json:"seats"`
	SeatsFilled   int              `json:"seatsFilled"`
	Funding       fundingJSON      `json:"funding"`
	Status        string           `json:"status"`
	DisplayStatus string           `json:"displayStatus"`
	Startup       *personJSON      `json:"startup"`
	Submissions   []submissionJSON `json:"submissions"`
	CompletedAt   *stamp           `json:"completedAt"`
	// ClosedReason and ClosedAt are set on a task its startup closed unfilled (status closed).
	ClosedReason string `json:"closedReason,omitempty"`
	ClosedAt     *stamp `json:"closedAt,omitempty"`
	CreatedAt    stamp  `json:"createdAt"`
	// CertificateID is set on a student's completed task that earned a certificate.
	CertificateID string `json:"certificateId,omitempty"`
}

// writeTaskPage answers a page of tasks or submissions: on the open market the count stops a few
// pages ahead, and the list is then answered uncounted.
func writeTaskPage[S, T any](c *gin.Context, p tasks.Page[S], convert func(S) T) {
	items := make([]T, 0, len(p.Items))
	for _, item := range p.Items {
		items = append(items, convert(item))
	}
	extent := counted(p.Total)
	if p.TotalCapped {
		extent = uncounted(p.Total > p.Page*p.PageSize)
	}
	writeList(c, paging{Page: p.Page, PerPage: p.PageSize}, items, extent)
}

// toPersonJSON converts p as viewer (nil when signed out) may see it.
func toPersonJSON(p *tasks.Person, viewer *accounts.User) *personJSON {
	p = profiles.ShowPerson(viewer, p)
	if p == nil {
		return nil
	}
	return &personJSON{userIDs: idsOf(p.ID), FirstName: p.FirstName, LastName: p.LastName, Username: p.Username,
		Email: p.Email, CompanyName: p.CompanyName, Logo: p.Picture, VerifiedDomain: p.VerifiedDomain,
		PaymentRecord: paymentRecordOf(p.Type, p.PaymentRecord)}
}

func toSubmissionJSON(sub tasks.Submission, viewer *accounts.User) submissionJSON {
	student := toPersonJSON(sub.Student, viewer)
	if student == nil {
		student = &personJSON{userIDs: idsOf(sub.StudentID)}
	}
	out := submissionJSON{ID: sub.ID, Student: student, Link: sub.Link, Status: sub.Status,
		SubmittedAt: stamp(sub.SubmittedAt), ReviewNotes: sub.ReviewNotes, Revision: sub.Revision,
		Revisions: make([]revisionJSON, 0, len(sub.Revisions))}
	for _, r := range sub.Revisions {
		out.Revisions = append(out.Revisions, revisionJSON{Revision: r.Revision, Link: r.Link, Status: r.Status,
			ReviewNotes: r.ReviewNotes, SubmittedAt: stamp(r.SubmittedAt), ReviewedAt: (*stamp)(r.ReviewedAt)})
	}
	if sub.Status == tasks.Approved && sub.ReviewedAt != nil {
		closes := stamp(ratings.ClosesAt(*sub.ReviewedAt))
		out.RatingClosesAt = &closes
	}
	return out
}

// toTaskJSON converts t for viewer (nil when signed out).
func toTaskJSON(t tasks.Task, viewer *accounts.User) taskJSON { return toTaskJSONAs(t, viewer, viewer) }

// toTaskJSONAs converts t with the statuses owner sees and the people viewer may see: the admin
// reads a student's tasks as that student reads them, and every email as the admin may.
func toTaskJSONAs(t tasks.Task, owner, viewer *accounts.User) taskJSON {
	out := taskJSON{
		ID: t.ID, Title: t.Title, Description: t.Description, Category: t.Category, WorkType: t.WorkType,
		Skills: t.Skills, Difficulty: t.Difficulty, EstimatedHours: t.EstimatedHours,
		Budget: budgetJSON{Min: t.BudgetMin, Max: t.BudgetMax}, Currency: t.Currency, Deadline: stamp(t.Deadline),
		DeadlinePassed: tasks.PastDeadline(&t, time.Now()), Priority: t.Priority,
		ImageURL: t.ImageURL, Attachments: []attachmentJSON{}, RevisionRounds: t.RevisionRounds, Status: t.Status,
		Seats: t.Seats, SeatsFilled: t.SeatsFilled,
		Funding:       fundingJSON{Status: t.Funding.Status, Amount: int64(t.Funding.Amount), Currency: t.Currency},
		DisplayStatus: tasks.DisplayStatus(t.Status),
		Startup:       toPersonJSON(t.Startup, viewer), AssignedStudent: toPersonJSON(t.AssignedStudent, viewer),
		Submissions: []submissionJSON{}, CompletedAt: (*stamp)(t.CompletedAt), CreatedAt: stamp(t.CreatedAt),
		ClosedReason: t.ClosedReason, ClosedAt: (*stamp)(t.ClosedAt),
	}
	if out.Skills == nil {
		out.Skills = []string{}
	}
	if owner != nil && owner.Type == accounts.Student {
		out.DisplayStatus = tasks.StudentStatus(&t, owner.ID)
	}
	for _, a := range t.Attachments {
		out.Attachments = append(out.Attachments, attachmentJSON(a))
	}
	for _, sub := range t.Submissions {
		out.Submissions = append(out.Submissions, toSubmissionJSON(sub, viewer))
	}
	return out
}

// taskQuery reads a list's search, filters, sort and page from the query string.
func taskQuery(c *gin.Context) (tasks.Query, error) { return taskQuerySorted(c, c.Query("sort")) }

// taskQuerySorted is taskQuery with the list sorted by sort instead of ?sort.
func taskQuerySorted(c *gin.Context, sort string) (tasks.Query, error) {
	p, err := readPaging(c)
	if err != nil {
		return tasks.Query{}, err
	}
	q := tasks.Query{
		Search: c.Query("search"), Category: c.Query("category"), Source: c.Query("source"),
		Sort: sort, Status: c.Query("status"), Page: p.Page, Limit: p.PerPage,
	}
	switch c.Query("paid") {
	case "", "false":
	case "true":
		q.Paid = true
	default:
		return q, apperr.Field("paid", "paid must be true or false")
	}
	if d := c.Query("deadline"); d != "" {
		day, ok := tasks.ParseDate(d)
		if !ok {
			return q, apperr.Field("deadline", "deadline must be a date (YYYY-MM-DD)")
		}
		q.DeadlineBy = &day
	}
	if q.Pay, err = budgetFilter(c); err != nil {
		return q, err
	}
	return q, tasks.ValidateQuery(q)
}

// openTasks is GET /api/tasks: the open market for anyone, signed in or not, read-only.
func (s *Server) openTasks(c *gin.Context) error {
	q, err := taskQuery(c)
	if err != nil {
		return err
	}
	page, err := s.tasks.OpenTasks(c.Request.Context(), q)
	if err != nil {
		return err
	}
	writeTaskPage(c, page, func(t tasks.Task) taskJSON { return toTaskJSON(t, nil) })
	return nil
}

// taskPageJSON is a task's page: the task as the lists show it, and a signed-in student's own
// submission.
type taskPageJSON struct {
	taskJSON
	MySubmission *submissionJSON `json:"mySubmission"`
}

// taskPage is GET /api/tasks/:id: one task for anyone who may see it (tasks.CanView), signed in
// or not. Its submissions stay empty, as on the lists; a student gets their own as mySubmission.
func (s *Server) taskPage(c *gin.Context) error {
	viewer, err := s.optionalUser(c)
	if err != nil {
		return err
	}
	t, err := s.tasks.TaskPage(c.Request.Context(), viewer, c.Param("id"))
	if err != nil {
		return err
	}
	out := taskPageJSON{taskJSON: toTaskJSON(*t, viewer)}
	out.Submissions = []submissionJSON{}
	if len(t.Submissions) > 0 {
		own := toSubmissionJSON(t.Submissions[0], viewer)
		out.MySubmission = &own
	}
	c.JSON(http.StatusOK, out)
	return nil
}

// submissionRowJSON is a row of the startup's submissions table: the submission and its task.
type submissionRowJSON struct {
	submissionJSON
	Task taskRefJSON `json:"task"`
}

type taskRefJSON struct {
	ID            string `json:"_id"`
	Title         string `json:"title"`
	Status        string `json:"status"`
	DisplayStatus string `json:"displayStatus"`
}

func toSubmissionRowJSON(sub tasks.Submission, viewer *accounts.User) submissionRowJSON {
	out := submissionRowJSON{submissionJSON: toSubmissionJSON(sub, viewer), Task: taskRefJSON{ID: sub.TaskID}}
	if sub.Task != nil {
		out.Task = taskRefJSON{ID: sub.Task.ID, Title: sub.Task.Title, Status: sub.Task.Status,
			DisplayStatus: tasks.DisplayStatus(sub.Task.Status)}
	}
	return out
}
