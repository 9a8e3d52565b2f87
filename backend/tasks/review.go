package tasks

import (
	"context"
	"fmt"
	"strings"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/certs"
	"bridgework/backend/money"
	"bridgework/backend/notify"
	"bridgework/backend/payments"
	"bridgework/backend/textcheck"
)

// Action is a change to a submission: a startup's decision, the student's next revision, or the
// close that follows a task's closing approval.
type Action string

const (
	ActionReview         Action = "review"          // pending → under-review
	ActionApprove        Action = "approve"         // pending | under-review → approved
	ActionReject         Action = "reject"          // pending | under-review → rejected
	ActionRequestChanges Action = "request-changes" // pending | under-review → changes_requested
	ActionResubmit       Action = "resubmit"        // changes_requested → pending, as the next revision
	ActionClose          Action = "close"           // pending | under-review | changes_requested → closed
)

// Actions lists every action, for tests that walk the whole table.
var Actions = []Action{ActionReview, ActionApprove, ActionReject, ActionRequestChanges, ActionResubmit, ActionClose}

// Statuses lists every submission status.
var Statuses = []string{Pending, UnderReview, ChangesRequested, Approved, Rejected, Closed}

// transitions is the one table of how a submission may move (DESIGN §3): for each action, the
// statuses it may start from and where it leads. Anything else is a 409 that changes nothing.
var transitions = map[Action]struct {
	from []string
	to   string
}{
	ActionReview:         {from: []string{Pending}, to: UnderReview},
	ActionApprove:        {from: []string{Pending, UnderReview}, to: Approved},
	ActionReject:         {from: []string{Pending, UnderReview}, to: Rejected},
	ActionRequestChanges: {from: []string{Pending, UnderReview}, to: ChangesRequested},
	ActionResubmit:       {from: []string{ChangesRequested}, to: Pending},
	ActionClose:          {from: []string{Pending, UnderReview, ChangesRequested}, to: Closed},
}

// CanApply reports whether action is allowed on a submission in status.
func CanApply(action Action, status string) bool {
	return contains(transitions[action].from, status)
}

// Next is where action leads a submission in status, and whether it may.
func Next(action Action, status string) (string, bool) {
	return transitions[action].to, CanApply(action, status)
}

// conflict explains why action is not allowed on a submission in status.
func conflict(action Action, status string) error {
	verb := map[Action]string{
		ActionReview: "moved to review", ActionApprove: "approved", ActionReject: "rejected",
		ActionRequestChanges: "sent back for changes", ActionResubmit: "resubmitted", ActionClose: "closed",
	}[action]
	return apperr.New(apperr.Conflict, fmt.Sprintf("A submission that is %s cannot be %s.", strings.ReplaceAll(status, "_", " "), verb))
}

// FilledNote is what the students whose work was still open hear when the task closes.
const FilledNote = "This task was filled"

var (
	errSubmissionNotFound = apperr.New(apperr.NotFound, "Submission not found.")
	errTaskClosed         = apperr.New(apperr.Conflict, "This task is no longer accepting submissions.")
	errDeadlinePassed     = apperr.New(apperr.Conflict, "This task's deadline has passed")
	errTaskCompleted      = apperr.New(apperr.Conflict, "This task is already completed.")
	errAlreadyReviewed    = apperr.New(apperr.Conflict, "Your submission is under review or decided and can no longer be changed.")
)

// staleRevision refuses a decision made on a revision the submission has moved past: the
// reviewer decides on what they saw, never on a link that changed under them (DESIGN §3).
func staleRevision(current int) error {
	return apperr.New(apperr.Conflict, fmt.Sprintf("This submission changed since you opened it: review revision %d", current))
}

