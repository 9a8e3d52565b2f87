package profiles

import (
	"context"

	"bridgework/backend/accounts"
	"bridgework/backend/tasks"
)

// Work is the part of the marketplace a student's profile shows: the tasks they submitted to.
type Work interface {
	TasksOfStudent(ctx context.Context, studentID string, q tasks.Query) (tasks.Page[tasks.Task], error)
}

// PastSubmissionsShown bounds the Past Submissions list of a profile, newest first.
const PastSubmissionsShown = 50

// PastSubmission is one link a student submitted, with the task it was for.
type PastSubmission struct {
	tasks.Submission
	TaskTitle, TaskStatus string
	Startup               *tasks.Person
}

// CanSeeSubmission: a startup sees what a student submitted to its own tasks, and work that was
// approved anywhere (the public record certificates also show). Other startups' pending or
// rejected submissions stay between the student and that startup.
func CanSeeSubmission(viewer *accounts.User, t *tasks.Task, sub tasks.Submission) bool {
	return t.StartupID == viewer.ID || sub.Status == tasks.Approved
}

// StudentWithWork is the student profile view of a startup: the student and the past
// submissions this startup may see.
func (s *Service) StudentWithWork(ctx context.Context, viewer *accounts.User, id string) (*accounts.User, []PastSubmission, error) {
	student, err := s.Student(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	page, err := s.Work.TasksOfStudent(ctx, id, tasks.Query{Sort: "newest", Limit: PastSubmissionsShown})
	if err != nil {
		return nil, nil, err
	}
	past := []PastSubmission{}
	for i := range page.Items {
		t := &page.Items[i]
		for _, sub := range t.Submissions {
			if sub.StudentID == id && CanSeeSubmission(viewer, t, sub) {
				past = append(past, PastSubmission{Submission: sub, TaskTitle: t.Title, TaskStatus: t.Status, Startup: t.Startup})
			}
		}
	}
	return student, past, nil
}
