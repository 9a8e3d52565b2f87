package store

import (
	"time"

	"gorm.io/gorm"

	"bridgework/backend/tasks"
)

// endedStatuses are the statuses a task ends in (tasks.Ended): no later write moves it from them.
var endedStatuses = []string{tasks.StatusCompleted, tasks.StatusClosed}

func (t taskTx) CreateTask(task *tasks.Task) error {
	return Tasks{DB: t.db}.CreateTask(t.db.Statement.Context, task)
}

// UpdateTask writes the columns tasks.EditableFields name, with the search text built from them.
func (t taskTx) UpdateTask(task *tasks.Task, listed bool) error {
	row := toTaskRow(task)
	if err := writeTaskSkills(t.db, task.ID, task.Skills); err != nil {
		return err
	}
	return t.db.Model(&taskRow{}).Where("id = ?", task.ID).Updates(map[string]any{
		"title": row.Title, "description": row.Description, "category": row.Category, "work_type": row.WorkType,
		"skills": row.Skills, "search_text": row.SearchText, "difficulty": row.Difficulty,
		"estimated_hours": row.EstimatedHours, "budget_min": row.BudgetMin, "budget_max": row.BudgetMax,
		"deadline": row.Deadline, "priority": row.Priority, "image_url": row.ImageURL, "attachments": row.Attachments,
		"listed": listed, "updated_at": time.Now().UTC(),
	}).Error
}

func (t taskTx) CloseTask(taskID, reason string, at time.Time) (bool, error) {
	res := t.db.Model(&taskRow{}).Where("id = ? AND status NOT IN ?", taskID, endedStatuses).Updates(map[string]any{
		"status": tasks.StatusClosed, "closed_reason": reason, "closed_at": at.UTC(), "listed": false,
		"updated_at": time.Now().UTC(),
	})
	return res.RowsAffected == 1, res.Error
}

// DeleteTask deletes the row only while no submission names it, in one statement: a student's
// submission racing the withdrawal either comes first and keeps the task, or finds it gone.
func (t taskTx) DeleteTask(taskID string) (bool, error) {
	res := t.db.Where("id = ? AND NOT EXISTS (?)", taskID,
		t.db.Session(&gorm.Session{NewDB: true}).Model(&submissionRow{}).Select("1").Where("submissions.task_id = tasks.id")).
		Delete(&taskRow{})
	return res.RowsAffected == 1, res.Error
}
