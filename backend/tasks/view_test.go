package tasks

import (
	"testing"

	"bridgework/backend/accounts"
)

// Who may open a task's page (GET /api/tasks/:id), for every kind of task and viewer.
func TestCanView(t *testing.T) {
	const owner, other, asha, leo = "startup-1", "startup-2", "student-1", "student-2"
	listed := &Task{StartupID: owner, Status: StatusSubmitted}
	assigned := &Task{StartupID: owner, Status: StatusOpen, AssignedStudentID: asha}
	completed := &Task{StartupID: owner, Status: StatusCompleted, Submissions: []Submission{{StudentID: leo, Status: Approved}}}
	viewers := map[string]*accounts.User{
		"visitor":       nil,
		"owner":         {ID: owner, Type: accounts.Startup},
		"other startup": {ID: other, Type: accounts.Startup},
		"asha":          {ID: asha, Type: accounts.Student},
		"leo":           {ID: leo, Type: accounts.Student},
		"admin":         {ID: "admin-1", Type: accounts.Admin},
	}
	for _, tc := range []struct {
		name string
		task *Task
		may  []string
	}{
		{"listed", listed, []string{"visitor", "owner", "other startup", "asha", "leo", "admin"}},
		{"assigned to asha", assigned, []string{"owner", "asha", "admin"}},
		{"completed, leo submitted", completed, []string{"owner", "leo", "admin"}},
	} {
		allowed := map[string]bool{}
		for _, name := range tc.may {
			allowed[name] = true
		}
		for name, viewer := range viewers {
			if got := CanView(tc.task, viewer); got != allowed[name] {
				t.Errorf("%s, %s: CanView = %v, want %v", tc.name, name, got, allowed[name])
			}
		}
	}
}
