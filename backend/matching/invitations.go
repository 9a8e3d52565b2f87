package matching

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/notify"
	"bridgework/backend/tasks"
	"bridgework/backend/textcheck"
)

// Invitations: a startup asks a student to take one of its open tasks; the student accepts,
// which assigns them (a task of one seat then leaves the open market), or declines with an
// optional reason. DESIGN §3b: an invitation is a notification with an answer, so each invite
// and each answer writes a bell notification in its transaction and is published live after
// the commit. An invitation expires with its task: nothing stores that, a read derives it
// (Invitation.StatusAt), so no sweep has to run for it.

// Invitation statuses. Expired is never stored: it is how a pending invitation reads once its
// task can no longer take the student.
const (
	InvitationPending  = "pending"
	InvitationAccepted = "accepted"
	InvitationDeclined = "declined"
	InvitationExpired  = "expired"
)

// The events invitations publish (DESIGN §4 frame shape), each with the invitation as data.
const (
	EventInvitationNew      = "invitation.new"      // to the student invited
	EventInvitationAnswered = "invitation.answered" // to the startup that invited
)

// Limits of what an invitation carries.
const (
	MaxInvitationMessageLen = 1000
	MaxDeclineReasonLen     = 500
	// InvitationDay is the rolling window of a startup's daily limit.
	InvitationDay = 24 * time.Hour
)

// StudentInvitationsLink is where a student's invitation notifications lead.
const StudentInvitationsLink = "/student/invitations"

// Invitation is a startup's request that a student take one of its tasks. Task, Startup and
// Student are filled by the reads that show it; Status is the stored one (StatusAt derives
// what a reader sees).
type Invitation struct {
	ID, TaskID, StartupID, StudentID string
	Message                          string
	Status                           string // pending, accepted or declined
	Reason                           string // the student's, when they declined
	CreatedAt                        time.Time
	AnsweredAt                       *time.Time

	Task             *tasks.Task
	Startup, Student *tasks.Person
}

// StatusAt is the invitation's status as its readers see it at now: a pending invitation whose
// task has ended, is past its deadline or is assigned to another student is expired, and so is
// one whose task is gone (withdrawn: nothing holds a task back for its invitations).
func (inv *Invitation) StatusAt(now time.Time) string {
	if inv.Status == InvitationPending && (inv.Task == nil || !openFor(inv.Task, inv.StudentID, now)) {
		return InvitationExpired
	}
	return inv.Status
}

// openFor reports whether t can still take studentID through an invitation at now: not ended,
// not past its deadline, and assigned to nobody or to that student.
func openFor(t *tasks.Task, studentID string, now time.Time) bool {
	return !tasks.Ended(t) && !tasks.PastDeadline(t, now) && tasks.CanSee(t, studentID)
}

// InvitationStore is what invitations need from the database.
type InvitationStore interface {
	// InvitationsTx runs fn in one transaction: committed when fn returns nil.
	InvitationsTx(ctx context.Context, fn func(tx InvitationTx) error) error
	// Invitation reads one invitation with its task and people; apperr.NotFound when unknown.
	Invitation(ctx context.Context, id string) (*Invitation, error)
	// TaskStartup reads the id of the startup that owns a task; apperr.NotFound when unknown.
	TaskStartup(ctx context.Context, taskID string) (string, error)
	// TaskInvitations pages a task's invitations, newest first, with their task and people, and
	// counts them.
	TaskInvitations(ctx context.Context, taskID string, offset, limit int) ([]Invitation, int, error)
	// StudentInvitations pages a student's invitations the same way.
	StudentInvitations(ctx context.Context, studentID string, offset, limit int) ([]Invitation, int, error)
}

