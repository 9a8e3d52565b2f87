package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
)

func (s *Server) peopleRoutes(api *gin.RouterGroup) {
	api.GET("/users", s.authenticate(), s.listUsers)
	api.GET("/startup/students", s.authenticate(), s.listStudents)
	api.GET("/startup/students/:id", s.authenticate(), s.studentForStartup)
	api.GET("/startup/:id", s.authenticate(), s.startupPage)
}

// skillsQuery reads ?skills=a,b as well as ?skills=a&skills=b.
func skillsQuery(c *gin.Context) []string { return c.QueryArray("skills") }

func toUsersJSON(users []*accounts.User, viewer *accounts.User) []userJSON {
	out := make([]userJSON, 0, len(users))
	for _, u := range users {
		out = append(out, toUserJSON(u, viewer))
	}
	return out
}

// listUsers is GET /api/users?role=student|startup[&skills=…]: a plain list (spec §7).
func (s *Server) listUsers(c *gin.Context) {
	viewer := currentUser(c)
	users, err := s.profiles.ListUsers(c.Request.Context(), viewer, c.Query("role"), skillsQuery(c))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, toUsersJSON(users, viewer))
}

// listStudents is GET /api/startup/students[?skills=…] for startups.
func (s *Server) listStudents(c *gin.Context) {
	viewer := currentUser(c)
	users, err := s.profiles.Students(c.Request.Context(), viewer, skillsQuery(c))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, toUsersJSON(users, viewer))
}

// studentForStartup is the student profile view of a startup: the student and past submissions.
func (s *Server) studentForStartup(c *gin.Context) {
	viewer := currentUser(c)
	student, err := s.profiles.Student(c.Request.Context(), viewer, c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"student": toUserJSON(student, viewer)})
}

// startupPage is the data of a startup's public page.
func (s *Server) startupPage(c *gin.Context) {
	viewer := currentUser(c)
	startup, err := s.profiles.Startup(c.Request.Context(), viewer, c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"startup": toUserJSON(startup, viewer)})
}
