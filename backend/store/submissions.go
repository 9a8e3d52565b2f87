package store

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/certs"
	"bridgework/backend/notify"
	"bridgework/backend/payments"
	"bridgework/backend/tasks"
)

// submissionRow is a row of submissions; StartupID copies the task's owner so the startup's
// submissions list is one indexed query.
type submissionRow struct {
	ID          string
	TaskID      string
	StudentID   string
	StartupID   string
	Link        string
	Status      string
	ReviewNotes string
	Revision    int
	SubmittedAt time.Time
	UpdatedAt   time.Time
	ReviewedAt  *time.Time
}

func (submissionRow) TableName() string { return "submissions" }

type submissionColumn = column[submissionRow]

var submissionColumns = columnsOf(
	submissionColumn{"submissions.id", func(r *submissionRow) any { return &r.ID }},
	submissionColumn{"submissions.task_id", func(r *submissionRow) any { return &r.TaskID }},
	submissionColumn{"submissions.student_id", func(r *submissionRow) any { return &r.StudentID }},
	submissionColumn{"submissions.startup_id", func(r *submissionRow) any { return &r.StartupID }},
	submissionColumn{"submissions.link", func(r *submissionRow) any { return &r.Link }},
	submissionColumn{"submissions.status", func(r *submissionRow) any { return &r.Status }},
	submissionColumn{"submissions.review_notes", func(r *submissionRow) any { return &r.ReviewNotes }},
	submissionColumn{"submissions.revision", func(r *submissionRow) any { return &r.Revision }},
	submissionColumn{"submissions.submitted_at", func(r *submissionRow) any { return &r.SubmittedAt }},
	submissionColumn{"submissions.updated_at", func(r *submissionRow) any { return &r.UpdatedAt }},
	submissionColumn{"submissions.reviewed_at", func(r *submissionRow) any { return &r.ReviewedAt }},
)

func (r submissionRow) toDomain() tasks.Submission {
	return tasks.Submission{
		ID: r.ID, TaskID: r.TaskID, StudentID: r.StudentID, StartupID: r.StartupID,
		Link: r.Link, Status: r.Status, ReviewNotes: r.ReviewNotes, Revision: r.Revision,
		SubmittedAt: r.SubmittedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), ReviewedAt: utc(r.ReviewedAt),
	}
}

// revisionRow is one revision of a submission; the current one mirrors the submission's row.
type revisionRow struct {
	SubmissionID string `gorm:"primaryKey"`
	Revision     int    `gorm:"primaryKey;autoIncrement:false"`
	Link         string
	Status       string
	ReviewNotes  string
	SubmittedAt  time.Time
	ReviewedAt   *time.Time
}

func (revisionRow) TableName() string { return "submission_revisions" }

type revisionColumn = column[revisionRow]

var revisionColumns = columnsOf(
	revisionColumn{"submission_revisions.submission_id", func(r *revisionRow) any { return &r.SubmissionID }},
	revisionColumn{"submission_revisions.revision", func(r *revisionRow) any { return &r.Revision }},
	revisionColumn{"submission_revisions.link", func(r *revisionRow) any { return &r.Link }},
	revisionColumn{"submission_revisions.status", func(r *revisionRow) any { return &r.Status }},
	revisionColumn{"submission_revisions.review_notes", func(r *revisionRow) any { return &r.ReviewNotes }},
	revisionColumn{"submission_revisions.submitted_at", func(r *revisionRow) any { return &r.SubmittedAt }},
	revisionColumn{"submission_revisions.reviewed_at", func(r *revisionRow) any { return &r.ReviewedAt }},
)

