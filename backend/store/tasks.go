package store

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/money"
	"bridgework/backend/tasks"
)

// taskRow is a row of tasks. Skills and attachments are JSON text: they are only ever read with
// their task, and the search matches skills through SearchText.
type taskRow struct {
	ID                string
	StartupID         string
	Title             string
	Description       string
	Category          string
	WorkType          string
	Skills            string
	SearchText        string
	Difficulty        string
	EstimatedHours    float64
	BudgetMin         float64
	BudgetMax         float64
	Currency          string
	Deadline          time.Time
	Priority          string
	ImageURL          string `gorm:"column:image_url"`
	Attachments       string
	AssignedStudentID string
	RevisionRounds    int
	Seats             int
	SeatsFilled       int
	FundingStatus     string
	FundingAmount     int64
	FundingRefunded   int64
	Status            string
	Listed            bool
	CompletedAt       *time.Time
	ClosedReason      string
	ClosedAt          *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (taskRow) TableName() string { return "tasks" }

const taskNotFound = "Task not found."

// Tasks is the marketplace store: tasks, submissions, and the certificates and notifications
// that state changes write in the same transaction. AuditKey seals the entries its decisions
// put on the audit trail.
type Tasks struct {
	DB       *gorm.DB
	AuditKey audit.Key
}

func (s Tasks) CreateTask(ctx context.Context, t *tasks.Task) error {
	if t.ID == "" {
		t.ID = NewID()
	}
	row := toTaskRow(t)
	if err := s.DB.WithContext(ctx).Create(&row).Error; err != nil {
		return err
	}
	t.CreatedAt, t.UpdatedAt = row.CreatedAt, row.UpdatedAt
	return nil
}

func (s Tasks) Task(ctx context.Context, id string) (*tasks.Task, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, taskNotFound)
	}
	var row taskRow
	if err := s.DB.WithContext(ctx).Take(&row, "id = ?", id).Error; err != nil {
		return nil, translate(err, taskNotFound)
	}
	list, err := hydrate(s.DB.WithContext(ctx), []taskRow{row}, allSubmissions)
	if err != nil {
		return nil, err
	}
	return &list[0], nil
}

// UnlistPastDeadline reads the listed tasks by (listed, deadline), the open market's deadline index.
func (s Tasks) UnlistPastDeadline(ctx context.Context, cutoff time.Time) (int64, error) {
	res := s.DB.WithContext(ctx).Model(&taskRow{}).Where("listed = ? AND deadline <= ?", true, cutoff.UTC()).
		Updates(map[string]any{"listed": false, "updated_at": time.Now().UTC()})
	return res.RowsAffected, res.Error
}

func (s Tasks) Person(ctx context.Context, id, userType string) (*tasks.Person, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, userNotFound)
	}
	var row personRow
	err := s.DB.WithContext(ctx).Model(&userRow{}).Select(personColumns.of(s.DB)).
		Where("id = ? AND user_type = ?", id, userType).Take(&row).Error
	if err != nil {
		return nil, translate(err, userNotFound)
	}
	return row.toDomain(), nil
}

// InTx runs fn in a transaction on one connection; fn must use only the Tx it is given.
func (s Tasks) InTx(ctx context.Context, fn func(tx tasks.Tx) error) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return fn(taskTx{db: tx, auditKey: s.AuditKey}) })
}

// personRow is the part of a user that task views show.
type personRow struct {
	ID, UserType, FirstName, LastName, Username, Email, CompanyName, ProfilePicture, VerifiedDomain string
	PayApproved, PayPaid, PayDisputed                                                               int
	PayMedianDays                                                                                   *float64
}

// personColumns are personRow's columns as personFields scans them. Some are nullable in the
// schema, though the store never writes NULL to them: COALESCE lets them scan into strings.
var personColumns = newSelectList("id", "user_type", "COALESCE(first_name, '') AS first_name",
	"COALESCE(last_name, '') AS last_name", "COALESCE(username, '') AS username", "email",
	"COALESCE(company_name, '') AS company_name", "COALESCE(profile_picture, '') AS profile_picture", "verified_domain",
	"pay_approved", "pay_paid", "pay_disputed", "pay_median_days")

