package tasks

import (
	"context"
	"fmt"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/certs"
	"bridgework/backend/notify"
)

// Action is a change a startup asks for on a submission.
type Action string

const (
	ActionReview  Action = "review"  // pending → under-review
	ActionApprove Action = "approve" // pending | under-review → approved
	ActionReject  Action = "reject"  // pending | under-review → rejected
)

// transitions lists, for each action, the statuses it may start from and where it leads (DESIGN §3).
var transitions = map[Action]struct {
	from []string
	to   string
}{
	ActionReview:  {from: []string{Pending}, to: UnderReview},
	ActionApprove: {from: []string{Pending, UnderReview}, to: Approved},
	ActionReject:  {from: []string{Pending, UnderReview}, to: Rejected},
}

// CanApply reports whether action is allowed on a submission in status.
func CanApply(action Action, status string) bool {
	return contains(transitions[action].from, status)
}

// conflict explains why action is not allowed on a submission in status.
func conflict(action Action, status string) error {
	verb := map[Action]string{ActionReview: "moved to review", ActionApprove: "approved", ActionReject: "rejected"}[action]
	return apperr.New(apperr.Conflict, fmt.Sprintf("A submission that is %s cannot be %s.", status, verb))
}

var (
	errSubmissionNotFound = apperr.New(apperr.NotFound, "Submission not found.")
	errTaskClosed         = apperr.New(apperr.Conflict, "This task is no longer accepting submissions.")
	errTaskCompleted      = apperr.New(apperr.Conflict, "This task is already completed.")
	errAlreadyReviewed    = apperr.New(apperr.Conflict, "Your submission is under review or decided and can no longer be changed.")
)

// SubmitLink records a student's work link. A second link before review replaces the first; the
// one row per student and task never becomes two. The startup is notified.
func (s *Service) SubmitLink(ctx context.Context, student *accounts.User, taskID, link string) (*Submission, error) {
	link, err := ValidateLink(link)
	if err != nil {
		return nil, err
	}
	var (
		sub        *Submission
		task       *Task
		taskStatus string
		note       notify.Notification
	)
	err = s.Store.InTx(ctx, func(tx Tx) error {
		t, err := tx.LockTask(taskID)
		if err != nil {
			return err
		}
		if !CanSee(t, student.ID) {
			return errTaskNotFound
		}
		if !AcceptsSubmissions(t) {
			return errTaskClosed
		}
		verb := "submitted"
		existing, err := tx.Submission(taskID, student.ID)
		switch {
		case apperr.CodeOf(err) == apperr.NotFound:
			sub = &Submission{TaskID: taskID, StudentID: student.ID, StartupID: t.StartupID, Link: link, Status: Pending}
			if err := tx.CreateSubmission(sub); err != nil {
				return err
			}
		case err != nil:
			return err
		default:
			ok, err := tx.SetSubmission(existing.ID, []string{Pending}, Pending, link, "")
			if err != nil {
				return err
			}
			if !ok {
				return errAlreadyReviewed
			}
			existing.Link, sub, verb = link, existing, "updated their link for"
		}
		if taskStatus, err = tx.RefreshTaskStatus(taskID); err != nil {
			return err
		}
		note = notify.Notification{
			UserID:  t.StartupID,
			Message: fmt.Sprintf("%s %s %q.", student.DisplayName(), verb, t.Title),
			Link:    "/startup/tasks/" + t.ID,
		}
		task = t
		return tx.CreateNotification(&note)
	})
	if err != nil {
		return nil, err
	}
	s.Notifier.Announce(ctx, note)
	s.Publisher.Publish(ctx, EventTaskUpdated, taskUpdated(task.ID, taskStatus), task.StartupID)
	s.Publisher.Publish(ctx, EventSubmissionStatus, statusEvent(sub, taskStatus), student.ID)
	return sub, nil
}

