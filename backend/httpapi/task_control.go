package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/tasks"
)

// A startup's control of a task it posted: PUT and DELETE /api/startup/tasks/:id, and
// POST /api/startup/tasks/:id/close and /repost (tasks/control.go).

// editTask changes a task from the whole form, checked as posting checks it; what stays as
// posted is not read (tasks.Edit).
func (s *Server) editTask(c *gin.Context) error {
	var req postTaskRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	t, err := s.tasks.Edit(c.Request.Context(), currentUser(c).ID, c.Param("id"), req.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toTaskJSON(*t, currentUser(c)))
	return nil
}

type closeTaskRequest struct {
	Reason string `json:"reason"`
}

func (s *Server) closeTask(c *gin.Context) error {
	var req closeTaskRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	t, err := s.tasks.Close(c.Request.Context(), currentUser(c).ID, c.Param("id"), req.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toTaskJSON(*t, currentUser(c)))
	return nil
}

type withdrawnJSON struct {
	Message string `json:"message"`
}

func (s *Server) withdrawTask(c *gin.Context) error {
	if err := s.tasks.Withdraw(c.Request.Context(), currentUser(c).ID, c.Param("id")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, withdrawnJSON{Message: "Task withdrawn"})
	return nil
}

// repostTask posts an ended task again: the body holds the form's fields to change (usually
// the deadline); every field it leaves out is the old task's.
func (s *Server) repostTask(c *gin.Context) error {
	// The body is checked before the old task is read, so bad input is a 400 whatever the task;
	// it is then laid over the old task's form.
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var set postTaskRequest
	if err := decodeBody(body, &set); err != nil {
		return err
	}
	if err := tasks.CheckRepostLengths(set.input()); err != nil {
		return err
	}
	old, err := s.tasks.StartupTask(c.Request.Context(), currentUser(c).ID, c.Param("id"))
	if err != nil {
		return err
	}
	req := formOf(tasks.RepostInput(old))
	if err := decodeBody(body, &req); err != nil {
		return err
	}
	t, err := s.tasks.Repost(c.Request.Context(), currentUser(c), old.ID, req.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, toTaskJSON(*t, currentUser(c)))
	return nil
}

// formOf is in as the form's request, for a body to be decoded onto.
func formOf(in tasks.PostInput) postTaskRequest {
	r := postTaskRequest{
		Title: in.Title, Description: in.Description, Category: in.Category, WorkType: in.WorkType,
		Skills: in.Skills, Difficulty: in.Difficulty, EstimatedHours: in.EstimatedHours,
		Budget: &budgetRequest{Min: in.BudgetMin, Max: in.BudgetMax}, Deadline: in.Deadline,
		Priority: in.Priority, ImageURL: in.ImageURL, Attachments: []attachmentJSON{},
	}
	for _, a := range in.Attachments {
		r.Attachments = append(r.Attachments, attachmentJSON(a))
	}
	return r
}
