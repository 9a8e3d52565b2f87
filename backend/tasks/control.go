package tasks

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/notify"
	"bridgework/backend/textcheck"
)

// A startup's control of what it posted: edit a task, close it with a reason, withdraw it while
// nobody has submitted, post an ended one again. Each change runs in one transaction with its
// audit entry and notifications, and is published after the commit to the startup and to every
// student who submitted, whose task page and dashboard then read it again.

// Changes a startup may make, as task.updated says them.
const (
	ChangeEdited    = "edited"
	ChangeClosed    = "closed"
	ChangeWithdrawn = "withdrawn"
)

// MaxCloseReasonLen bounds the reason a startup gives for closing a task: a few sentences.
const MaxCloseReasonLen = 500

var (
	errEditEnded      = apperr.New(apperr.Conflict, "This task has ended and can no longer be edited: repost it as a new task instead.")
	errBudgetApproved = apperr.New(apperr.Conflict, "The budget cannot change once a submission is approved: an approval was paid at this budget.")
	errBudgetFunded   = apperr.New(apperr.Conflict, "The budget cannot change once the task is funded: its places are held at this budget.")
	errCloseCompleted = apperr.New(apperr.Conflict, "This task is already completed.")
	errCloseClosed    = apperr.New(apperr.Conflict, "This task is already closed.")
	errWithdrawWork   = apperr.New(apperr.Conflict, "Students have submitted work to this task, so it cannot be withdrawn: close it with a reason instead.")
	errWithdrawFunded = apperr.New(apperr.Conflict, "This task has funding, so it cannot be withdrawn: close it with a reason instead, which refunds what it holds.")
	errRepostOpen     = apperr.New(apperr.Conflict, "Only a closed or completed task can be reposted: edit this one instead.")
)

// EditableFields are what Edit changes; a task's currency, paid places, revision rounds and
// assignee stay as posted, since submissions, funding and payments were made on them.
var EditableFields = []string{"title", "description", "category", "workType", "skills", "difficulty",
	"estimatedHours", "budget", "deadline", "priority", "imageUrl", "attachments"}

// Edit changes one of the startup's tasks from the Post New Work form, checked as Post checks it
// (the form's currency, places, revision rounds and assignee are not read). A task that has ended
// is refused, and so is a new budget once an approval was paid at the old one or the task's
// places were funded at it.
func (s *Service) Edit(ctx context.Context, startupID, taskID string, in PostInput) (*Task, error) {
	edited, err := validatePost(PostInput{
		Title: in.Title, Description: in.Description, Category: in.Category, WorkType: in.WorkType, Skills: in.Skills,
		Difficulty: in.Difficulty, EstimatedHours: in.EstimatedHours, BudgetMin: in.BudgetMin, BudgetMax: in.BudgetMax,
		Deadline: in.Deadline, Priority: in.Priority, ImageURL: in.ImageURL, Attachments: in.Attachments,
	}, s.now(), "USD")
	if err != nil {
		return nil, err
	}
	if err := s.checkOwnImages(ctx, startupID, edited); err != nil {
		return nil, err
	}
	var changed []string
	err = s.Store.InTx(ctx, func(tx Tx) error {
		t, err := s.lockOwn(tx, startupID, taskID)
		if err != nil {
			return err
		}
		if Ended(t) {
			return errEditEnded
		}
		if edited.BudgetMin != t.BudgetMin || edited.BudgetMax != t.BudgetMax {
			if t.SeatsFilled > 0 {
				return errBudgetApproved
			}
			if t.Funding.Status != Unfunded {
				return errBudgetFunded
			}
		}
		changed = changedFields(t, edited)
		if len(changed) == 0 {
			return nil
		}
		t.Title, t.Description, t.Category, t.WorkType, t.Skills = edited.Title, edited.Description, edited.Category, edited.WorkType, edited.Skills
		t.Difficulty, t.EstimatedHours, t.BudgetMin, t.BudgetMax = edited.Difficulty, edited.EstimatedHours, edited.BudgetMin, edited.BudgetMax
		t.Deadline, t.Priority, t.ImageURL, t.Attachments = edited.Deadline, edited.Priority, edited.ImageURL, edited.Attachments
		if err := tx.UpdateTask(t, t.AssignedStudentID == "" && !PastDeadline(t, s.now())); err != nil {
			return err
		}
		return tx.Audit(&audit.Entry{Type: audit.TaskEdited, ActorID: startupID, Target: t.ID, IP: audit.ClientIP(ctx),
			Detail: clip(clip(t.Title, 100)+" · changed "+strings.Join(changed, ", "), 300)})
	})
	if err != nil {
		return nil, err
	}
	t, err := s.Store.Task(ctx, taskID)
	if err == nil && len(changed) > 0 {
		s.publishChange(ctx, t, ChangeEdited)
	}
	return t, err
}

