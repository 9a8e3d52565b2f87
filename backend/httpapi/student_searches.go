package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/alerts"
)

// A student's saved searches, /api/student/saved-searches: the tasks page's filter kept under a
// name, which brings them every matching task posted later (package alerts).

// savedSearchJSON is a saved search; deadlineBefore is a day ("2026-12-01") or "".
type savedSearchJSON struct {
	ID             string    `json:"_id"`
	Name           string    `json:"name"`
	Search         string    `json:"search"`
	Category       string    `json:"category"`
	Skills         []string  `json:"skills"`
	DeadlineBefore string    `json:"deadlineBefore"`
	Source         string    `json:"source"`
	Paid           bool      `json:"paid"`
	CreatedAt      time.Time `json:"createdAt"`
}

func toSavedSearchJSON(s alerts.SavedSearch) savedSearchJSON {
	out := savedSearchJSON{ID: s.ID, Name: s.Name, Search: s.Search, Category: s.Category, Skills: s.Skills,
		Source: s.Source, Paid: s.Paid, CreatedAt: s.CreatedAt}
	if out.Skills == nil {
		out.Skills = []string{}
	}
	if s.DeadlineBefore != nil {
		out.DeadlineBefore = s.DeadlineBefore.Format(time.DateOnly)
	}
	return out
}

func (s *Server) savedSearches(c *gin.Context) error {
	list, err := s.alerts.List(c.Request.Context(), currentUser(c))
	if err != nil {
		return err
	}
	out := make([]savedSearchJSON, len(list))
	for i, ss := range list {
		out[i] = toSavedSearchJSON(ss)
	}
	return writeSlice(c, out)
}

type saveSearchRequest struct {
	Name           string   `json:"name"`
	Search         string   `json:"search"`
	Category       string   `json:"category"`
	Skills         []string `json:"skills"`
	DeadlineBefore string   `json:"deadlineBefore"`
	Source         string   `json:"source"`
	Paid           bool     `json:"paid"`
}

// saveSearch keeps the tasks page's filter under a name; a task posted later that matches it
// reaches the student live and in the bell.
func (s *Server) saveSearch(c *gin.Context) error {
	var req saveSearchRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	saved, err := s.alerts.Save(c.Request.Context(), currentUser(c), alerts.Input{Name: req.Name, Search: req.Search,
		Category: req.Category, Skills: req.Skills, DeadlineBefore: req.DeadlineBefore, Source: req.Source, Paid: req.Paid})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, toSavedSearchJSON(*saved))
	return nil
}

func (s *Server) deleteSavedSearch(c *gin.Context) error {
	if err := s.alerts.Delete(c.Request.Context(), currentUser(c), c.Param("id")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, messageJSON{Message: "Saved search deleted."})
	return nil
}
