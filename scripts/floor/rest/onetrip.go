package main

import (
	"context"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

// oneTrip answers each path with one statement in which PostgreSQL builds the whole JSON
// answer (json_build_object, json_agg), written out as it comes. Every statement takes the
// viewer's id as $1 and type as $2 (empty when signed out), which is what decides whose emails
// show (emailVisible) and whose submissions and statuses a task carries.
type oneTrip struct{}

// objectSQL is json_build_object(fields) with the keys of optional (jsonb_build_object's
// arguments) whose values are not null: the fields Bridgework leaves out when empty (omitempty).
// The object goes through jsonb only where some of them may be set (when), so that the common
// object stays plain json, written as it is built.
func objectSQL(fields, when, optional string) string {
	object := `json_build_object(` + fields + `)`
	return `CASE WHEN ` + when + ` THEN (` + object + `::jsonb || jsonb_strip_nulls(jsonb_build_object(` + optional + `)))::json
		ELSE ` + object + ` END`
}

// personSQL is toPerson of the users row u; a startup's payment record keeps its null median,
// which json_strip_nulls would take out, so it is added after.
const personSQL = `(jsonb_strip_nulls(jsonb_build_object('_id', u.id, 'id', u.id,
	'firstName', NULLIF(u.first_name, ''), 'lastName', NULLIF(u.last_name, ''), 'username', NULLIF(u.username, ''),
	'email', CASE WHEN $2::text <> '' AND (u.id = $1::text OR $2::text = 'admin' OR
		(u.user_type = 'student' AND $2::text = 'startup') OR u.user_type = 'startup') THEN NULLIF(u.email, '') END,
	'companyName', NULLIF(u.company_name, ''), 'logo', NULLIF(u.profile_picture, ''),
	'verifiedDomain', NULLIF(u.verified_domain, ''))) ||
	CASE WHEN u.user_type = 'startup' THEN jsonb_build_object('paymentRecord', jsonb_build_object('approved', u.pay_approved,
		'paid', u.pay_paid, 'disputed', u.pay_disputed, 'medianDaysToPay', u.pay_median_days::float8)) ELSE '{}' END)`

// submissionsSQL lists the submissions of tasks that pass filter, oldest first, with their
// revisions; approved work carries when its rating closes (ratings.ClosesAt), EditWindow written
// in hours: a day added to a timestamptz follows the session's time zone through daylight saving.
func submissionsSQL(filter string) string {
	submission := objectSQL(`'_id', s.id,
		'student', COALESCE((SELECT `+personSQL+` FROM users u WHERE u.id = s.student_id), jsonb_build_object('_id', s.student_id, 'id', s.student_id)),
		'link', s.link, 'status', s.status, 'submittedAt', s.submitted_at, 'reviewNotes', s.review_notes, 'revision', s.revision,
		'revisions', COALESCE((SELECT json_agg(json_build_object('revision', r.revision, 'link', r.link, 'status', r.status,
			'reviewNotes', r.review_notes, 'submittedAt', r.submitted_at, 'reviewedAt', r.reviewed_at) ORDER BY r.revision)
			FROM submission_revisions r WHERE r.submission_id = s.id), '[]')`,
		`s.status = 'approved' AND s.reviewed_at IS NOT NULL`, `'ratingClosesAt', s.reviewed_at + interval '336 hours'`)
	return `COALESCE((SELECT json_agg(` + submission + ` ORDER BY s.submitted_at, s.id)
		FROM submissions s WHERE s.task_id = tasks.id` + filter + `), '[]')`
}

// The status a task shows: displayStatus, or to a student studentStatus (their own submission's).
const (
	ownerStatusSQL   = `CASE WHEN tasks.status IN ('', 'submitted') THEN 'open' ELSE tasks.status END`
	studentStatusSQL = `COALESCE((SELECT CASE s.status WHEN 'approved' THEN 'completed' WHEN 'under-review' THEN 'under-review'
		WHEN 'rejected' THEN 'rejected' WHEN 'changes_requested' THEN 'changes_requested' WHEN 'closed' THEN 'closed' ELSE 'submitted' END
		FROM submissions s WHERE s.task_id = tasks.id AND s.student_id = $1::text ORDER BY s.submitted_at, s.id LIMIT 1),
		CASE WHEN tasks.status IN ('completed', 'closed') THEN tasks.status ELSE 'open' END)`
)

// taskFieldsSQL is a row of tasks as taskJSON, as json_build_object's arguments, less the keys
// of closedSQL; deadlinePassed is tasks.PastDeadline (DeadlineGrace).
func taskFieldsSQL(submissions, status string) string {
	return `'_id', tasks.id, 'title', tasks.title, 'description', tasks.description,
		'category', tasks.category, 'workType', tasks.work_type, 'skills', tasks.skills::json, 'difficulty', tasks.difficulty,
		'estimatedHours', tasks.estimated_hours, 'budget', json_build_object('min', tasks.budget_min, 'max', tasks.budget_max),
		'currency', tasks.currency, 'deadline', tasks.deadline, 'deadlinePassed', now() >= tasks.deadline + interval '36 hours',
		'priority', tasks.priority, 'imageUrl', tasks.image_url, 'attachments', tasks.attachments::json,
		'assignedStudent', (SELECT ` + personSQL + ` FROM users u WHERE u.id = tasks.assigned_student_id),
		'revisionRounds', tasks.revision_rounds, 'seats', tasks.seats, 'seatsFilled', tasks.seats_filled,
		'funding', json_build_object('status', tasks.funding_status, 'amount', tasks.funding_amount, 'currency', tasks.currency),
		'status', tasks.status, 'displayStatus', ` + status + `,
		'startup', (SELECT ` + personSQL + ` FROM users u WHERE u.id = tasks.startup_id),
		'submissions', ` + submissions + `, 'completedAt', tasks.completed_at, 'createdAt', tasks.created_at`
}

// closedSQL are the keys of a task its startup closed unfilled, left out when empty.
const closedSQL = `'closedReason', NULLIF(tasks.closed_reason, ''), 'closedAt', tasks.closed_at`

// taskSQL is a row of tasks as taskJSON.
func taskSQL(submissions, status string) string {
	return objectSQL(taskFieldsSQL(submissions, status), `tasks.closed_reason <> '' OR tasks.closed_at IS NOT NULL`, closedSQL)
}

// listSQL is the JSON array of the tasks rows that pass where, in order, at most limit.
func listSQL(task, where, order, limit string) string {
	return `COALESCE((SELECT json_agg(page.task ORDER BY page.n) FROM (SELECT ` + task + ` AS task,
		row_number() OVER (ORDER BY ` + order + `) AS n FROM tasks WHERE ` + where + ` ORDER BY ` + order + ` LIMIT ` + limit + `) AS page), '[]')`
}

var (
	startupTasksSQL = `SELECT (SELECT count(*) FROM tasks WHERE startup_id = $1::text),
		` + listSQL(taskSQL(submissionsSQL(""), ownerStatusSQL), "tasks.startup_id = $1::text",
		"tasks.created_at DESC, tasks.id DESC", "100")

	openTasksSQL = `SELECT (SELECT count(*) FROM (SELECT 1 FROM tasks WHERE tasks.listed = true LIMIT 121) AS capped),
		` + listSQL(taskSQL("'[]'::json", ownerStatusSQL), "tasks.listed = true",
		"tasks.deadline, tasks.id", "100")

	studentDashboardSQL = studentDashboard()
)

func studentDashboard() string {
	mine := strings.ReplaceAll(mineSQL, "$1", "$1::text")
	completedFor := strings.ReplaceAll(completedForSQL, "$1", "$1::text")
	decidedAgainst := strings.ReplaceAll(decidedAgainstSQL, "$1", "$1::text")
	available := strings.ReplaceAll(availableSQL, "$1", "$1::text")
	// The completed tasks' certificates show on every list the task is on (httpapi.studentDashboard):
	// every task goes through jsonb for it, with the keys of closedSQL.
	task := `(json_build_object(` + taskFieldsSQL(submissionsSQL(" AND s.student_id = $1::text"), studentStatusSQL) + `)::jsonb ||
		jsonb_strip_nulls(jsonb_build_object(` + closedSQL + `,
			'certificateId', (SELECT NULLIF(done.certificate_id, '') FROM done WHERE done.id = tasks.id))))`
	return `WITH done AS (SELECT tasks.id, certificates.id AS certificate_id, certificates.issued_at FROM tasks
			LEFT JOIN certificates ON certificates.task_id = tasks.id AND certificates.student_id = $1::text
			WHERE ` + mine + ` AND ` + completedFor + `
			ORDER BY certificates.issued_at DESC, tasks.id DESC LIMIT 3),
		counts AS (SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN ` + completedFor + ` THEN 1 ELSE 0 END), 0) AS completed,
			COALESCE(SUM(CASE WHEN ` + decidedAgainst + ` THEN 1 ELSE 0 END), 0) AS decided,
			(SELECT COUNT(*) FROM certificates WHERE student_id = $1::text) AS certificates
			FROM tasks WHERE ` + mine + `),
		available AS (SELECT count(*) AS n FROM (SELECT 1 FROM tasks WHERE ` + available + ` LIMIT 101) AS capped)
	SELECT json_build_object(
		'tasks', ` + listSQL(task, mine, "tasks.created_at DESC, tasks.id DESC", "100") + `,
		'stats', (SELECT json_build_object('activeTasks', total - completed - decided, 'completed', completed,
			'certificates', certificates) FROM counts),
		'activeTasks', ` + listSQL(task, mine+" AND NOT "+completedFor, "tasks.deadline, tasks.id", "12") + `,
		'availableTasks', json_build_object(
			'items', ` + listSQL(task, available, "tasks.deadline, tasks.id", "3") + `,
			'total', (SELECT LEAST(n, 100) FROM available), 'totalCapped', (SELECT n > 100 FROM available)),
		'recentlyCompleted', COALESCE((SELECT json_agg(` + task + ` ORDER BY done.issued_at DESC, tasks.id DESC)
			FROM done JOIN tasks ON tasks.id = done.id), '[]'),
		'startups', COALESCE((SELECT json_agg(` + personSQL + ` ORDER BY u.created_at DESC, u.id DESC) FROM
			(SELECT * FROM users WHERE user_type = 'startup' ORDER BY created_at DESC, id DESC LIMIT 8) AS u), '[]'))`
}

func (oneTrip) startupTasks(ctx context.Context, db *pgxpool.Pool, viewer *user, w http.ResponseWriter) error {
	var total int
	var body []byte
	if err := db.QueryRow(ctx, startupTasksSQL, viewer.ID, viewer.Type).Scan(&total, &body); err != nil {
		return err
	}
	setListHeaders(w, "/api/startup/tasks", total, true, false)
	_, err := w.Write(body)
	return err
}

func (oneTrip) openTasks(ctx context.Context, db *pgxpool.Pool, w http.ResponseWriter) error {
	var counted int
	var body []byte
	if err := db.QueryRow(ctx, openTasksSQL, "", "").Scan(&counted, &body); err != nil {
		return err
	}
	total, capped := min(counted, marketCountCap), counted > marketCountCap
	setListHeaders(w, "/api/tasks", total, !capped, total > pageSize)
	_, err := w.Write(body)
	return err
}

// studentDashboard splices the viewer's profile, which the authentication check read, into
// the object PostgreSQL built. Other users get the empty dashboard, as from statements.
func (oneTrip) studentDashboard(ctx context.Context, db *pgxpool.Pool, viewer *user, w http.ResponseWriter) error {
	if viewer.Type != "student" {
		return statements{}.studentDashboard(ctx, db, viewer, w)
	}
	var body []byte
	if err := db.QueryRow(ctx, studentDashboardSQL, viewer.ID, viewer.Type).Scan(&body); err != nil {
		return err
	}
	out := make([]byte, 0, len(body)+2*len(viewer.ProfileJSON)+32)
	out = append(out, `{"student":`...)
	out = append(out, viewer.ProfileJSON...)
	out = append(out, `,"user":`...)
	out = append(out, viewer.ProfileJSON...)
	out = append(out, ',')
	out = append(out, body[1:]...)
	_, err := w.Write(out)
	return err
}
