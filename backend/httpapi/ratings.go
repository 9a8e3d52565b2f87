package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/ratings"
)

// ratingJSON is a rating as its readers see it. visible says whether the other side (and
// everyone) sees it yet: an author's own list shows their hidden ratings too. editableUntil is
// the moment it becomes visible, when it is fixed (package ratings).
type ratingJSON struct {
	ID            string           `json:"_id"`
	TaskID        string           `json:"taskId"`
	TaskTitle     string           `json:"taskTitle"`
	RateeID       string           `json:"rateeId"`
	Stars         int              `json:"stars"`
	Comment       string           `json:"comment"`
	Answer        string           `json:"answer"`
	AnsweredAt    *time.Time       `json:"answeredAt,omitempty"`
	CreatedAt     time.Time        `json:"createdAt"`
	UpdatedAt     time.Time        `json:"updatedAt"`
	EditableUntil time.Time        `json:"editableUntil"`
	Visible       bool             `json:"visible"`
	Rater         *ratingRaterJSON `json:"rater,omitempty"`
}

type ratingRaterJSON struct {
	userIDs
	UserType string `json:"userType"`
	Name     string `json:"name"`
	Picture  string `json:"profilePicture"`
}

// ratingSummaryJSON is a user's rating in two numbers; average is null below three ratings.
type ratingSummaryJSON struct {
	Average *float64 `json:"average"`
	Count   int      `json:"count"`
}

func toRatingJSON(r ratings.Rating, now time.Time) ratingJSON {
	out := ratingJSON{ID: r.ID, TaskID: r.TaskID, TaskTitle: r.TaskTitle, RateeID: r.RateeID, Stars: r.Stars,
		Comment: r.Comment, Answer: r.Answer, AnsweredAt: r.AnsweredAt, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
		EditableUntil: r.RevealAt, Visible: r.Visible(now)}
	if p := r.Rater; p != nil {
		out.Rater = &ratingRaterJSON{userIDs: idsOf(p.ID), UserType: p.Type, Name: p.Name, Picture: p.Picture}
	}
	return out
}

type giveRatingRequest struct {
	TaskID    string `json:"taskId"`
	StudentID string `json:"studentId"`
	Stars     int    `json:"stars"`
	Comment   string `json:"comment"`
}

func (s *Server) giveRating(c *gin.Context) error {
	var req giveRatingRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	r, err := s.ratings.Give(c.Request.Context(), currentUser(c),
		ratings.Input{TaskID: req.TaskID, StudentID: req.StudentID, Stars: req.Stars, Comment: req.Comment})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, toRatingJSON(*r, s.ratings.Clock()))
	return nil
}

type editRatingRequest struct {
	Stars   int    `json:"stars"`
	Comment string `json:"comment"`
}

func (s *Server) editRating(c *gin.Context) error {
	var req editRatingRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	r, err := s.ratings.Edit(c.Request.Context(), currentUser(c), c.Param("id"), req.Stars, req.Comment)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toRatingJSON(*r, s.ratings.Clock()))
	return nil
}

type answerRequest struct {
	Answer string `json:"answer"`
}

func (s *Server) answerRating(c *gin.Context) error {
	var req answerRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	r, err := s.ratings.Answer(c.Request.Context(), currentUser(c), c.Param("id"), req.Answer)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toRatingJSON(*r, s.ratings.Clock()))
	return nil
}

// ratingList writes a page of ratings read by list.
func (s *Server) ratingList(c *gin.Context, list func(offset, limit int) ([]ratings.Rating, int, error)) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	items, total, err := list(p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	now := s.ratings.Clock()
	out := make([]ratingJSON, len(items))
	for i, r := range items {
		out[i] = toRatingJSON(r, now)
	}
	writeList(c, p, out, counted(total))
	return nil
}