func personFields(r *personRow) []any {
	return []any{&r.ID, &r.UserType, &r.FirstName, &r.LastName, &r.Username, &r.Email, &r.CompanyName,
		&r.ProfilePicture, &r.VerifiedDomain, &r.PayApproved, &r.PayPaid, &r.PayDisputed, &r.PayMedianDays}
}

func (r personRow) toDomain() *tasks.Person {
	return &tasks.Person{ID: r.ID, Type: accounts.UserType(r.UserType), FirstName: r.FirstName, LastName: r.LastName,
		Username: r.Username, Email: r.Email, CompanyName: r.CompanyName, Picture: r.ProfilePicture, VerifiedDomain: r.VerifiedDomain,
		PaymentRecord: accounts.PaymentRecord{Approved: r.PayApproved, Paid: r.PayPaid, Disputed: r.PayDisputed, MedianDaysToPay: r.PayMedianDays}}
}

// people reads every listed user in one query.
func people(db *gorm.DB, ids []string) (map[string]*tasks.Person, error) {
	return readNow(db, func(r *reads) func() map[string]*tasks.Person { return readPeople(r, ids) })
}

// readPeople is people queued on r: once r has run, who returns them by id.
func readPeople(r *reads, ids []string) (who func() map[string]*tasks.Person) {
	var rows []personRow
	if ids = unique(ids); len(ids) > 0 {
		readInto(r, r.db.Model(&userRow{}).Select(personColumns.of(r.db)).Where(inList(r.db, "id", ids)), personFields, &rows)
	}
	return func() map[string]*tasks.Person {
		out := make(map[string]*tasks.Person, len(rows))
		for _, r := range rows {
			out[r.ID] = r.toDomain()
		}
		return out
	}
}

// whose selects the submissions hydrate attaches to tasks: all of them (the owner's view), one
// student's (a student's view), or none (the public list).
type whose struct {
	all     bool
	student string
	startup string // the submissions to this startup's tasks (a startup's view of the market)
}

var (
	allSubmissions = whose{all: true}
	noSubmissions  = whose{}
)

func submissionsOf(studentID string) whose { return whose{student: studentID} }

// hydrate turns rows into tasks with their people and submissions in at most two round trips,
// whatever the number of rows: the submissions, then their students' and the tasks' people with
// the submissions' earlier revisions.
func hydrate(db *gorm.DB, rows []taskRow, w whose) ([]tasks.Task, error) {
	h := &hydration{rows: rows, w: w}
	if err := readInRounds(db, h.readSubmissions, h.readPeopleAndRevisions); err != nil {
		return nil, err
	}
	return h.tasks(), nil
}

// hydration is hydrate's two rounds (readInRounds), for a caller that reads other statements
// beside each (the startup dashboard): readSubmissions queues the first, readPeopleAndRevisions
// the second, and tasks then puts the tasks together.
type hydration struct {
	rows      []taskRow
	w         whose
	subRows   []submissionRow
	who       func() map[string]*tasks.Person
	revisions func() map[string][]tasks.Revision
}

func (h *hydration) readSubmissions(r *reads) {
	if len(h.rows) == 0 || !(h.w.all || h.w.student != "" || h.w.startup != "") {
		return
	}
	ids := make([]string, len(h.rows))
	for i, row := range h.rows {
		ids[i] = row.ID
	}
	subs := r.db.Model(&submissionRow{}).Where(inList(r.db, "task_id", ids))
	if h.w.student != "" {
		subs = subs.Where("student_id = ?", h.w.student)
	}
	if h.w.startup != "" {
		subs = subs.Where("startup_id = ?", h.w.startup)
	}
	readInto(r, subs.Select(submissionColumns.of(r.db)), submissionFields, &h.subRows)
}

func (h *hydration) readPeopleAndRevisions(r *reads) {
	var personIDs []string
	for _, row := range h.rows {
		personIDs = append(personIDs, row.StartupID, row.AssignedStudentID)
	}
	for _, row := range h.subRows {
		personIDs = append(personIDs, row.StudentID)
	}
	h.who, h.revisions = readPeople(r, personIDs), readRevisions(r, h.subRows)
}