// SubmitLink records a student's work link. A second link before review, or one sent after the
// startup asked for changes, starts the next revision: the link the startup may already have
// opened stays in the history as it was, so no decision ever vouches for a link it did not see.
// The one row per student and task never becomes two. A task past its deadline takes no new
// submissions; work already submitted to it may still be revised. The startup is notified.
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
		// A closed task says so to everyone, those whose work it closed included; an open one
		// assigned to someone else is not theirs to see.
		if !AcceptsSubmissions(t) {
			return errTaskClosed
		}
		if !CanSee(t, student.ID) {
			return errTaskNotFound
		}
		var verb string
		existing, err := tx.Submission(taskID, student.ID)
		switch {
		case apperr.CodeOf(err) == apperr.NotFound:
			if PastDeadline(t, s.now()) {
				return errDeadlinePassed
			}
			sub = &Submission{TaskID: taskID, StudentID: student.ID, StartupID: t.StartupID, Link: link, Status: Pending}
			if err := tx.CreateSubmission(sub); err != nil {
				return err
			}
			verb = "submitted"
		case err != nil:
			return err
		case existing.Status == Pending && existing.Link == link:
			sub, verb = existing, "" // the same link again changes nothing
		case existing.Status == Pending || existing.Status == ChangesRequested:
			verb = fmt.Sprintf("sent revision %d of", existing.Revision+1)
			if existing.Status == Pending {
				verb = fmt.Sprintf("changed their link (revision %d) for", existing.Revision+1)
			}
			ok, err := tx.NextRevision(existing.ID, existing.Status, link)
			if err != nil {
				return err
			}
			if !ok {
				return errAlreadyReviewed
			}
			existing.nextRevision(link, s.now())
			sub = existing
		default:
			return errAlreadyReviewed
		}
		if verb == "" {
			return nil
		}
		if taskStatus, err = tx.RefreshTaskStatus(taskID); err != nil {
			return err
		}
		note = notify.Notification{
			UserID:  t.StartupID,
			Kind:    notify.KindSubmission,
			Message: fmt.Sprintf("%s %s %q.", student.DisplayName(), verb, t.Title),
			Link:    "/startup/tasks/" + t.ID,
		}
		task = t
		return tx.CreateNotification(&note)
	})
	if err != nil {
		return nil, err
	}
	if task == nil {
		return sub, nil
	}
	s.Notifier.Announce(ctx, note)
	s.Publisher.Publish(ctx, EventTaskUpdated, taskUpdated(task.ID, taskStatus), task.StartupID)
	s.Publisher.Publish(ctx, EventSubmissionStatus, statusEvent(sub, taskStatus), student.ID)
	return sub, nil
}

// AfterApproval is what an approval does to its task.
type AfterApproval int

const (
	// FillSeat, the spec's approval (§4, DESIGN §3): it fills one of the task's paid places,
	// and the one filling the last completes the task for the student approved and closes the
	// submissions still open. With one seat, the default, every approval completes its task.
	FillSeat AfterApproval = iota
	// CompleteTask completes the task now, whatever places are left (closeTask: true).
	CompleteTask
	// KeepOpen leaves the task open for more students (closeTask: false), adding a place when
	// this approval fills the last.
	KeepOpen
)

// Decision is a startup's action on one student's submission.
type Decision struct {
	StudentID string
	Action    Action // review, approve, reject or request-changes
	Notes     string
	// Revision is the revision the reviewer saw; a decision on any other is refused. nil decides
	// on the current one (the spec's client sends none).
	Revision *int
	// After says what an approval does to the task. A task assigned to one student completes
	// with its approval whatever it says.
	After AfterApproval
	// PayAmount is what the startup confirms an approval pays, in the budget's units; nil is the
	// budget's max (the spec's client sends none).
	PayAmount *float64
	// automatic marks the approval ReleaseOverdue makes on the startup's behalf.
	automatic bool
}

