package matching

import (
	"testing"
	"time"

	"bridgework/backend/tasks"
)

// TestInvitation_StatusAt: a stored status as its readers see it, for every task state: only a
// pending invitation expires, and it does once its task cannot take the student any more.
func TestInvitation_StatusAt(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	const student = "student-1"
	taskStates := map[string]struct {
		task   tasks.Task
		expire bool
	}{
		"open":                     {tasks.Task{Status: tasks.StatusOpen, Deadline: now.AddDate(0, 0, 7)}, false},
		"under review":             {tasks.Task{Status: tasks.StatusUnderReview, Deadline: now.AddDate(0, 0, 7)}, false},
		"deadline today":           {tasks.Task{Status: tasks.StatusOpen, Deadline: now.Truncate(24 * time.Hour)}, false},
		"past its deadline":        {tasks.Task{Status: tasks.StatusOpen, Deadline: now.AddDate(0, 0, -2)}, true},
		"completed":                {tasks.Task{Status: tasks.StatusCompleted, Deadline: now.AddDate(0, 0, 7)}, true},
		"closed":                   {tasks.Task{Status: tasks.StatusClosed, Deadline: now.AddDate(0, 0, 7)}, true},
		"assigned to the student":  {tasks.Task{Status: tasks.StatusOpen, Deadline: now.AddDate(0, 0, 7), AssignedStudentID: student}, false},
		"assigned to someone else": {tasks.Task{Status: tasks.StatusOpen, Deadline: now.AddDate(0, 0, 7), AssignedStudentID: "student-2"}, true},
	}
	t.Run("task withdrawn", func(t *testing.T) {
		for stored, want := range map[string]string{InvitationPending: InvitationExpired, InvitationAccepted: InvitationAccepted,
			InvitationDeclined: InvitationDeclined} {
			if got := (&Invitation{StudentID: student, Status: stored}).StatusAt(now); got != want {
				t.Errorf("%s: %s, want %s", stored, got, want)
			}
		}
	})
	for name, state := range taskStates {
		for _, stored := range []string{InvitationPending, InvitationAccepted, InvitationDeclined} {
			t.Run(name+"/"+stored, func(t *testing.T) {
				task := state.task
				inv := Invitation{StudentID: student, Status: stored, Task: &task}
				want := stored
				if stored == InvitationPending && state.expire {
					want = InvitationExpired
				}
				if got := inv.StatusAt(now); got != want {
					t.Errorf("%s, want %s", got, want)
				}
			})
		}
	}
}
