package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
	"bridgework/backend/profiles"
	"bridgework/backend/tasks"
)

// allStartups pages the startups, newest first.
func (s *Server) allStartups(c *gin.Context) {
	p, err := readPaging(c)
	if err != nil {
		writeError(c, err)
		return
	}
	list, total, err := s.tasks.Startups(c.Request.Context(), p.Offset(), p.PerPage)
	if err != nil {
		writeError(c, err)
		return
	}
	viewer := currentUser(c)
	out := make([]personJSON, 0, len(list))
	for _, person := range list {
		out = append(out, *toPersonJSON(&person, viewer))
	}
	writeList(c, p, out, counted(total))
}

// startupPage is the data of a startup's public page.
func (s *Server) startupPage(c *gin.Context) {
	viewer := currentUser(c)
	startup, err := s.profiles.Startup(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"startup": s.withRatings(c, s.userJSON(startup, viewer))[0]})
}

type startupProfileRequest struct {
	CompanyName        string `json:"companyName"`
	Industry           string `json:"industry"`
	CompanyDescription string `json:"companyDescription" text:"multiline"`
	CompanySize        string `json:"companySize"`
	ProfilePicture     string `json:"profilePicture"`
	Website            string `json:"website"`
}

func (s *Server) saveStartupProfile(c *gin.Context) {
	var req startupProfileRequest
	if !bindJSON(c, &req) {
		return
	}
	u, err := s.profiles.SaveStartupProfile(c.Request.Context(), currentUser(c), profiles.StartupProfile(req))
	if err != nil {
		writeError(c, err)
		return
	}
	s.accounts.Forget(c.Request.Context(), u.ID)
	c.JSON(http.StatusOK, s.userJSON(u, u))
}

// postTaskRequest is the Post New Work form; status, owner and dates are the server's.
type postTaskRequest struct {
	Title          string           `json:"title"`
	Description    string           `json:"description" text:"multiline"`
	Category       string           `json:"category"`
	WorkType       string           `json:"workType"`
	Skills         []string         `json:"skills"`
	Difficulty     string           `json:"difficulty"`
	EstimatedHours *float64         `json:"estimatedHours"`
	Budget         *budgetRequest   `json:"budget"`
	Deadline       string           `json:"deadline"`
	Priority       string           `json:"priority"`
	ImageURL       string           `json:"imageUrl"`
	Attachments    []attachmentJSON `json:"attachments"`
	// AssignedStudent is the id of the student picked with Find Students.
	AssignedStudent string `json:"assignedStudent"`
	RevisionRounds  *int   `json:"revisionRounds"`
}

type budgetRequest struct {
	Min *float64 `json:"min"`
	Max *float64 `json:"max"`
}

func (s *Server) postTask(c *gin.Context) {
	var req postTaskRequest
	if !bindJSON(c, &req) {
		return
	}
	in := tasks.PostInput{
		Title: req.Title, Description: req.Description, Category: req.Category, WorkType: req.WorkType,
		Skills: req.Skills, Difficulty: req.Difficulty, EstimatedHours: req.EstimatedHours,
		Deadline: req.Deadline, Priority: req.Priority, ImageURL: req.ImageURL, AssignedStudent: req.AssignedStudent,
		RevisionRounds: req.RevisionRounds,
	}
	if req.Budget != nil {
		in.BudgetMin, in.BudgetMax = req.Budget.Min, req.Budget.Max
	}
	for _, a := range req.Attachments {
		in.Attachments = append(in.Attachments, tasks.Attachment(a))
	}
	t, err := s.tasks.Post(c.Request.Context(), currentUser(c), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, toTaskJSON(*t, currentUser(c)))
}

func (s *Server) startupTasks(c *gin.Context) {
	q, err := taskQuery(c)
	if err != nil {
		writeError(c, err)
		return
	}
	viewer := currentUser(c)
	page, err := s.tasks.StartupTasks(c.Request.Context(), viewer.ID, q)
	if err != nil {
		writeError(c, err)
		return
	}
	writeTaskPage(c, page, func(t tasks.Task) taskJSON { return toTaskJSON(t, viewer) })
}