// changedFields names the fields of EditableFields that edited changes on t.
func changedFields(t, edited *Task) []string {
	differs := map[string]bool{
		"title": t.Title != edited.Title, "description": t.Description != edited.Description,
		"category": t.Category != edited.Category, "workType": t.WorkType != edited.WorkType,
		"skills": !slices.Equal(t.Skills, edited.Skills), "difficulty": t.Difficulty != edited.Difficulty,
		"estimatedHours": t.EstimatedHours != edited.EstimatedHours,
		"budget":         t.BudgetMin != edited.BudgetMin || t.BudgetMax != edited.BudgetMax,
		"deadline":       !t.Deadline.Equal(edited.Deadline), "priority": t.Priority != edited.Priority,
		"imageUrl": t.ImageURL != edited.ImageURL, "attachments": !slices.Equal(t.Attachments, edited.Attachments),
	}
	var out []string
	for _, f := range EditableFields {
		if differs[f] {
			out = append(out, f)
		}
	}
	return out
}

// ValidateCloseReason checks and trims the reason a startup gives for closing a task.
func ValidateCloseReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	var v apperr.Validator
	if v.Check(reason != "", "reason", "Say why you are closing this task") {
		v.Check(utf8.RuneCountInString(reason) <= MaxCloseReasonLen, "reason", fmt.Sprintf("The reason must be at most %d characters", MaxCloseReasonLen))
	}
	return reason, v.Err()
}