func (r revisionRow) toDomain() tasks.Revision {
	return tasks.Revision{Revision: r.Revision, Link: r.Link, Status: r.Status, ReviewNotes: r.ReviewNotes,
		SubmittedAt: r.SubmittedAt.UTC(), ReviewedAt: utc(r.ReviewedAt)}
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// revisionsOf reads the revisions of the submissions, oldest first, by submission id. A
// submission's current revision is its own row: SubmitLink, SetSubmission and NextRevision write
// the two alike. So only the earlier revisions of the submissions past their first are read,
// and a list where none is (nearly all of them) runs no statement for revisions at all: it was a
// quarter of the startup's task list's time on SQLite.
func revisionsOf(db *gorm.DB, subs []submissionRow) (map[string][]tasks.Revision, error) {
	return readNow(db, func(b *readBatch) func() map[string][]tasks.Revision { return readRevisions(b, subs) })
}

// readRevisions is revisionsOf queued on b: once b has run, revisions returns them.
func readRevisions(b *readBatch, subs []submissionRow) (revisions func() map[string][]tasks.Revision) {
	current := map[string]int{} // a revised submission's id → its current revision
	for _, s := range subs {
		if s.Revision > 1 {
			current[s.ID] = s.Revision
		}
	}
	var rows []revisionRow
	if len(current) > 0 {
		read(b, revisionsQuery(b.db, slices.Collect(maps.Keys(current))), revisionColumns, &rows)
	}
	return func() map[string][]tasks.Revision {
		out := make(map[string][]tasks.Revision, len(subs))
		for _, r := range rows {
			if r.Revision < current[r.SubmissionID] {
				out[r.SubmissionID] = append(out[r.SubmissionID], r.toDomain())
			}
		}
		for _, s := range subs {
			out[s.ID] = append(out[s.ID], tasks.Revision{Revision: s.Revision, Link: s.Link, Status: s.Status,
				ReviewNotes: s.ReviewNotes, SubmittedAt: s.SubmittedAt.UTC(), ReviewedAt: utc(s.ReviewedAt)})
		}
		return out
	}
}

// revisionsQuery reads every revision of the submissions ids, each submission's in order.
func revisionsQuery(db *gorm.DB, ids []string) stmt {
	return whereOf(inList(db, "submission_revisions.submission_id", ids)).stmt("SELECT "+revisionColumns.list+" FROM submission_revisions", nil,
		" ORDER BY submission_revisions.submission_id, submission_revisions.revision")
}

const submissionNotFound = "Submission not found."

// StartupSubmissions pages the submissions to the startup's tasks, newest first, in two round
// trips: the count with the page, then their tasks, students and earlier revisions.
func (s Tasks) StartupSubmissions(ctx context.Context, startupID, status string, pageN, limit int) (tasks.Page[tasks.Submission], error) {
	db := s.DB.WithContext(ctx)
	pageN = max(pageN, 1)
	out := tasks.Page[tasks.Submission]{Page: pageN, PageSize: limit, Items: []tasks.Submission{}}
	base := whereOf("submissions.startup_id = ?", startupID)
	if status != "" {
		base = base.and("submissions.status = ?", status)
	}
	b := newReadBatch(db)
	readCount(b, base.stmt("SELECT COUNT(*) FROM submissions", nil, ""), &out.Total)
	var rows []submissionRow
	read(b, newestSubmissions(base, limit, (pageN-1)*limit), submissionColumns, &rows)
	if err := b.run(); err != nil || len(rows) == 0 {
		return out, err
	}
	items, err := readNow(db, func(b *readBatch) func() []tasks.Submission { return readSubmissionDetails(b, rows) })
	out.Items = items
	return out, err
}

// newestSubmissions reads limit of w's submissions from offset on, newest first, with every column.
func newestSubmissions(w where, limit, offset int) stmt {
	page, args := limitOffset(limit, offset)
	return w.stmt("SELECT "+submissionColumns.list+" FROM submissions", nil,
		" ORDER BY submissions.submitted_at DESC, submissions.id DESC"+page, args...)
}

// readSubmissionDetails queues on b the tasks, students and earlier revisions of the submissions
// rows: once b has run, items returns the submissions with them, in rows' order.
func readSubmissionDetails(b *readBatch, rows []submissionRow) (items func() []tasks.Submission) {
	var taskIDs, personIDs []string
	for _, row := range rows {
		taskIDs, personIDs = append(taskIDs, row.TaskID), append(personIDs, row.StudentID)
	}
	var taskRows []taskRow
	if len(rows) > 0 {
		read(b, whereOf(inList(b.db, "tasks.id", unique(taskIDs))).stmt("SELECT "+taskColumns.list+" FROM tasks", nil, ""), taskColumns, &taskRows)
	}
	whoDone, revisionsDone := readPeople(b, personIDs), readRevisions(b, rows)
	return func() []tasks.Submission {
		byID := map[string]*tasks.Task{}
		for _, row := range taskRows {
			byID[row.ID] = row.toDomain()
		}
		who, revisions := whoDone(), revisionsDone()
		out := make([]tasks.Submission, 0, len(rows))
		for _, row := range rows {
			sub := row.toDomain()
			sub.Student, sub.Task, sub.Revisions = who[row.StudentID], byID[row.TaskID], revisions[row.ID]
			out = append(out, sub)
		}
		return out
	}
}

// taskTx is the marketplace's work inside one transaction.
type taskTx struct {
	db       *gorm.DB
	auditKey audit.Key
}

func (t taskTx) LockTask(id string) (*tasks.Task, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, taskNotFound)
	}
	row, err := oneOf(t.db, sqlOf("SELECT "+taskColumns.list+" FROM tasks WHERE tasks.id = ?"+forUpdate(t.db), id), taskColumns, taskNotFound)
	if err != nil {
		return nil, err
	}
	return row.toDomain(), nil
}