// Decide applies a startup's action to a student's submission on one of its tasks, in one
// transaction: the submission moves only along the allowed transitions (else 409 and nothing
// changes); approval also completes the task for that student and issues the certificate; the
// student is notified. Of two concurrent decisions on one submission exactly one wins.
func (s *Service) Decide(ctx context.Context, startupID, taskID, studentID string, action Action, notes string) (*Submission, *certs.Certificate, error) {
	if err := ValidateDecision(studentID, notes); err != nil {
		return nil, nil, err
	}
	if action == ActionReview {
		notes = ""
	}
	rule := transitions[action]
	var (
		sub        *Submission
		cert       *certs.Certificate
		taskStatus string
		note       notify.Notification
	)
	err := s.Store.InTx(ctx, func(tx Tx) error {
		t, err := tx.LockTask(taskID)
		if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !CanManage(t, startupID)) {
			return errTaskNotFound
		}
		if err != nil {
			return err
		}
		if sub, err = tx.Submission(taskID, studentID); err != nil {
			if apperr.CodeOf(err) == apperr.NotFound {
				return errSubmissionNotFound
			}
			return err
		}
		if !CanApply(action, sub.Status) {
			return conflict(action, sub.Status)
		}
		ok, err := tx.SetSubmission(sub.ID, rule.from, rule.to, "", notes)
		if err != nil {
			return err
		}
		if !ok {
			// Another decision committed between our read and our update.
			return conflict(action, "already decided")
		}
		sub.Status, sub.ReviewNotes = rule.to, notes
		if action == ActionApprove {
			if cert, err = s.complete(ctx, tx, t, studentID); err != nil {
				return err
			}
		}
		if taskStatus, err = tx.RefreshTaskStatus(taskID); err != nil {
			return err
		}
		if entry, ok := decisionEntry(ctx, t, sub, action); ok {
			if err := tx.Audit(&entry); err != nil {
				return err
			}
		}
		note = decisionNotification(t, action, notes, studentID)
		return tx.CreateNotification(&note)
	})
	if err != nil {
		return nil, nil, err
	}
	s.Publisher.Publish(ctx, EventSubmissionStatus, statusEvent(sub, taskStatus), studentID)
	s.Notifier.Announce(ctx, note)
	s.Publisher.Publish(ctx, EventTaskUpdated, taskUpdated(taskID, taskStatus), startupID)
	return sub, cert, nil
}

// complete finishes an approval inside its transaction: the task is completed for the student
// (refused when another approval completed it first), the task's skills on their profile become
// Verified, and the certificate is issued.
func (s *Service) complete(ctx context.Context, tx Tx, t *Task, studentID string) (*certs.Certificate, error) {
	now := s.now()
	ok, err := tx.CompleteTask(t.ID, studentID, now)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errTaskCompleted
	}
	student, err := tx.Person(studentID)
	if err != nil {
		return nil, err
	}
	startup, err := tx.Person(t.StartupID)
	if err != nil {
		return nil, err
	}
	if err := tx.VerifySkills(studentID, t.Skills); err != nil {
		return nil, err
	}
	number, err := certs.NewNumber()
	if err != nil {
		return nil, err
	}
	c := &certs.Certificate{
		Number: number, TaskID: t.ID, StudentID: studentID, StartupID: t.StartupID,
		StudentName: student.Name(), StartupName: startup.Name(),
		Title: t.Title, TaskTitle: t.Title, TaskCategory: t.Category, Skills: t.Skills,
		IssuedAt: now, CompletionDate: now,
	}
	if err := tx.CreateCertificate(c); err != nil {
		return nil, err
	}
	return c, tx.Audit(&audit.Entry{
		Type: audit.CertificateIssued, ActorID: t.StartupID, SubjectID: studentID, Target: t.ID,
		IP: audit.ClientIP(ctx), Detail: clip(number+" for "+t.Title, 300),
	})
}

// decisionEntry is the trail's entry for a decision on work; moving a submission to review
// decides nothing and has none.
func decisionEntry(ctx context.Context, t *Task, sub *Submission, action Action) (audit.Entry, bool) {
	kind := map[Action]string{ActionApprove: audit.SubmissionApproved, ActionReject: audit.SubmissionRejected}[action]
	return audit.Entry{
		Type: kind, ActorID: t.StartupID, SubjectID: sub.StudentID, Target: sub.ID,
		IP: audit.ClientIP(ctx), Detail: clip(t.Title, 300),
	}, kind != ""
}

func decisionNotification(t *Task, action Action, notes, studentID string) notify.Notification {
	n := notify.Notification{UserID: studentID, Link: "/student/dashboard"}
	switch action {
	case ActionReview:
		n.Message = fmt.Sprintf("Your submission for %q is under review.", t.Title)
	case ActionApprove:
		n.Message = fmt.Sprintf("Your submission for %q was approved. Your certificate is ready.", t.Title)
		n.Link = "/certificates"
	case ActionReject:
		n.Message = fmt.Sprintf("Your submission for %q was rejected.", t.Title)
	}
	if notes != "" && action != ActionReview {
		n.Message += " Notes: " + clip(notes, 300)
	}
	return n
}

// SubmissionStatusEvent is the data of a submission.status event.
type SubmissionStatusEvent struct {
	TaskID     string `json:"taskId"`
	StudentID  string `json:"studentId"`
	Status     string `json:"status"`
	TaskStatus string `json:"taskStatus"`
}

// TaskUpdatedEvent is the data of a task.updated event.
type TaskUpdatedEvent struct {
	TaskID        string `json:"taskId"`
	Status        string `json:"status"`
	DisplayStatus string `json:"displayStatus"`
}

func statusEvent(sub *Submission, taskStatus string) SubmissionStatusEvent {
	return SubmissionStatusEvent{TaskID: sub.TaskID, StudentID: sub.StudentID, Status: sub.Status, TaskStatus: taskStatus}
}

func taskUpdated(taskID, status string) TaskUpdatedEvent {
	return TaskUpdatedEvent{TaskID: taskID, Status: status, DisplayStatus: DisplayStatus(status)}
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
