package httpapi

import (
	"strings"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/matching"
	"bridgework/backend/tasks"
)

// matchJSON is a student ranked for a task: the student as Find Students shows them, the
// points and why they scored (package matching).
type matchJSON struct {
	Student userJSON `json:"student"`
	Score   int      `json:"score"`
	Reasons []string `json:"reasons"`
}

// pickJSON is an open task ranked for a student, with its points and why it scored.
type pickJSON struct {
	Task    taskJSON `json:"task"`
	Score   int      `json:"score"`
	Reasons []string `json:"reasons"`
}

// taskMatches is GET /api/startup/tasks/:id/matches: the students ranked for the caller's task.
func (s *Server) taskMatches(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	found, total, err := s.matching.Matches(c.Request.Context(), currentUser(c), c.Param("id"), p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	s.writeMatches(c, p, found, total)
	return nil
}

// draftMatches is GET /api/startup/matches?skills=&category=: the students ranked for a task the
// caller has not posted yet (the Post Work form's Find Students).
func (s *Server) draftMatches(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	var skills []string
	for _, list := range skillsQuery(c) {
		for _, name := range strings.Split(list, ",") {
			if name = strings.TrimSpace(name); name != "" {
				skills = append(skills, name)
			}
		}
	}
	need := matching.Need{Skills: skills, Category: c.Query("category")}
	found, total, err := s.matching.DraftMatches(c.Request.Context(), need, p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	s.writeMatches(c, p, found, total)
	return nil
}

func (s *Server) writeMatches(c *gin.Context, p paging, found []matching.Candidate, total int) {
	viewer := currentUser(c)
	students := make([]*accounts.User, len(found))
	for i := range found {
		students[i] = found[i].Student
	}
	cards := s.withPeopleRecords(c, s.usersJSON(students, viewer)...)
	out := make([]matchJSON, len(found))
	for i, m := range found {
		out[i] = matchJSON{Student: cards[i], Score: m.Score, Reasons: m.Reasons}
	}
	writeList(c, p, out, counted(total))
}

// recommended is GET /api/student/recommended: the open tasks ranked for the caller, with why.
func (s *Server) recommended(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	viewer := currentUser(c)
	picks, total, err := s.matching.Recommended(c.Request.Context(), viewer, tasks.Query{}, p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	out := make([]pickJSON, len(picks))
	for i, pick := range picks {
		out[i] = pickJSON{Task: toTaskJSON(pick.Task, viewer), Score: pick.Score, Reasons: pick.Reasons}
	}
	writeList(c, p, out, counted(total))
	return nil
}

// bestMatch is the tasks page's "Best match" sort: a student's recommended order.
const bestMatch = "best-match"

// bestMatchTasks is GET /api/student/tasks/all?sort=best-match: the caller's recommended tasks
// within the page's filters, as plain task rows.
func (s *Server) bestMatchTasks(c *gin.Context) error {
	viewer := currentUser(c)
	if viewer.Type != accounts.Student {
		return apperr.Field("sort", "Best match sorts a student's tasks; sort by deadline, title or pay")
	}
	q, err := taskQuerySorted(c, "")
	if err != nil {
		return err
	}
	offset := max(q.Page-1, 0) * q.Limit
	picks, total, err := s.matching.Recommended(c.Request.Context(), viewer, q, offset, q.Limit)
	if err != nil {
		return err
	}
	out := make([]taskJSON, len(picks))
	for i, pick := range picks {
		out[i] = toTaskJSON(pick.Task, viewer)
	}
	writeList(c, paging{Page: max(q.Page, 1), PerPage: q.Limit}, out, counted(total))
	return nil
}