// Close ends one of the startup's tasks unfilled, with a reason: it leaves the open market, the
// submissions still open are closed and their students told, as when an approval fills the task
// (Apply), and on a funded task what its places did not spend is refunded, as when an approval
// completes it early. Approved work and its payments stay as they are.
func (s *Service) Close(ctx context.Context, startupID, taskID, reason string) (*Task, error) {
	reason, err := ValidateCloseReason(reason)
	if err != nil {
		return nil, err
	}
	var (
		closed    []Submission
		notes     []notify.Notification
		moneyJobs bool
	)
	err = s.Store.InTx(ctx, func(tx Tx) error {
		t, err := s.lockOwn(tx, startupID, taskID)
		if err != nil {
			return err
		}
		switch t.Status {
		case StatusCompleted:
			return errCloseCompleted
		case StatusClosed:
			return errCloseClosed
		}
		if ok, err := tx.CloseTask(t.ID, reason, s.now()); err != nil || !ok {
			if err == nil {
				err = errCloseClosed
			}
			return err
		}
		if closed, err = tx.CloseSubmissions(t.ID, transitions[ActionClose].from, reason); err != nil {
			return err
		}
		if s.escrows(t) {
			if moneyJobs, err = s.refundRest(tx, t.ID); err != nil {
				return err
			}
		}
		if err := tx.Audit(&audit.Entry{Type: audit.TaskClosed, ActorID: startupID, Target: t.ID, IP: audit.ClientIP(ctx),
			Detail: clip(fmt.Sprintf("%s · %d open submissions closed · %s", clip(t.Title, 100), len(closed), reason), 300)}); err != nil {
			return err
		}
		startup, err := tx.Person(startupID)
		if err != nil {
			return err
		}
		notes = notes[:0]
		for _, c := range closed {
			n := closedNotification(t, c, fmt.Sprintf("%s closed %q, so your submission was closed.", startup.Name(), t.Title))
			n.Quote, n.QuoteAuthor = textcheck.Excerpt(reason, 300), startup.Name()
			notes = append(notes, n)
		}
		for i := range notes {
			if err := tx.CreateNotification(&notes[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.Notifier.Announce(ctx, notes...)
	s.publishClosed(ctx, closed, StatusClosed, reason)
	if moneyJobs && s.Money != nil {
		s.Money.Wake()
	}
	t, err := s.Store.Task(ctx, taskID)
	if err == nil {
		s.publishChange(ctx, t, ChangeClosed)
	}
	return t, err
}

// Withdraw deletes one of the startup's tasks while nobody has submitted to it and it holds no
// funding (a funded task is closed instead, which refunds it).
func (s *Service) Withdraw(ctx context.Context, startupID, taskID string) error {
	var title string
	err := s.Store.InTx(ctx, func(tx Tx) error {
		t, err := s.lockOwn(tx, startupID, taskID)
		if err != nil {
			return err
		}
		if t.Funding.Status != Unfunded {
			return errWithdrawFunded
		}
		ok, err := tx.DeleteTask(t.ID)
		if err != nil {
			return err
		}
		if !ok {
			return errWithdrawWork
		}
		title = t.Title
		return tx.Audit(&audit.Entry{Type: audit.TaskWithdrawn, ActorID: startupID, Target: t.ID, IP: audit.ClientIP(ctx), Detail: clip(title, 300)})
	})
	if err != nil {
		return err
	}
	s.Publisher.Publish(ctx, EventTaskUpdated, TaskUpdatedEvent{TaskID: taskID, Change: ChangeWithdrawn}, startupID)
	return nil
}

// RepostInput is the Post New Work form filled from t, for posting it again: the same work, the
// same currency, places and revision rounds, open to everyone (an ended task's assignee is the
// student who completed it).
func RepostInput(t *Task) PostInput {
	min, max, hours, seats, rounds := t.BudgetMin, t.BudgetMax, t.EstimatedHours, t.Seats, t.RevisionRounds
	return PostInput{
		Title: t.Title, Description: t.Description, Category: t.Category, WorkType: t.WorkType,
		Skills: slices.Clone(t.Skills), Difficulty: t.Difficulty, EstimatedHours: &hours,
		BudgetMin: &min, BudgetMax: &max, Currency: t.Currency, Deadline: t.Deadline.Format(time.DateOnly),
		Priority: t.Priority, ImageURL: t.ImageURL, Attachments: slices.Clone(t.Attachments),
		RevisionRounds: &rounds, Seats: &seats,
	}
}

// Repost posts one of the startup's closed or completed tasks again as a new open task, from the
// form in (RepostInput's, with the startup's changes: usually a new deadline), checked as Post
// checks it; the old task stays as it ended.
func (s *Service) Repost(ctx context.Context, startup *accounts.User, taskID string, in PostInput) (*Task, error) {
	old, err := s.StartupTask(ctx, startup.ID, taskID)
	if err != nil {
		return nil, err
	}
	if !Ended(old) {
		return nil, errRepostOpen
	}
	in.Currency, in.Seats, in.RevisionRounds, in.AssignedStudent = old.Currency, &old.Seats, &old.RevisionRounds, ""
	return s.post(ctx, startup, in, old)
}

// lockOwn locks one of the startup's tasks; another startup's is not found, as everywhere.
func (s *Service) lockOwn(tx Tx, startupID, taskID string) (*Task, error) {
	t, err := tx.LockTask(taskID)
	if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !CanManage(t, startupID)) {
		return nil, errTaskNotFound
	}
	return t, err
}

// publishChange tells the startup and every student who submitted to t what the startup did to
// it: their task pages, lists and dashboards read it again.
func (s *Service) publishChange(ctx context.Context, t *Task, change string) {
	to := []string{t.StartupID}
	for _, sub := range t.Submissions {
		to = append(to, sub.StudentID)
	}
	event := taskUpdated(t.ID, t.Status)
	event.Change = change
	s.Publisher.Publish(ctx, EventTaskUpdated, event, to...)
}