// startupTaskCounts is the My Works tab counts under the list's search and filters:
// {all, open, under-review, completed}.
func (s *Server) startupTaskCounts(c *gin.Context) {
	q, err := taskQuery(c)
	if err != nil {
		writeError(c, err)
		return
	}
	counts, err := s.tasks.StartupTaskCounts(c.Request.Context(), currentUser(c).ID, q)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, counts)
}

func (s *Server) startupTask(c *gin.Context) {
	t, err := s.tasks.StartupTask(c.Request.Context(), currentUser(c).ID, c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, toTaskJSON(*t, currentUser(c)))
}

type reviewRequest struct {
	StudentID string `json:"studentId"`
}

func (s *Server) reviewSubmission(c *gin.Context) {
	var req reviewRequest
	if !bindJSON(c, &req) {
		return
	}
	sub, _, err := s.tasks.Apply(c.Request.Context(), currentUser(c).ID, c.Param("id"),
		tasks.Decision{StudentID: req.StudentID, Action: tasks.ActionReview})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Submission moved to under review", "submission": toSubmissionJSON(*sub, currentUser(c))})
}

type decideRequest struct {
	StudentID   string `json:"studentId"`
	Approve     *bool  `json:"approve"`
	ReviewNotes string `json:"reviewNotes" text:"multiline"`
	// CloseTask, on an approval, closes the task to further work (default: it stays open).
	CloseTask bool `json:"closeTask"`
}

func (s *Server) decideSubmission(c *gin.Context) {
	var req decideRequest
	if !bindJSON(c, &req) {
		return
	}
	if req.Approve == nil {
		writeError(c, apperr.Field("approve", "approve must be true or false"))
		return
	}
	action, message := tasks.ActionReject, "Work rejected"
	if *req.Approve {
		action, message = tasks.ActionApprove, "Work approved!"
	}
	sub, cert, err := s.tasks.Apply(c.Request.Context(), currentUser(c).ID, c.Param("id"),
		tasks.Decision{StudentID: req.StudentID, Action: action, Notes: req.ReviewNotes, CloseTask: req.CloseTask})
	if err != nil {
		writeError(c, err)
		return
	}
	body := gin.H{"message": message, "submission": toSubmissionJSON(*sub, currentUser(c))}
	if cert != nil {
		s.accounts.Forget(c.Request.Context(), sub.StudentID) // the task's skills are now Verified on their profile
		body["certificate"] = toCertificateJSON(*cert, s.certs.VerifyURL(cert.Number))
	}
	c.JSON(http.StatusOK, body)
}

type requestChangesRequest struct {
	StudentID   string `json:"studentId"`
	ReviewNotes string `json:"reviewNotes" text:"multiline"`
}

// requestChanges sends a submission back to its student with notes; their next link is the next
// revision.
func (s *Server) requestChanges(c *gin.Context) {
	var req requestChangesRequest
	if !bindJSON(c, &req) {
		return
	}
	sub, _, err := s.tasks.Apply(c.Request.Context(), currentUser(c).ID, c.Param("id"),
		tasks.Decision{StudentID: req.StudentID, Action: tasks.ActionRequestChanges, Notes: req.ReviewNotes})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Changes requested", "submission": toSubmissionJSON(*sub, currentUser(c))})
}

func (s *Server) startupSubmissions(c *gin.Context) {
	p, err := readPaging(c)
	if err != nil {
		writeError(c, err)
		return
	}
	viewer := currentUser(c)
	page, err := s.tasks.StartupSubmissions(c.Request.Context(), viewer.ID, c.Query("status"), p.Page, p.PerPage)
	if err != nil {
		writeError(c, err)
		return
	}
	writeTaskPage(c, page, func(sub tasks.Submission) submissionRowJSON { return toSubmissionRowJSON(sub, viewer) })
}