// InvitationTx is what an invitation's change may do inside its transaction.
type InvitationTx interface {
	// LockStartup holds the startup's row until the transaction ends, so that two invites of
	// one startup, to any of its tasks, count its day one after the other.
	LockStartup(startupID string) error
	// LockTask reads a task (no people, no submissions) and holds it until the transaction ends;
	// apperr.NotFound when unknown.
	LockTask(id string) (*tasks.Task, error)
	// User reads a user; apperr.NotFound when unknown.
	User(id string) (*accounts.User, error)
	// TaskInvitationCount counts the task's invitations, whatever their status.
	TaskInvitationCount(taskID string) (int, error)
	// StartupInvitationsSince counts the startup's invitations created after since, and says
	// when the oldest of them was.
	StartupInvitationsSince(startupID string, since time.Time) (n int, oldest time.Time, err error)
	// CreateInvitation writes inv and sets its id; apperr.Conflict when the student was already
	// invited to the task.
	CreateInvitation(inv *Invitation) error
	// LockInvitation reads an invitation (no task, no people) and holds it; apperr.NotFound
	// when unknown.
	LockInvitation(id string) (*Invitation, error)
	// AnswerInvitation moves a pending invitation to status with reason at at; false when it
	// was not pending, and nothing changed.
	AnswerInvitation(id, status, reason string, at time.Time) (bool, error)
	// AssignTask assigns the task to the student and takes it off the open market.
	AssignTask(taskID, studentID string) error
	CreateNotification(n *notify.Notification) error
}

// Publisher announces an event, already committed, to every open connection of the users.
type Publisher interface {
	Publish(ctx context.Context, eventType string, data any, userIDs ...string)
}

// Announcer pushes notifications that were just committed (notify.Service).
type Announcer interface {
	Announce(ctx context.Context, created ...notify.Notification)
}

// Invitations is the invitations' use cases.
type Invitations struct {
	Store     InvitationStore
	Notifier  Announcer
	Publisher Publisher
	// PerTask bounds a task's invitations (INVITES_MAX_PER_TASK), PerStartupDay a startup's in
	// any InvitationDay (INVITES_MAX_PER_STARTUP_DAY); 0 turns that limit off.
	PerTask, PerStartupDay int
	Now                    func() time.Time
	// Event turns an invitation into the data of its live frames: the HTTP layer's JSON, so a
	// frame carries what the API answers. nil: the invitation itself.
	Event func(inv *Invitation, now time.Time) any
}

// Clock is the time the service reads statuses at.
func (s *Invitations) Clock() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

var (
	errInvitationNotFound = apperr.New(apperr.NotFound, "Invitation not found.")
	errInviteTaskNotFound = apperr.New(apperr.NotFound, "Task not found.")
	errInviteeNotFound    = apperr.New(apperr.NotFound, "Student not found.")
	errNoInvitations      = apperr.New(apperr.Conflict, "This student is not taking invitations right now.")
	errTaskNotOpen        = apperr.New(apperr.Conflict, "This task is no longer open: it has ended, passed its deadline or been assigned.")
	errAlreadyInvited     = apperr.New(apperr.Conflict, "You have already invited this student to this task.")
	errInvitationExpired  = apperr.New(apperr.Conflict, "This invitation has expired: its task is no longer open to you.")
)

// answeredConflict refuses an answer to an invitation that already has one.
func answeredConflict(status string) error {
	return apperr.New(apperr.Conflict, fmt.Sprintf("This invitation was already %s.", status))
}

// InviteInput is a startup's invitation form.
type InviteInput struct {
	StudentID, Message string
}

