package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/tasks"
)

func (s *Server) startupRoutes(api *gin.RouterGroup) {
	// Students see the startups on their dashboard (Networking), so any signed-in user may list them.
	api.GET("/startup/all", s.authenticate(), s.allStartups)

	g := api.Group("/startup", s.authenticate(accounts.Startup))
	g.POST("/tasks", s.postTask)
	g.GET("/tasks", s.startupTasks)
	g.GET("/tasks/counts", s.startupTaskCounts)
	g.GET("/tasks/:id", s.startupTask)
	g.POST("/tasks/:id/review", s.reviewSubmission)
	g.POST("/tasks/:id/approve", s.decideSubmission)
	g.GET("/submissions", s.startupSubmissions)
	g.GET("/dashboard", s.startupDashboard)
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
	sub, _, err := s.tasks.Decide(c.Request.Context(), currentUser(c).ID, c.Param("id"), req.StudentID, tasks.ActionReview, "")
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
	sub, cert, err := s.tasks.Decide(c.Request.Context(), currentUser(c).ID, c.Param("id"), req.StudentID, action, req.ReviewNotes)
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
