package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/tasks"
)

func (s *Server) studentRoutes(api *gin.RouterGroup) {
	g := api.Group("/student", s.authenticate(accounts.Student))
	g.POST("/tasks/:id/submit-link", s.submitLink)
	// Every signed-in role: the spec's client asks both of the admin and startups too.
	api.GET("/student/tasks/all", s.authenticate(), s.studentTasks)
	api.GET("/student/dashboard", s.authenticate(), s.studentDashboard)
}

// studentTasks pages the caller's view of the whole marketplace (tasks.Service.Market); for a
// student scope=available is the open market minus the tasks they already submitted to and
// scope=mine their own tasks, each with only their own submission.
func (s *Server) studentTasks(c *gin.Context) {
	q, err := taskQuery(c)
	if err != nil {
		writeError(c, err)
		return
	}
	viewer := currentUser(c)
	page, err := s.tasks.Market(c.Request.Context(), viewer, c.Query("scope"), q)
	if err != nil {
		writeError(c, err)
		return
	}
	writeTaskPage(c, page, func(t tasks.Task) taskJSON { return toTaskJSON(t, viewer) })
}

type submitLinkRequest struct {
	Link string `json:"link"`
}

func (s *Server) submitLink(c *gin.Context) {
	var req submitLinkRequest
	if !bindJSON(c, &req) {
		return
	}
	sub, err := s.tasks.SubmitLink(c.Request.Context(), currentUser(c), c.Param("id"), req.Link)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Link submitted successfully!", "submission": toSubmissionJSON(*sub, currentUser(c))})
}

// studentDashboard answers everything the student dashboard shows: the cards' counts, active
// tasks, the first 3 available tasks (and how many there are), the 3 most recently completed
// with their certificate, and 8 startups to connect with; and, for the spec's client, the
// signed-in user as user and the student's own tasks as tasks (empty for the other roles).
func (s *Server) studentDashboard(c *gin.Context) {
	viewer := currentUser(c)
	d, mine, err := s.tasks.MyDashboard(c.Request.Context(), viewer)
	if err != nil {
		writeError(c, err)
		return
	}
	convert := func(list []tasks.Task) []taskJSON {
		out := make([]taskJSON, 0, len(list))
		for _, t := range list {
			j := toTaskJSON(t, viewer)
			j.CertificateID = d.CertificateOf[t.ID]
			out = append(out, j)
		}
		return out
	}
	startups := make([]personJSON, 0, len(d.Startups))
	for _, p := range d.Startups {
		startups = append(startups, *toPersonJSON(&p, viewer))
	}
	c.JSON(http.StatusOK, gin.H{
		"student": s.userJSON(viewer, viewer),
		"user":    s.userJSON(viewer, viewer),
		"tasks":   convert(mine),
		"stats": gin.H{
			"activeTasks": d.Counts.Active, "completed": d.Counts.Completed, "certificates": d.Counts.Certificates,
		},
		"activeTasks":       convert(d.Active),
		"availableTasks":    gin.H{"items": convert(d.Available.Items), "total": d.Available.Total, "totalCapped": d.Available.TotalCapped},
		"recentlyCompleted": convert(d.RecentlyCompleted),
		"startups":          startups,
	})
}