// Invite asks a student to take one of the startup's open tasks. Another startup's task and an
// unknown, non-student or hidden student are not found alike; a student who takes no
// invitations, a task no longer open and a second invitation are 409. The limits are counted in
// the invite's transaction, under the startup's and the task's locks, so concurrent invites
// never pass them.
func (s *Invitations) Invite(ctx context.Context, startup *accounts.User, taskID string, in InviteInput) (*Invitation, error) {
	message := strings.TrimSpace(in.Message)
	var v apperr.Validator
	// An id is a UUID: anything longer names nobody, and is refused before any lookup.
	v.Check(strings.TrimSpace(in.StudentID) != "" && len(in.StudentID) <= 36, "studentId", "Choose a student to invite")
	v.Check(utf8.RuneCountInString(message) <= MaxInvitationMessageLen, "message",
		fmt.Sprintf("The message must be at most %d characters", MaxInvitationMessageLen))
	if err := v.Err(); err != nil {
		return nil, err
	}
	now := s.Clock()
	var (
		inv  *Invitation
		note notify.Notification
	)
	err := s.Store.InvitationsTx(ctx, func(tx InvitationTx) error {
		if err := tx.LockStartup(startup.ID); err != nil {
			return err
		}
		t, err := tx.LockTask(taskID)
		if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !tasks.CanManage(t, startup.ID)) {
			return errInviteTaskNotFound
		}
		if err != nil {
			return err
		}
		student, err := tx.User(in.StudentID)
		if apperr.CodeOf(err) == apperr.NotFound || (err == nil && (student.Type != accounts.Student || !student.Discoverable)) {
			return errInviteeNotFound
		}
		if err != nil {
			return err
		}
		if !student.AcceptsInvitations {
			return errNoInvitations
		}
		if !openFor(t, "", now) {
			return errTaskNotOpen
		}
		if err := s.checkLimits(tx, startup.ID, t.ID, now); err != nil {
			return err
		}
		inv = &Invitation{TaskID: t.ID, StartupID: startup.ID, StudentID: student.ID, Message: message,
			Status: InvitationPending, CreatedAt: now}
		if err := tx.CreateInvitation(inv); err != nil {
			if apperr.CodeOf(err) == apperr.Conflict {
				return errAlreadyInvited
			}
			return err
		}
		note = notify.Notification{UserID: student.ID, Kind: notify.KindInvitation, Link: StudentInvitationsLink,
			Message: fmt.Sprintf("%s invited you to %q.", startup.DisplayName(), t.Title)}
		return tx.CreateNotification(&note)
	})
	if err != nil {
		return nil, err
	}
	return s.announce(ctx, inv.ID, note, EventInvitationNew, inv.StudentID)
}

// checkLimits refuses an invite past the task's or the startup's day's limit.
func (s *Invitations) checkLimits(tx InvitationTx, startupID, taskID string, now time.Time) error {
	if s.PerTask > 0 {
		n, err := tx.TaskInvitationCount(taskID)
		if err != nil {
			return err
		}
		if n >= s.PerTask {
			return apperr.New(apperr.Throttled, fmt.Sprintf("A task can have at most %d invitations.", s.PerTask))
		}
	}
	if s.PerStartupDay > 0 {
		n, oldest, err := tx.StartupInvitationsSince(startupID, now.Add(-InvitationDay))
		if err != nil {
			return err
		}
		if n >= s.PerStartupDay {
			e := apperr.New(apperr.Throttled, fmt.Sprintf("You can send at most %d invitations a day: try again later.", s.PerStartupDay))
			e.RetryAfter = max(oldest.Add(InvitationDay).Sub(now), time.Second)
			return e
		}
	}
	return nil
}

// Accept answers yes to one of the student's pending invitations and assigns them: a task of one
// seat is then assigned to the student and leaves the open market for everyone else; a task of
// more seats stays open, the accepted invitation being the student's place. An invitation
// already answered or expired is 409, another student's not found.
func (s *Invitations) Accept(ctx context.Context, student *accounts.User, id string) (*Invitation, error) {
	return s.answer(ctx, student, id, InvitationAccepted, "")
}

// Decline answers no, with an optional reason the startup reads.
func (s *Invitations) Decline(ctx context.Context, student *accounts.User, id, reason string) (*Invitation, error) {
	reason = strings.TrimSpace(reason)
	if utf8.RuneCountInString(reason) > MaxDeclineReasonLen {
		return nil, apperr.Field("reason", fmt.Sprintf("The reason must be at most %d characters", MaxDeclineReasonLen))
	}
	return s.answer(ctx, student, id, InvitationDeclined, reason)
}