func (t taskTx) Submission(taskID, studentID string) (*tasks.Submission, error) {
	row, err := oneOf(t.db, sqlOf("SELECT "+submissionColumns.list+" FROM submissions "+
		"WHERE submissions.task_id = ? AND submissions.student_id = ?", taskID, studentID), submissionColumns, submissionNotFound)
	if err != nil {
		return nil, err
	}
	sub := row.toDomain()
	revisions, err := revisionsOf(t.db, []submissionRow{row})
	sub.Revisions = revisions[row.ID]
	return &sub, err
}

func (t taskTx) CreateSubmission(s *tasks.Submission) error {
	now := time.Now().UTC()
	row := submissionRow{ID: NewID(), TaskID: s.TaskID, StudentID: s.StudentID, StartupID: s.StartupID,
		Link: s.Link, Status: s.Status, Revision: 1, SubmittedAt: now, UpdatedAt: now}
	err := t.db.Create(&row).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return apperr.New(apperr.Conflict, "You have already submitted to this task.")
	}
	if err != nil {
		return err
	}
	first := revisionRow{SubmissionID: row.ID, Revision: 1, Link: s.Link, Status: s.Status, SubmittedAt: now}
	if err := t.db.Create(&first).Error; err != nil {
		return err
	}
	s.ID, s.Revision, s.SubmittedAt, s.UpdatedAt = row.ID, 1, now, now
	s.Revisions = []tasks.Revision{first.toDomain()}
	return nil
}

// SetSubmission is a conditional update: it changes the row only while it is at that revision
// and its status is one of from, which is what makes concurrent decisions safe on both databases.
func (t taskTx) SetSubmission(id string, revision int, from []string, status, notes string) (bool, error) {
	now := time.Now().UTC()
	res := t.db.Model(&submissionRow{}).Where("id = ? AND revision = ? AND status IN ?", id, revision, from).
		Updates(map[string]any{"status": status, "reviewed_at": now, "review_notes": notes, "updated_at": now})
	if res.Error != nil || res.RowsAffected != 1 {
		return false, res.Error
	}
	if err := t.db.Model(&revisionRow{}).Where("submission_id = ? AND revision = ?", id, revision).
		Updates(map[string]any{"status": status, "reviewed_at": now, "review_notes": notes}).Error; err != nil {
		return false, err
	}
	return true, nil
}

func (t taskTx) NextRevision(id, from, link string) (bool, error) {
	revision, found, err := firstOf(t.db, sqlOf("SELECT submissions.revision FROM submissions WHERE submissions.id = ? AND submissions.status = ?",
		id, from), value[int]("submissions.revision"))
	if err != nil || !found {
		return false, err
	}
	now := time.Now().UTC()
	res := t.db.Model(&submissionRow{}).Where("id = ? AND status = ? AND revision = ?", id, from, revision).Updates(map[string]any{
		"status": tasks.Pending, "link": link, "revision": revision + 1, "review_notes": "",
		"submitted_at": now, "updated_at": now, "reviewed_at": nil,
	})
	if res.Error != nil || res.RowsAffected != 1 {
		return false, res.Error
	}
	if from == tasks.Pending {
		if err := t.db.Model(&revisionRow{}).Where("submission_id = ? AND revision = ?", id, revision).
			Update("status", tasks.Replaced).Error; err != nil {
			return false, err
		}
	}
	next := revisionRow{SubmissionID: id, Revision: revision + 1, Link: link, Status: tasks.Pending, SubmittedAt: now}
	return true, t.db.Create(&next).Error
}

