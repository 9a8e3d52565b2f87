package tasks

import "net/url"

// TaskPage is the SPA's page of a task, /tasks/{id}: where a student's notifications about their
// work on it lead, so that the bell and the mails open the task itself, not a dashboard to
// search it on.
func TaskPage(taskID string) string { return "/tasks/" + url.PathEscape(taskID) }

// RevisionForm is the task's page with the revision form of the student's submission open and
// focused: where "changes were requested" leads. The page opens the form only while that
// submission awaits a revision.
func RevisionForm(taskID, submissionID string) string {
	return TaskPage(taskID) + "?revise=" + url.QueryEscape(submissionID)
}