// answer moves the student's pending invitation to status in one transaction, the task locked
// first as every change to a task is (tasks.Tx.LockTask), so an accept and a decision that
// completes or assigns the task take turns: the one after sees what the other did.
func (s *Invitations) answer(ctx context.Context, student *accounts.User, id, status, reason string) (*Invitation, error) {
	now := s.Clock()
	var (
		note     notify.Notification
		assigned bool
		inv      *Invitation
	)
	err := s.Store.InvitationsTx(ctx, func(tx InvitationTx) error {
		found, err := tx.LockInvitation(id)
		if apperr.CodeOf(err) == apperr.NotFound || (err == nil && found.StudentID != student.ID) {
			return errInvitationNotFound
		}
		if err != nil {
			return err
		}
		inv = found
		t, err := tx.LockTask(inv.TaskID)
		if err != nil && apperr.CodeOf(err) != apperr.NotFound {
			return err
		}
		inv.Task = t
		switch inv.StatusAt(now) {
		case InvitationPending:
		case InvitationExpired:
			return errInvitationExpired
		default:
			return answeredConflict(inv.Status)
		}
		ok, err := tx.AnswerInvitation(inv.ID, status, reason, now)
		if err != nil {
			return err
		}
		if !ok {
			return answeredConflict("answered")
		}
		verb := "declined"
		if status == InvitationAccepted {
			verb = "accepted"
			if t.Seats <= tasks.DefaultSeats && t.AssignedStudentID == "" {
				if err := tx.AssignTask(t.ID, student.ID); err != nil {
					return err
				}
				assigned = true
			}
		}
		note = notify.Notification{UserID: inv.StartupID, Kind: notify.KindInvitation, Link: "/startup/tasks/" + t.ID,
			Message: fmt.Sprintf("%s %s your invitation to %q.", student.DisplayName(), verb, t.Title)}
		if reason != "" {
			note.Quote, note.QuoteAuthor = textcheck.Excerpt(reason, 300), student.DisplayName()
		}
		return tx.CreateNotification(&note)
	})
	if err != nil {
		return nil, err
	}
	answered, err := s.announce(ctx, inv.ID, note, EventInvitationAnswered, inv.StartupID)
	if err == nil && assigned {
		t := answered.Task
		s.Publisher.Publish(ctx, tasks.EventTaskUpdated, tasks.TaskUpdatedEvent{TaskID: t.ID, Status: t.Status,
			DisplayStatus: tasks.DisplayStatus(t.Status)}, t.StartupID, student.ID)
	}
	return answered, err
}

// announce reads the invitation just committed with its task and people, pushes its bell
// notification and publishes it as eventType to the user on the other side.
func (s *Invitations) announce(ctx context.Context, id string, note notify.Notification, eventType, to string) (*Invitation, error) {
	s.Notifier.Announce(ctx, note)
	inv, err := s.Store.Invitation(ctx, id)
	if err != nil {
		return nil, err
	}
	var data any = inv
	if s.Event != nil {
		data = s.Event(inv, s.Clock())
	}
	s.Publisher.Publish(ctx, eventType, data, to)
	return inv, nil
}

// TaskInvitations pages the invitations of one of the startup's tasks, newest first; another
// startup's task is not found.
func (s *Invitations) TaskInvitations(ctx context.Context, startupID, taskID string, offset, limit int) ([]Invitation, int, error) {
	owner, err := s.Store.TaskStartup(ctx, taskID)
	if apperr.CodeOf(err) == apperr.NotFound || (err == nil && owner != startupID) {
		return nil, 0, errInviteTaskNotFound
	}
	if err != nil {
		return nil, 0, err
	}
	return s.Store.TaskInvitations(ctx, taskID, offset, limit)
}

// StudentInvitations pages the student's invitations, newest first.
func (s *Invitations) StudentInvitations(ctx context.Context, studentID string, offset, limit int) ([]Invitation, int, error) {
	return s.Store.StudentInvitations(ctx, studentID, offset, limit)
}