func (t taskTx) CloseSubmissions(taskID string, from []string, notes string) ([]tasks.Submission, error) {
	rows, err := rowsOf(t.db, whereOf("submissions.task_id = ?", taskID).and(inList(t.db, "submissions.status", from)).
		stmt("SELECT "+submissionColumns.list+" FROM submissions", nil, " ORDER BY submissions.submitted_at, submissions.id"), submissionColumns)
	if err != nil {
		return nil, err
	}
	out := make([]tasks.Submission, 0, len(rows))
	for _, r := range rows {
		if _, err := t.SetSubmission(r.ID, r.Revision, from, tasks.Closed, notes); err != nil {
			return nil, err
		}
		out = append(out, r.toDomain())
	}
	return out, nil
}

func (t taskTx) CompleteTask(taskID, studentID string, at time.Time) (bool, error) {
	res := t.db.Model(&taskRow{}).Where("id = ? AND status NOT IN ?", taskID, endedStatuses).Updates(map[string]any{
		"status": tasks.StatusCompleted, "completed_at": at.UTC(), "assigned_student_id": studentID,
		"listed": false, "updated_at": time.Now().UTC(),
	})
	return res.RowsAffected == 1, res.Error
}

func (t taskTx) FillSeat(taskID string, addSeat bool) error {
	changes := map[string]any{"seats_filled": gorm.Expr("seats_filled + 1")}
	if addSeat {
		changes["seats"] = gorm.Expr("seats + 1")
	}
	return t.db.Model(&taskRow{}).Where("id = ?", taskID).Updates(changes).Error
}

func (t taskTx) OpenPayment(p *payments.Payment) error { return openPayment(t.db, p) }

// RefreshTaskStatus derives the task's status from its submissions: under-review while one is
// under review, submitted while one waits, else open. A task that has ended stays as it ended.
func (t taskTx) RefreshTaskStatus(taskID string) (string, error) {
	counts := statusCountsOf("submissions")
	rows, err := rowsOf(t.db, sqlOf("SELECT "+counts.list+" FROM submissions WHERE submissions.task_id = ? GROUP BY submissions.status", taskID), counts)
	if err != nil {
		return "", err
	}
	n := map[string]int{}
	for _, r := range rows {
		n[r.Status] = r.N
	}
	status := tasks.StatusOpen
	switch {
	case n[tasks.UnderReview] > 0, n[tasks.ChangesRequested] > 0:
		// Changes asked for keep the work in review until the next revision decides it.
		status = tasks.StatusUnderReview
	case n[tasks.Pending] > 0:
		status = tasks.StatusSubmitted
	}
	res := t.db.Model(&taskRow{}).Where("id = ? AND status NOT IN ?", taskID, endedStatuses).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return "", res.Error
	}
	if res.RowsAffected == 0 {
		ended, found, err := firstOf(t.db, sqlOf("SELECT tasks.status FROM tasks WHERE tasks.id = ?", taskID), value[string]("tasks.status"))
		if err == nil && !found {
			err = apperr.New(apperr.NotFound, taskNotFound)
		}
		return ended, err
	}
	return status, nil
}

func (t taskTx) Person(id string) (*tasks.Person, error) {
	return personWhere(t.db, whereOf("users.id = ?", id))
}

func (t taskTx) VerifySkills(studentID string, skills []string) error {
	keys := make([]string, 0, len(skills))
	for _, s := range skills {
		keys = append(keys, strings.ToLower(strings.TrimSpace(s)))
	}
	if len(keys) == 0 {
		return nil
	}
	res := t.db.Model(&skillRow{}).Where("user_id = ? AND name_key IN ?", studentID, keys).Update("is_verified", true)
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	// Every change to a user moves updated_at: Authenticate keeps a cached user only while it has not moved.
	return t.db.Model(&userRow{}).Where("id = ?", studentID).Update("updated_at", time.Now().UTC()).Error
}

func (t taskTx) CreateCertificate(c *certs.Certificate) error {
	c.ID = NewID()
	row := toCertificateRow(c)
	err := t.db.Create(&row).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return apperr.New(apperr.Conflict, "A certificate for this task was already issued.")
	}
	return err
}

func (t taskTx) CreateNotification(n *notify.Notification) error { return createNotification(t.db, n) }

func (t taskTx) Audit(e *audit.Entry) error { return appendAudit(t.db, t.auditKey, e) }