func (h *hydration) tasks() []tasks.Task {
	// Sorted here, not by an ORDER BY: no index gives this order across several tasks, and
	// SQLite built a temporary b-tree for it on every list (docs/performance.md,
	// "SQLite").
	slices.SortFunc(h.subRows, func(a, b submissionRow) int {
		return cmp.Or(a.SubmittedAt.Compare(b.SubmittedAt), strings.Compare(a.ID, b.ID))
	})
	who, revisions := h.who(), h.revisions()
	byTask := map[string][]tasks.Submission{}
	for _, row := range h.subRows {
		sub := row.toDomain()
		sub.Student, sub.Revisions = who[row.StudentID], revisions[row.ID]
		byTask[row.TaskID] = append(byTask[row.TaskID], sub)
	}
	out := make([]tasks.Task, 0, len(h.rows))
	for _, row := range h.rows {
		t := row.toDomain()
		t.Startup, t.AssignedStudent = who[row.StartupID], who[row.AssignedStudentID]
		t.Submissions = byTask[row.ID]
		if t.Submissions == nil {
			t.Submissions = []tasks.Submission{}
		}
		out = append(out, *t)
	}
	return out
}

func toTaskRow(t *tasks.Task) taskRow {
	skills, _ := json.Marshal(nonNil(t.Skills))
	type attachment struct {
		Name string `json:"name"`
		URL  string `json:"url"`
	}
	atts := make([]attachment, 0, len(t.Attachments))
	for _, a := range t.Attachments {
		atts = append(atts, attachment(a))
	}
	attJSON, _ := json.Marshal(atts)
	currency := t.Currency
	if currency == "" {
		currency = "USD" // the column's default: a task made without the form's validation
	}
	return taskRow{
		ID: t.ID, StartupID: t.StartupID, Title: t.Title, Description: t.Description,
		Category: t.Category, WorkType: t.WorkType, Skills: string(skills), SearchText: tasks.SearchText(t),
		Difficulty: t.Difficulty, EstimatedHours: t.EstimatedHours, BudgetMin: t.BudgetMin, BudgetMax: t.BudgetMax,
		Currency: currency, Deadline: t.Deadline.UTC(), Priority: t.Priority, ImageURL: t.ImageURL, Attachments: string(attJSON),
		AssignedStudentID: t.AssignedStudentID, RevisionRounds: t.RevisionRounds, Status: t.Status,
		Seats: max(t.Seats, tasks.DefaultSeats), SeatsFilled: t.SeatsFilled,
		FundingStatus: cmp.Or(t.Funding.Status, tasks.Unfunded), FundingAmount: int64(t.Funding.Amount),
		FundingRefunded: int64(t.Funding.Refunded),
		Listed:          !tasks.Ended(t) && t.AssignedStudentID == "",
		CompletedAt:     t.CompletedAt, ClosedReason: t.ClosedReason, ClosedAt: t.ClosedAt, CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt,
	}
}

func (r taskRow) toDomain() *tasks.Task {
	t := &tasks.Task{
		ID: r.ID, StartupID: r.StartupID, Title: r.Title, Description: r.Description,
		Category: r.Category, WorkType: r.WorkType, Difficulty: r.Difficulty,
		EstimatedHours: r.EstimatedHours, BudgetMin: r.BudgetMin, BudgetMax: r.BudgetMax,
		Currency: r.Currency, Deadline: r.Deadline.UTC(), Priority: r.Priority, ImageURL: r.ImageURL,
		AssignedStudentID: r.AssignedStudentID, RevisionRounds: r.RevisionRounds, Status: r.Status,
		Seats: r.Seats, SeatsFilled: r.SeatsFilled, ClosedReason: r.ClosedReason,
		Funding:   tasks.Funding{Status: r.FundingStatus, Amount: money.Amount(r.FundingAmount), Refunded: money.Amount(r.FundingRefunded)},
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}
	if r.CompletedAt != nil {
		at := r.CompletedAt.UTC()
		t.CompletedAt = &at
	}
	if r.ClosedAt != nil {
		at := r.ClosedAt.UTC()
		t.ClosedAt = &at
	}
	// Both columns are written only by toTaskRow, so they always hold valid JSON.
	_ = json.Unmarshal([]byte(r.Skills), &t.Skills)
	var atts []struct {
		Name string `json:"name"`
		URL  string `json:"url"`
	}
	_ = json.Unmarshal([]byte(r.Attachments), &atts)
	for _, a := range atts {
		t.Attachments = append(t.Attachments, tasks.Attachment{Name: a.Name, URL: a.URL})
	}
	return t
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
