package main

import (
	"cmp"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// statements answers with Bridgework's own statements (backend/store: task_lists.go, tasks.go,
// submissions.go), in its order, one round trip each where Bridgework sends those that do not
// depend on one another together (store.reads); only "IN (?, ?, …)" lists are written
// "= ANY($1)", so that one prepared statement serves every length.
type statements struct{ scan scanner }

const (
	pageSize        = 100 // httpapi.maxPerPage: the default page
	marketCountCap  = 120 // tasks.CountCap
	dashActive      = 12  // tasks.dashboardActive
	dashAvailable   = 3
	dashCompleted   = 3
	dashStartups    = 8
	dashAvailableTo = 100 // the dashboard counts available tasks up to this
)

// The student's tasks (store.mineSQL, whose assigned half states the partial index's condition
// so that PostgreSQL keeps one plan for every student) and the approved and decided-against tests
// (completedForSQL, decidedAgainstSQL), with the student as $1.
const (
	mineSQL           = "tasks.id = ANY(ARRAY(SELECT task_id FROM submissions WHERE student_id = $1 UNION SELECT id FROM tasks WHERE assigned_student_id = $1 AND assigned_student_id <> ''))"
	completedForSQL   = "EXISTS (SELECT 1 FROM submissions AS done WHERE done.task_id = tasks.id AND done.student_id = $1 AND done.status = 'approved')"
	decidedAgainstSQL = "EXISTS (SELECT 1 FROM submissions AS gone WHERE gone.task_id = tasks.id AND gone.student_id = $1 AND gone.status IN ('rejected', 'closed'))"
	availableSQL      = "tasks.listed = true AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = tasks.id AND s.student_id = $1)"
)

func (s statements) startupTasks(ctx context.Context, db *pgxpool.Pool, viewer *user, w http.ResponseWriter) error {
	counts, err := query[countRow](ctx, db, s.scan, `SELECT status, COUNT(*) AS n FROM tasks WHERE startup_id = $1 GROUP BY status`, viewer.ID)
	if err != nil {
		return err
	}
	total := 0
	for _, c := range counts {
		total += c.N
	}
	var rows []taskRow
	if total > 0 {
		rows, err = query[taskRow](ctx, db, s.scan, `SELECT `+taskColumns+` FROM tasks WHERE startup_id = $1 ORDER BY tasks.created_at DESC, tasks.id DESC LIMIT 100`, viewer.ID)
		if err != nil {
			return err
		}
	}
	items, err := s.hydrate(ctx, db, rows, viewer, whose{all: true})
	if err != nil {
		return err
	}
	setListHeaders(w, "/api/startup/tasks", total, true, false)
	return json.NewEncoder(w).Encode(items)
}

func (s statements) openTasks(ctx context.Context, db *pgxpool.Pool, w http.ResponseWriter) error {
	counted, err := query[countRow](ctx, db, s.scan, `SELECT count(*) AS n FROM (SELECT 1 FROM tasks WHERE tasks.listed = true LIMIT 121) AS capped`)
	if err != nil {
		return err
	}
	total, capped := min(counted[0].N, marketCountCap), counted[0].N > marketCountCap
	var rows []taskRow
	if total > 0 {
		rows, err = query[taskRow](ctx, db, s.scan, `SELECT `+taskColumns+` FROM tasks WHERE tasks.listed = true ORDER BY tasks.deadline, tasks.id LIMIT 100`)
		if err != nil {
			return err
		}
	}
	items, err := s.hydrate(ctx, db, rows, nil, whose{})
	if err != nil {
		return err
	}
	setListHeaders(w, "/api/tasks", total, !capped, total > pageSize)
	return json.NewEncoder(w).Encode(items)
}

func (s statements) studentDashboard(ctx context.Context, db *pgxpool.Pool, viewer *user, w http.ResponseWriter) error {
	out := studentDashboardJSON{Student: viewer.Profile, User: viewer.Profile, Tasks: []taskJSON{}, ActiveTasks: []taskJSON{},
		AvailableTasks: availableJSON{Items: []taskJSON{}}, RecentlyCompleted: []taskJSON{}, Startups: []personJSON{}}
	if viewer.Type != "student" {
		return json.NewEncoder(w).Encode(out)
	}
	counts, err := query[dashboardCounts](ctx, db, s.scan, `SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN `+completedForSQL+` THEN 1 ELSE 0 END), 0) AS completed, `+
		`COALESCE(SUM(CASE WHEN `+decidedAgainstSQL+` THEN 1 ELSE 0 END), 0) AS decided, `+
		`(SELECT COUNT(*) FROM certificates WHERE student_id = $1) AS certificates FROM tasks WHERE `+mineSQL, viewer.ID)
	if err != nil {
		return err
	}
	c := counts[0]
	out.Stats = studentStatsJSON{ActiveTasks: c.Total - c.Completed - c.Decided, Completed: c.Completed, Certificates: c.Certificates}

	active, err := query[taskRow](ctx, db, s.scan, `SELECT `+taskColumns+` FROM tasks WHERE `+mineSQL+` AND NOT `+completedForSQL+
		` ORDER BY tasks.deadline, tasks.id LIMIT 12`, viewer.ID)
	if err != nil {
		return err
	}
	done, err := query[taskRow](ctx, db, s.scan, `SELECT `+taskColumns+`, certificates.id AS certificate_id FROM tasks `+
		`LEFT JOIN certificates ON certificates.task_id = tasks.id AND certificates.student_id = $1 WHERE `+mineSQL+` AND `+completedForSQL+
		` ORDER BY certificates.issued_at DESC, tasks.id DESC LIMIT 3`, viewer.ID)
	if err != nil {
		return err
	}
	certificateOf := map[string]string{}
	for _, t := range done {
		if t.CertificateID != nil {
			certificateOf[t.ID] = *t.CertificateID
		}
	}
	available, err := query[countRow](ctx, db, s.scan, `SELECT count(*) AS n FROM (SELECT 1 FROM tasks WHERE `+availableSQL+` LIMIT 101) AS capped`, viewer.ID)
	if err != nil {
		return err
	}
	open, err := query[taskRow](ctx, db, s.scan, `SELECT `+taskColumns+` FROM tasks WHERE `+availableSQL+` ORDER BY tasks.deadline, tasks.id LIMIT 3`, viewer.ID)
	if err != nil {
		return err
	}
	startups, err := query[personRow](ctx, db, s.scan, `SELECT `+personColumns+` FROM users WHERE user_type = 'startup' ORDER BY created_at DESC, id DESC LIMIT 8`)
	if err != nil {
		return err
	}
	mine, err := query[taskRow](ctx, db, s.scan, `SELECT `+taskColumns+` FROM tasks WHERE `+mineSQL+` ORDER BY tasks.created_at DESC, tasks.id DESC LIMIT 100`, viewer.ID)
	if err != nil {
		return err
	}
	// One hydrate for the four lists, as Bridgework's (store.Tasks.StudentDashboard).
	all, err := s.hydrate(ctx, db, slices.Concat(active, done, open, mine), viewer, whose{student: viewer.ID})
	if err != nil {
		return err
	}
	out.ActiveTasks, all = all[:len(active)], all[len(active):]
	out.RecentlyCompleted, all = all[:len(done)], all[len(done):]
	out.AvailableTasks = availableJSON{Items: all[:len(open)],
		Total: min(available[0].N, dashAvailableTo), TotalCapped: available[0].N > dashAvailableTo}
	out.Tasks = all[len(open):]
	for _, p := range startups {
		out.Startups = append(out.Startups, *toPerson(&p, viewer))
	}
	for _, list := range [][]taskJSON{out.Tasks, out.ActiveTasks, out.AvailableTasks.Items, out.RecentlyCompleted} {
		for i := range list {
			list[i].CertificateID = certificateOf[list[i].ID]
		}
	}
	return json.NewEncoder(w).Encode(out)
}

// dashboardCounts is the student dashboard's first statement.
type dashboardCounts struct {
	Total        int `db:"total"`
	Completed    int `db:"completed"`
	Decided      int `db:"decided"`
	Certificates int `db:"certificates"`
}

// whose is which submissions come with the tasks: all (the owner's view), one student's, none.
type whose struct {
	all     bool
	student string
}

// hydrate is store.hydrate and httpapi.toTaskJSON: the tasks' submissions, their revisions and
// the people named, in at most three statements.
func (s statements) hydrate(ctx context.Context, db *pgxpool.Pool, rows []taskRow, viewer *user, w whose) ([]taskJSON, error) {
	out := make([]taskJSON, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	var subs []submissionRow
	var err error
	switch {
	case w.all:
		subs, err = query[submissionRow](ctx, db, s.scan, `SELECT `+submissionColumns+` FROM submissions WHERE task_id = ANY($1)`, ids)
	case w.student != "":
		subs, err = query[submissionRow](ctx, db, s.scan, `SELECT `+submissionColumns+` FROM submissions WHERE task_id = ANY($1) AND student_id = $2`, ids, w.student)
	}
	if err != nil {
		return nil, err
	}
	// Sorted here as Bridgework's hydrate does (backend/store/tasks.go).
	slices.SortFunc(subs, func(a, b submissionRow) int {
		return cmp.Or(a.SubmittedAt.Compare(b.SubmittedAt), strings.Compare(a.ID, b.ID))
	})
	personIDs := make([]string, 0, 2*len(rows)+len(subs))
	for _, r := range rows {
		personIDs = append(personIDs, r.StartupID, r.AssignedStudentID)
	}
	current := map[string]int{} // a revised submission's id → its current revision
	for _, r := range subs {
		personIDs = append(personIDs, r.StudentID)
		if r.Revision > 1 {
			current[r.ID] = r.Revision
		}
	}
	people, err := query[personRow](ctx, db, s.scan, `SELECT `+personColumns+` FROM users WHERE id = ANY($1)`, unique(personIDs))
	if err != nil {
		return nil, err
	}
	who := make(map[string]*personRow, len(people))
	for i := range people {
		who[people[i].ID] = &people[i]
	}
	// As store.revisionsOf: a submission's current revision is its own row, the table is read
	// only for the earlier revisions of those past their first.
	revisions := map[string][]revisionJSON{}
	if len(current) > 0 {
		revs, err := query[revisionRow](ctx, db, s.scan, `SELECT `+revisionColumns+` FROM submission_revisions WHERE submission_id = ANY($1) ORDER BY submission_id, revision`,
			slices.Collect(maps.Keys(current)))
		if err != nil {
			return nil, err
		}
		for _, r := range revs {
			if r.Revision < current[r.SubmissionID] {
				revisions[r.SubmissionID] = append(revisions[r.SubmissionID], revisionJSON{Revision: r.Revision, Link: r.Link,
					Status: r.Status, ReviewNotes: r.ReviewNotes, SubmittedAt: r.SubmittedAt.UTC(), ReviewedAt: utc(r.ReviewedAt)})
			}
		}
	}
	byTask := map[string][]submissionRow{}
	for _, r := range subs {
		byTask[r.TaskID] = append(byTask[r.TaskID], r)
	}
	now := time.Now()
	for _, r := range rows {
		t := taskJSON{ID: r.ID, Title: r.Title, Description: r.Description, Category: r.Category, WorkType: r.WorkType,
			Difficulty: r.Difficulty, EstimatedHours: r.EstimatedHours, Budget: budgetJSON{Min: r.BudgetMin, Max: r.BudgetMax},
			Currency: r.Currency, Deadline: r.Deadline.UTC(), DeadlinePassed: pastDeadline(r.Deadline, now),
			Priority: r.Priority, ImageURL: r.ImageURL, Attachments: []attachmentJSON{}, RevisionRounds: r.RevisionRounds,
			Seats: r.Seats, SeatsFilled: r.SeatsFilled, Status: r.Status, DisplayStatus: displayStatus(r.Status),
			Funding: fundingJSON{Status: r.FundingStatus, Amount: r.FundingAmount, Currency: r.Currency}, Startup: toPerson(who[r.StartupID], viewer),
			AssignedStudent: toPerson(who[r.AssignedStudentID], viewer), Submissions: []submissionJSON{},
			CompletedAt: utc(r.CompletedAt), ClosedReason: r.ClosedReason, ClosedAt: utc(r.ClosedAt),
			CreatedAt: r.CreatedAt.UTC()}
		_ = json.Unmarshal([]byte(r.Skills), &t.Skills)
		if t.Skills == nil {
			t.Skills = []string{}
		}
		_ = json.Unmarshal([]byte(r.Attachments), &t.Attachments)
		if t.Attachments == nil {
			t.Attachments = []attachmentJSON{}
		}
		if viewer != nil && viewer.Type == "student" {
			t.DisplayStatus = studentStatus(&t, byTask[r.ID], viewer.ID)
		}
		for _, sub := range byTask[r.ID] {
			student := toPerson(who[sub.StudentID], viewer)
			if student == nil {
				student = &personJSON{ID: sub.StudentID, IDAlias: sub.StudentID}
			}
			revs := append(revisions[sub.ID], revisionJSON{Revision: sub.Revision, Link: sub.Link, Status: sub.Status,
				ReviewNotes: sub.ReviewNotes, SubmittedAt: sub.SubmittedAt.UTC(), ReviewedAt: utc(sub.ReviewedAt)})
			j := submissionJSON{ID: sub.ID, Student: student, Link: sub.Link,
				Status: sub.Status, SubmittedAt: sub.SubmittedAt.UTC(), ReviewNotes: sub.ReviewNotes,
				Revision: sub.Revision, Revisions: revs}
			if sub.Status == "approved" && sub.ReviewedAt != nil {
				closes := sub.ReviewedAt.UTC().Add(ratingWindow)
				j.RatingClosesAt = &closes
			}
			t.Submissions = append(t.Submissions, j)
		}
		out = append(out, t)
	}
	return out, nil
}

// toPerson is httpapi.toPersonJSON with profiles.ShowPerson: nil for nobody, the email only
// where the viewer may see it, a startup's payment record.
func toPerson(p *personRow, viewer *user) *personJSON {
	if p == nil {
		return nil
	}
	out := &personJSON{ID: p.ID, IDAlias: p.ID, FirstName: p.FirstName, LastName: p.LastName, Username: p.Username,
		CompanyName: p.CompanyName, Logo: p.ProfilePicture, VerifiedDomain: p.VerifiedDomain}
	if emailVisible(viewer, p.ID, p.UserType) {
		out.Email = p.Email
	}
	if p.UserType == "startup" {
		out.PaymentRecord = &paymentRecordJSON{Approved: p.PayApproved, Paid: p.PayPaid, Disputed: p.PayDisputed,
			MedianDaysToPay: p.PayMedianDays}
	}
	return out
}

// pastDeadline is tasks.PastDeadline.
func pastDeadline(deadline, now time.Time) bool {
	return !deadline.IsZero() && !now.Before(deadline.Add(deadlineGrace))
}

// setListHeaders writes httpapi.writeList's headers for the first page of a list.
func setListHeaders(w http.ResponseWriter, path string, total int, counted, more bool) {
	link := func(page int, rel string) string {
		return "<" + path + "?page=" + strconv.Itoa(page) + "&per_page=100>; rel=\"" + rel + "\""
	}
	last := max(1, (total+pageSize-1)/pageSize)
	if counted {
		more = last > 1
		w.Header().Set("X-Total-Count", strconv.Itoa(total))
	}
	links := []string{link(1, "first")}
	if more {
		links = append(links, link(2, "next"))
	}
	if counted {
		links = append(links, link(last, "last"))
	}
	w.Header().Set("Link", strings.Join(links, ", "))
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func unique(ids []string) []string {
	seen := map[string]bool{}
	out := ids[:0:0]
	for _, id := range ids {
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
