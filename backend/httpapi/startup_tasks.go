package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
	"bridgework/backend/tasks"
)

// The startup's own work, /api/startup/tasks/* and /api/startup/submissions: posting, its lists,
// and the decisions on what students sent.

// postTaskRequest is the Post New Work form; status, owner and dates are the server's. Editing
// a task (PUT) and reposting one read the same form, less what stays as posted (tasks.Edit).
type postTaskRequest struct {
	Title          string           `json:"title"`
	Description    string           `json:"description" text:"multiline"`
	Category       string           `json:"category"`
	WorkType       string           `json:"workType"`
	Skills         []string         `json:"skills"`
	Difficulty     string           `json:"difficulty"`
	EstimatedHours *float64         `json:"estimatedHours"`
	Budget         *budgetRequest   `json:"budget"`
	Currency       string           `json:"currency"`
	Deadline       string           `json:"deadline"`
	Priority       string           `json:"priority"`
	ImageURL       string           `json:"imageUrl"`
	Attachments    []attachmentJSON `json:"attachments"`
	// AssignedStudent is the id of the student picked with Find Students.
	AssignedStudent string `json:"assignedStudent"`
	RevisionRounds  *int   `json:"revisionRounds"`
	Seats           *int   `json:"seats"`
}

type budgetRequest struct {
	Min *float64 `json:"min"`
	Max *float64 `json:"max"`
}

// input is the form as the service reads it.
func (r postTaskRequest) input() tasks.PostInput {
	in := tasks.PostInput{
		Title: r.Title, Description: r.Description, Category: r.Category, WorkType: r.WorkType,
		Skills: r.Skills, Difficulty: r.Difficulty, EstimatedHours: r.EstimatedHours,
		Deadline: r.Deadline, Priority: r.Priority, ImageURL: r.ImageURL, AssignedStudent: r.AssignedStudent,
		RevisionRounds: r.RevisionRounds, Currency: r.Currency, Seats: r.Seats,
	}
	if r.Budget != nil {
		in.BudgetMin, in.BudgetMax = r.Budget.Min, r.Budget.Max
	}
	for _, a := range r.Attachments {
		in.Attachments = append(in.Attachments, tasks.Attachment(a))
	}
	return in
}

func (s *Server) postTask(c *gin.Context) error {
	var req postTaskRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	t, err := s.tasks.Post(c.Request.Context(), currentUser(c), req.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, toTaskJSON(*t, currentUser(c)))
	return nil
}

func (s *Server) startupTasks(c *gin.Context) error {
	q, err := taskQuery(c)
	if err != nil {
		return err
	}
	viewer := currentUser(c)
	page, err := s.tasks.StartupTasks(c.Request.Context(), viewer.ID, q)
	if err != nil {
		return err
	}
	writeTaskPage(c, page, func(t tasks.Task) taskJSON { return toTaskJSON(t, viewer) })
	return nil
}

// startupTaskCounts is the My Works tab counts under the list's search and filters:
// {all, open, under-review, completed}.
func (s *Server) startupTaskCounts(c *gin.Context) error {
	q, err := taskQuery(c)
	if err != nil {
		return err
	}
	counts, err := s.tasks.StartupTaskCounts(c.Request.Context(), currentUser(c).ID, q)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, counts)
	return nil
}

func (s *Server) startupTask(c *gin.Context) error {
	t, err := s.tasks.StartupTask(c.Request.Context(), currentUser(c).ID, c.Param("id"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toTaskJSON(*t, currentUser(c)))
	return nil
}

type reviewRequest struct {
	StudentID string `json:"studentId"`
	// Revision is the revision the reviewer saw (the SPA always sends it; the spec's client
	// does not, and decides on the current one).
	Revision *int `json:"revision"`
}

func (s *Server) reviewSubmission(c *gin.Context) error {
	var req reviewRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	sub, _, err := s.tasks.Apply(c.Request.Context(), currentUser(c).ID, c.Param("id"),
		tasks.Decision{StudentID: req.StudentID, Action: tasks.ActionReview, Revision: req.Revision})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, decisionJSON{Message: "Submission moved to under review", Submission: toSubmissionJSON(*sub, currentUser(c))})
	return nil
}