func (s *Server) startupDashboard(c *gin.Context) {
	viewer := currentUser(c)
	d, err := s.tasks.StartupDashboard(c.Request.Context(), viewer.ID)
	if err != nil {
		writeError(c, err)
		return
	}
	recent := make([]taskJSON, 0, len(d.RecentTasks))
	for _, t := range d.RecentTasks {
		recent = append(recent, toTaskJSON(t, viewer))
	}
	subs := make([]submissionRowJSON, 0, len(d.Submissions))
	for _, sub := range d.Submissions {
		subs = append(subs, toSubmissionRowJSON(sub, viewer))
	}
	c.JSON(http.StatusOK, gin.H{
		"startup":     s.userJSON(viewer, viewer),
		"tasks":       recent,
		"submissions": subs,
		"stats": gin.H{
			"activeTasks": d.Stats.ActiveTasks, "studentsHired": d.Stats.StudentsHired,
			"studentsWorking": d.Stats.StudentsWorking,
		},
	})
}

// listStudents is GET /api/startup/students[?skills=…] for startups, paged.
func (s *Server) listStudents(c *gin.Context) {
	p, err := readPaging(c)
	if err != nil {
		writeError(c, err)
		return
	}
	viewer := currentUser(c)
	users, total, err := s.profiles.Students(c.Request.Context(), viewer, skillsQuery(c), p.Offset(), p.PerPage)
	if err != nil {
		writeError(c, err)
		return
	}
	writeList(c, p, s.withRatings(c, s.usersJSON(users, viewer)...), counted(int(total)))
}

// pastSubmissionJSON is a row of a profile's Past Submissions: task title, startup, date,
// status and link.
type pastSubmissionJSON struct {
	ID          string      `json:"_id"`
	Link        string      `json:"link"`
	Status      string      `json:"status"`
	SubmittedAt time.Time   `json:"submittedAt"`
	Task        taskRefJSON `json:"task"`
	Startup     *personJSON `json:"startup"`
}

// studentForStartup is the student profile view of a startup: the student and past submissions.
func (s *Server) studentForStartup(c *gin.Context) {
	viewer := currentUser(c)
	student, past, err := s.profiles.StudentWithWork(c.Request.Context(), viewer, c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	subs := make([]pastSubmissionJSON, 0, len(past))
	for _, p := range past {
		subs = append(subs, pastSubmissionJSON{
			ID: p.ID, Link: p.Link, Status: p.Status, SubmittedAt: p.SubmittedAt,
			Task:    taskRefJSON{ID: p.TaskID, Title: p.TaskTitle, Status: p.TaskStatus, DisplayStatus: tasks.DisplayStatus(p.TaskStatus)},
			Startup: toPersonJSON(p.Startup, viewer),
		})
	}
	c.JSON(http.StatusOK, gin.H{"student": s.withRatings(c, s.userJSON(student, viewer))[0], "submissions": subs})
}

type verificationRequest struct {
	Email string `json:"email"`
}

// requestVerification starts a startup's company verification (package issuers): a link mailed to
// a work address at its website's domain, which confirmVerification takes back. It answers 202:
// the mail leaves through the outbox after the request.
func (s *Server) requestVerification(c *gin.Context) {
	var req verificationRequest
	if !bindJSON(c, &req) {
		return
	}
	to, err := s.issuers.RequestVerification(c.Request.Context(), currentUser(c), req.Email)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{
		"message": "We sent a verification link to " + to + ". Open it while signed in to this account.",
		"email":   to,
	})
}

type confirmVerificationRequest struct {
	Token string `json:"token"`
}

func (s *Server) confirmVerification(c *gin.Context) {
	var req confirmVerificationRequest
	if !bindJSON(c, &req) {
		return
	}
	u, err := s.issuers.Confirm(c.Request.Context(), currentUser(c), req.Token)
	if err != nil {
		writeError(c, err)
		return
	}
	s.accounts.Forget(c.Request.Context(), u.ID)
	c.JSON(http.StatusOK, s.userJSON(u, u))
}