// Apply applies a startup's decision in one transaction: the submission moves only along the
// transition table (else 409 and nothing changes), and only from the revision the reviewer saw;
// asking for changes needs notes and a round left; approval issues the certificate for the
// exact link and revision approved and, unless the startup keeps the task open, completes it
// and closes the other open submissions, whose students are told. Of two concurrent decisions
// on one submission exactly one wins, and of two approvals racing to complete a task, one does.
func (s *Service) Apply(ctx context.Context, startupID, taskID string, d Decision) (*Submission, *certs.Certificate, error) {
	if err := ValidateDecision(d); err != nil {
		return nil, nil, err
	}
	switch d.Action {
	case ActionReview:
		d.Notes = ""
	case ActionRequestChanges:
		d.Notes = strings.TrimSpace(d.Notes)
		if d.Notes == "" {
			return nil, nil, apperr.Field("reviewNotes", "Review notes are required to request changes")
		}
	case ActionApprove, ActionReject:
	default:
		return nil, nil, apperr.New(apperr.Invalid, "Unknown decision.")
	}
	var (
		sub        *Submission
		cert       *certs.Certificate
		taskStatus string
		closed     []Submission
		approved   approval
		notes      []notify.Notification
	)
	err := s.Store.InTx(ctx, func(tx Tx) error {
		t, err := tx.LockTask(taskID)
		if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !CanManage(t, startupID)) {
			return errTaskNotFound
		}
		if err != nil {
			return err
		}
		if sub, err = tx.Submission(taskID, d.StudentID); err != nil {
			if apperr.CodeOf(err) == apperr.NotFound {
				return errSubmissionNotFound
			}
			return err
		}
		if d.Revision != nil && *d.Revision != sub.Revision {
			return staleRevision(sub.Revision)
		}
		to, allowed := Next(d.Action, sub.Status)
		if !allowed {
			return conflict(d.Action, sub.Status)
		}
		if d.Action == ActionRequestChanges && sub.ChangesAsked() >= t.RevisionRounds {
			return apperr.New(apperr.Conflict, fmt.Sprintf(
				"This submission has used all %d revision rounds of this task: approve or reject it.", t.RevisionRounds))
		}
		ok, err := tx.SetSubmission(sub.ID, sub.Revision, transitions[d.Action].from, to, d.Notes)
		if err != nil {
			return err
		}
		if !ok {
			// Another decision, or the student's next link, committed between our read and our update.
			return conflict(d.Action, "already decided")
		}
		sub.settle(to, d.Notes, s.now())
		if d.Action == ActionApprove {
			if approved, err = s.approve(ctx, tx, t, sub, d); err != nil {
				return err
			}
			cert, closed = approved.cert, approved.closed
		}
		if taskStatus, err = tx.RefreshTaskStatus(taskID); err != nil {
			return err
		}
		if entry, ok := decisionEntry(ctx, t, sub, d); ok {
			if err := tx.Audit(&entry); err != nil {
				return err
			}
		}
		note, err := decisionNotification(tx, t, sub, d)
		if err != nil {
			return err
		}
		notes = append(notes, note)
		if p := approved.payment; p != nil && p.Status == payments.AwaitingStudent {
			notes = append(notes, payments.AwaitingNotification(p))
		}
		if d.automatic {
			student, err := tx.Person(sub.StudentID)
			if err != nil {
				return err
			}
			notes = append(notes, notify.Notification{UserID: t.StartupID, Kind: notify.KindSubmission, Link: "/startup/tasks/" + t.ID,
				Message: fmt.Sprintf("%s's work on %q (revision %d) was approved and paid automatically: no decision came within the review window.",
					student.Name(), t.Title, sub.Revision)})
		}
		for _, c := range closed {
			notes = append(notes, closedNotification(t, c, fmt.Sprintf("%s: %q no longer takes work, so your submission was closed.", FilledNote, t.Title)))
		}
		for i := range notes {
			if err := tx.CreateNotification(&notes[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	s.Publisher.Publish(ctx, EventSubmissionStatus, statusEvent(sub, taskStatus), d.StudentID)
	s.publishClosed(ctx, closed, taskStatus, "")
	s.Notifier.Announce(ctx, notes...)
	s.Publisher.Publish(ctx, EventTaskUpdated, taskUpdated(taskID, taskStatus), startupID)
	if p := approved.payment; p != nil {
		s.Publisher.Publish(ctx, payments.EventUpdated, payments.UpdatedEvent{PaymentID: p.ID, TaskID: p.TaskID, Status: p.Status},
			p.StudentID, p.StartupID)
	}
	if approved.moneyJobs && s.Money != nil {
		s.Money.Wake()
	}
	return sub, cert, nil
}

// approval is what an approval did besides deciding its submission.
type approval struct {
	cert      *certs.Certificate
	payment   *payments.Payment // nil on an unpaid task
	closed    []Submission      // the submissions its completing the task closed
	moneyJobs bool              // it queued a transfer or a refund
}

// approve finishes the approval of sub inside its transaction: it issues the certificate, opens
// the payment the approval owes on a paid task (held through Stripe on a funded one, with its
// transfer queued), and fills a seat, completing the task when the approval fills its last (or the
// startup closes it, or it was assigned to this one student), closing the submissions still open
// and, on a funded task, refunding what its places did not spend.
func (s *Service) approve(ctx context.Context, tx Tx, t *Task, sub *Submission, d Decision) (approval, error) {
	var a approval
	amount, err := payAmount(t, d.PayAmount)
	if err != nil {
		return a, err
	}
	filled := t.SeatsFilled + 1
	complete := d.After == CompleteTask || (d.After != KeepOpen && filled >= t.Seats) || t.AssignedStudentID != ""
	addSeat := d.After == KeepOpen && filled >= t.Seats && !complete
	if a.cert, err = s.certify(ctx, tx, t, sub); err != nil {
		return a, err
	}
	if amount > 0 {
		a.payment = &payments.Payment{TaskID: t.ID, SubmissionID: sub.ID, Revision: sub.Revision, StudentID: sub.StudentID,
			StartupID: t.StartupID, Amount: amount, Currency: t.Currency, Status: payments.Due, CreatedAt: s.now(),
			TaskTitle: t.Title}
		if s.escrows(t) {
			if err := s.hold(tx, t, a.payment, addSeat); err != nil {
				return a, err
			}
		}
		if err := tx.OpenPayment(a.payment); err != nil {
			return a, err
		}
		if err := tx.Audit(payments.OpenedEntry(ctx, a.payment)); err != nil {
			return a, err
		}
		if a.payment.Status == payments.Held {
			if err := tx.EnqueueMoneyJob(payments.TransferJob(a.payment, s.FeeBasisPoints)); err != nil {
				return a, err
			}
			a.moneyJobs = true
		}
	}
	if err := tx.FillSeat(t.ID, addSeat); err != nil {
		return a, err
	}
	if !complete {
		return a, nil
	}
	if a.closed, err = s.closeTask(tx, t, sub.StudentID); err != nil || !s.escrows(t) {
		return a, err
	}
	refunds, err := s.refundRest(tx, t.ID)
	a.moneyJobs = a.moneyJobs || refunds
	return a, err
}

// payAmount is what an approval of t pays, in minor units: the startup's confirmed amount,
// within the budget, or the budget's max; 0 on an unpaid task.
func payAmount(t *Task, confirmed *float64) (money.Amount, error) {
	lo, hi := PayRange(t)
	if confirmed == nil {
		return hi, nil
	}
	if hi == 0 {
		if *confirmed != 0 {
			return 0, apperr.Field("payAmount", "This task is unpaid: an approval of it pays nothing")
		}
		return 0, nil
	}
	amount, err := money.FromMajor(*confirmed, t.Currency)
	if err != nil || amount < lo || amount > hi || amount <= 0 {
		return 0, apperr.Field("payAmount", fmt.Sprintf("Pay must be between %s and %s, the task's budget", lo.Format(t.Currency), hi.Format(t.Currency)))
	}
	return amount, nil
}

// closedNotification tells the student of c, a submission closed because its task ended, why.
func closedNotification(t *Task, c Submission, message string) notify.Notification {
	return notify.Notification{UserID: c.StudentID, Kind: notify.KindSubmission, Link: TaskPage(t.ID), Message: message}
}

// publishClosed tells the students of the submissions closed when their task ended, once it
// committed; reason is the startup's when it closed the task itself ("" when an approval filled it).
func (s *Service) publishClosed(ctx context.Context, closed []Submission, taskStatus, reason string) {
	for _, c := range closed {
		c.Status = Closed
		event := statusEvent(&c, taskStatus)
		event.Reason = reason
		s.Publisher.Publish(ctx, EventSubmissionStatus, event, c.StudentID)
	}
}

// closeTask completes the task for the student whose approval closes it (refused when another
// approval closed it first) and closes the submissions still open.
func (s *Service) closeTask(tx Tx, t *Task, studentID string) ([]Submission, error) {
	ok, err := tx.CompleteTask(t.ID, studentID, s.now())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errTaskCompleted
	}
	return tx.CloseSubmissions(t.ID, transitions[ActionClose].from, FilledNote)
}

// certify finishes the approval of sub inside its transaction: the task's skills on the
// student's profile become Verified, and the certificate is issued for the link and revision
// approved, with the notes the startup approved them with.
func (s *Service) certify(ctx context.Context, tx Tx, t *Task, sub *Submission) (*certs.Certificate, error) {
	now, studentID := s.now(), sub.StudentID
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
		IssuedAt: now, CompletionDate: now, WorkLink: sub.Link, WorkRevision: sub.Revision,
		ReviewNotes: sub.ReviewNotes,
	}
	if err := tx.CreateCertificate(c); err != nil {
		return nil, err
	}
	return c, tx.Audit(&audit.Entry{
		Type: audit.CertificateIssued, ActorID: t.StartupID, SubjectID: studentID, Target: t.ID,
		IP: audit.ClientIP(ctx), Detail: clip(number+" for "+workDetail(t.Title, sub), 300),
	})
}

// decisionEntry is the trail's entry for a decision on work, naming the revision and link it
// decided on, and saying so when the approval was automatic; moving a submission to review
// decides nothing and has none.
func decisionEntry(ctx context.Context, t *Task, sub *Submission, d Decision) (audit.Entry, bool) {
	kind := map[Action]string{
		ActionApprove: audit.SubmissionApproved, ActionReject: audit.SubmissionRejected,
		ActionRequestChanges: audit.ChangesRequested,
	}[d.Action]
	detail := workDetail(t.Title, sub)
	if d.automatic {
		detail = clip(AutomaticNote+" · "+detail, 300)
	}
	return audit.Entry{
		Type: kind, ActorID: t.StartupID, SubjectID: sub.StudentID, Target: sub.ID,
		IP: audit.ClientIP(ctx), Detail: detail,
	}, kind != ""
}

// AutomaticNote opens the trail's entry of an automatic approval (ReleaseOverdue).
const AutomaticNote = "Approved automatically: no decision within the review window"

// workDetail names a task and the revision and link of a submission to it, for the trail: the
// link last, so that clipping a long one keeps the rest.
func workDetail(title string, sub *Submission) string {
	return clip(fmt.Sprintf("%s · revision %d · %s", clip(title, 100), sub.Revision, sub.Link), 300)
}

// decisionNotification tells the student of a decision on sub, naming the revision and link
// approved. The startup's notes are its quote, one paragraph under the startup's name, never
// part of the message: the bell and the mails show them as the startup's words, not
// Bridgework's (notify.Notification).
func decisionNotification(tx Tx, t *Task, sub *Submission, d Decision) (notify.Notification, error) {
	n := notify.Notification{UserID: sub.StudentID, Kind: notify.KindSubmission, Link: TaskPage(t.ID)}
	notes, action := sub.ReviewNotes, d.Action
	switch action {
	case ActionReview:
		n.Message = fmt.Sprintf("Your submission for %q is under review.", t.Title)
	case ActionApprove:
		n.Message = fmt.Sprintf("Your submission for %q (revision %d, %s) was approved. Your certificate is ready.", t.Title, sub.Revision, clip(sub.Link, 200))
		if d.automatic {
			n.Message = fmt.Sprintf("Your submission for %q (revision %d, %s) was approved automatically: no decision came within the review window. Your certificate is ready.",
				t.Title, sub.Revision, clip(sub.Link, 200))
		}
		n.Link = "/certificates"
	case ActionReject:
		n.Message = fmt.Sprintf("Your submission for %q was rejected.", t.Title)
	case ActionRequestChanges:
		n.Message = fmt.Sprintf("Changes were requested on your submission for %q.", t.Title)
		n.Link = RevisionForm(t.ID, sub.ID)
	}
	if notes != "" && action != ActionReview {
		startup, err := tx.Person(t.StartupID)
		if err != nil {
			return n, err
		}
		n.Quote, n.QuoteAuthor = textcheck.Excerpt(notes, 300), startup.Name()
	}
	return n, nil
}

// SubmissionStatusEvent is the data of a submission.status event.
type SubmissionStatusEvent struct {
	TaskID     string `json:"taskId"`
	StudentID  string `json:"studentId"`
	Status     string `json:"status"`
	TaskStatus string `json:"taskStatus"`
	// Reason is the startup's, when it closed the task and so this submission.
	Reason string `json:"reason,omitempty"`
}

// TaskUpdatedEvent is the data of a task.updated event.
type TaskUpdatedEvent struct {
	TaskID        string `json:"taskId"`
	Status        string `json:"status"`
	DisplayStatus string `json:"displayStatus"`
	// Change says what the startup did to the task, when it did: edited, closed or withdrawn.
	Change string `json:"change,omitempty"`
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
