package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/tasks"
)

func (s *Server) peopleRoutes(api *gin.RouterGroup) {
	api.GET("/users", s.authenticate(), s.listUsers)
	api.GET("/startup/students", s.authenticate(), s.listStudents)
	api.GET("/startup/students/:id", s.authenticate(), s.studentForStartup)
	api.GET("/startup/:id", s.authenticate(), s.startupPage)
}

// skillsQuery reads ?skills=a,b as well as ?skills=a&skills=b.
func skillsQuery(c *gin.Context) []string { return c.QueryArray("skills") }

func (s *Server) usersJSON(users []*accounts.User, viewer *accounts.User) []userJSON {
	out := make([]userJSON, 0, len(users))
	for _, u := range users {
		out = append(out, s.userJSON(u, viewer))
	}
	return out
}

// listUsers is GET /api/users?role=student|startup[&skills=…]: a list (spec §7), paged.
func (s *Server) listUsers(c *gin.Context) {
	p, err := readPaging(c)
	if err != nil {
		writeError(c, err)
		return
	}
	viewer := currentUser(c)
	users, total, err := s.profiles.ListUsers(c.Request.Context(), viewer, c.Query("role"), skillsQuery(c), p.Offset(), p.PerPage)
	if err != nil {
		writeError(c, err)
		return
	}
	writeList(c, p, s.usersJSON(users, viewer), counted(int(total)))
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
	writeList(c, p, s.usersJSON(users, viewer), counted(int(total)))
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
	c.JSON(http.StatusOK, gin.H{"student": s.userJSON(student, viewer), "submissions": subs})
}

// startupPage is the data of a startup's public page.
func (s *Server) startupPage(c *gin.Context) {
	viewer := currentUser(c)
	startup, err := s.profiles.Startup(c.Request.Context(), viewer, c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"startup": s.userJSON(startup, viewer)})
}
