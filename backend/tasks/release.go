package tasks

import (
	"context"
	"fmt"
	"time"

	"bridgework/backend/apperr"
	"bridgework/backend/notify"
)

// The student's protection on a funded task assigned to them: the money is held, and a startup
// that neither decides nor asks for changes within ReviewWindow of the latest submission has it
// approved, and so paid, automatically, as its own approval. Both sides are warned ReviewWarning
// before. Only assigned tasks: on an open one the startup may rightly wait for better work.

// ReviewDue is a submission waiting for a decision on a funded task assigned to its student.
type ReviewDue struct {
	TaskID, TaskTitle, StartupID, StudentID, SubmissionID string
	Revision                                              int
	SubmittedAt                                           time.Time
	Warned                                                int // the revision whose release both sides were warned of
}

// ReleaseOverdue warns of and makes the automatic approvals due at the service's clock, and
// says how many it made. A decision racing it wins or loses as two decisions do (Apply).
func (s *Service) ReleaseOverdue(ctx context.Context) (released int, err error) {
	if s.Checkout == nil || s.ReviewWindow <= 0 {
		return 0, nil
	}
	now := s.now()
	due, err := s.Store.ReviewsDue(ctx, now.Add(-(s.ReviewWindow - s.ReviewWarning)))
	if err != nil {
		return 0, err
	}
	for _, d := range due {
		releaseAt := d.SubmittedAt.Add(s.ReviewWindow)
		if now.Before(releaseAt) {
			if d.Warned < d.Revision {
				if err := s.warnRelease(ctx, d, releaseAt); err != nil {
					return released, err
				}
			}
			continue
		}
		revision := d.Revision
		_, _, err := s.Apply(ctx, d.StartupID, d.TaskID, Decision{StudentID: d.StudentID, Action: ActionApprove,
			Revision: &revision, After: FillSeat, automatic: true})
		switch {
		case err == nil:
			released++
		case apperr.CodeOf(err) != apperr.Conflict:
			return released, err
		} // a conflict: decided or revised since it was read
	}
	return released, nil
}

// warnRelease tells both sides, once per revision, when its automatic approval will come.
func (s *Service) warnRelease(ctx context.Context, d ReviewDue, at time.Time) error {
	when := at.UTC().Format("2 January 2006, 15:04 UTC")
	var notes []notify.Notification
	err := s.Store.InTx(ctx, func(tx Tx) error {
		notes = nil
		if first, err := tx.WarnRelease(d.SubmissionID, d.Revision); err != nil || !first {
			return err
		}
		student, err := tx.Person(d.StudentID)
		if err != nil {
			return err
		}
		startup, err := tx.Person(d.StartupID)
		if err != nil {
			return err
		}
		notes = []notify.Notification{
			{UserID: d.StartupID, Kind: notify.KindSubmission, Link: "/startup/tasks/" + d.TaskID,
				Message: fmt.Sprintf("%s's work on %q is approved and paid automatically on %s unless you decide or ask for changes before.",
					student.Name(), d.TaskTitle, when)},
			{UserID: d.StudentID, Kind: notify.KindSubmission, Link: TaskPage(d.TaskID),
				Message: fmt.Sprintf("%s has until %s to decide on your work for %q; it is approved and paid automatically then.",
					startup.Name(), when, d.TaskTitle)},
		}
		for i := range notes {
			if err := tx.CreateNotification(&notes[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		s.Notifier.Announce(ctx, notes...)
	}
	return err
}
