package admin

import (
	"context"
	"time"

	"bridgework/backend/tasks"
)

// ActivityWeeks is how many weeks the dashboard's chart covers, this one included.
const ActivityWeeks = 12

// WeekActivity is what happened in one week, Monday 00:00 UTC to the next Monday.
type WeekActivity struct {
	Week                               time.Time
	Signups, Submissions, Certificates int64
}

// Activity is the admin dashboard's figures: per week (oldest first, this week last), the
// submissions by status, and the tasks open now.
type Activity struct {
	Weeks               []WeekActivity
	SubmissionsByStatus map[string]int64
	OpenTasks           int64
}

// ThisWeek is the last week of a, the one under way.
func (a Activity) ThisWeek() WeekActivity {
	if len(a.Weeks) == 0 {
		return WeekActivity{}
	}
	return a.Weeks[len(a.Weeks)-1]
}

// SubmissionStatuses are every status a submission can have, in the order of its life; the
// activity names each one, with zero when none has it.
var SubmissionStatuses = []string{tasks.Pending, tasks.UnderReview, tasks.ChangesRequested, tasks.Approved,
	tasks.Rejected, tasks.Closed}

// WeekStart is the Monday 00:00 UTC that begins t's week.
func WeekStart(t time.Time) time.Time {
	t = t.UTC()
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
}

// Weeks are the starts of the n weeks ending with now's, oldest first.
func Weeks(now time.Time, n int) []time.Time {
	last := WeekStart(now)
	out := make([]time.Time, n)
	for i := range out {
		out[i] = last.AddDate(0, 0, -7*(n-1-i))
	}
	return out
}

// Activity counts sign-ups, submissions and certificates over the last ActivityWeeks weeks,
// the submissions by status and the open tasks.
func (s *Service) Activity(ctx context.Context) (Activity, error) {
	a, err := s.Store.Activity(ctx, Weeks(s.now(), ActivityWeeks))
	if err != nil {
		return Activity{}, err
	}
	byStatus := make(map[string]int64, len(SubmissionStatuses))
	for _, st := range SubmissionStatuses {
		byStatus[st] = a.SubmissionsByStatus[st]
	}
	a.SubmissionsByStatus = byStatus
	return a, nil
}