// decisionJSON answers a review action: the spec's toast text and the submission as it is now;
// an approval that issued a certificate carries it too. Its keys are in alphabetical order, the
// order its answers have always had.
type decisionJSON struct {
	Certificate *certificateJSON `json:"certificate,omitempty"`
	Message     string           `json:"message"`
	Submission  submissionJSON   `json:"submission"`
}

type decideRequest struct {
	StudentID   string `json:"studentId"`
	Approve     *bool  `json:"approve"`
	ReviewNotes string `json:"reviewNotes"`
	Revision    *int   `json:"revision"`
	// CloseTask true completes the task now, false keeps it open for more students (adding a
	// paid place if this approval fills the last); without it an approval fills a place, and the
	// last place's completes the task (spec §4: with one place, every approval does).
	CloseTask *bool `json:"closeTask"`
	// PayAmount is what the approval pays, in the budget's units; the budget's max without it.
	PayAmount *float64 `json:"payAmount"`
}

func (s *Server) decideSubmission(c *gin.Context) error {
	var req decideRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	if req.Approve == nil {
		return apperr.Field("approve", "approve must be true or false")
	}
	action, message := tasks.ActionReject, "Work rejected"
	if *req.Approve {
		action, message = tasks.ActionApprove, "Work approved!"
	}
	after := tasks.FillSeat
	if req.CloseTask != nil {
		after = map[bool]tasks.AfterApproval{true: tasks.CompleteTask, false: tasks.KeepOpen}[*req.CloseTask]
	}
	sub, cert, err := s.tasks.Apply(c.Request.Context(), currentUser(c).ID, c.Param("id"),
		tasks.Decision{StudentID: req.StudentID, Action: action, Notes: req.ReviewNotes, Revision: req.Revision, After: after, PayAmount: req.PayAmount})
	if err != nil {
		return err
	}
	body := decisionJSON{Message: message, Submission: toSubmissionJSON(*sub, currentUser(c))}
	if cert != nil {
		s.accounts.Forget(c.Request.Context(), sub.StudentID) // the task's skills are now Verified on their profile
		certificate := toCertificateJSON(*cert, s.certs.VerifyURL(cert.Number))
		body.Certificate = &certificate
	}
	c.JSON(http.StatusOK, body)
	return nil
}

// rejectRequest is a rejection at its own URL: what decideRequest carries less the approval's
// choices.
type rejectRequest struct {
	StudentID   string `json:"studentId"`
	ReviewNotes string `json:"reviewNotes"`
	Revision    *int   `json:"revision"`
}

// rejectSubmission does what /approve with approve false does, at a URL that says so.
func (s *Server) rejectSubmission(c *gin.Context) error {
	var req rejectRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	sub, _, err := s.tasks.Apply(c.Request.Context(), currentUser(c).ID, c.Param("id"),
		tasks.Decision{StudentID: req.StudentID, Action: tasks.ActionReject, Notes: req.ReviewNotes, Revision: req.Revision})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, decisionJSON{Message: "Work rejected", Submission: toSubmissionJSON(*sub, currentUser(c))})
	return nil
}

type requestChangesRequest struct {
	StudentID   string `json:"studentId"`
	ReviewNotes string `json:"reviewNotes"`
	Revision    *int   `json:"revision"`
}

// requestChanges sends a submission back to its student with notes; their next link is the next
// revision.
func (s *Server) requestChanges(c *gin.Context) error {
	var req requestChangesRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	sub, _, err := s.tasks.Apply(c.Request.Context(), currentUser(c).ID, c.Param("id"),
		tasks.Decision{StudentID: req.StudentID, Action: tasks.ActionRequestChanges, Notes: req.ReviewNotes, Revision: req.Revision})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, decisionJSON{Message: "Changes requested", Submission: toSubmissionJSON(*sub, currentUser(c))})
	return nil
}

func (s *Server) startupSubmissions(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	viewer := currentUser(c)
	page, err := s.tasks.StartupSubmissions(c.Request.Context(), viewer.ID, c.Query("status"), p.Page, p.PerPage)
	if err != nil {
		return err
	}
	writeTaskPage(c, page, func(sub tasks.Submission) submissionRowJSON { return toSubmissionRowJSON(sub, viewer) })
	return nil
}

// fundTask opens a Stripe Checkout for the task's paid places, or one place more once funded.
func (s *Server) fundTask(c *gin.Context) error {
	url, err := s.tasks.Fund(c.Request.Context(), currentUser(c), c.Param("id"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, urlJSON{URL: url})
	return nil
}
