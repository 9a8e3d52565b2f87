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

type taskColumn = column[taskRow]

// taskColumns are taskRow's columns; SearchText and Listed, which only the conditions read, are
// left out.
var taskColumns = columnsOf(
	taskColumn{"tasks.id", func(r *taskRow) any { return &r.ID }},
	taskColumn{"tasks.startup_id", func(r *taskRow) any { return &r.StartupID }},
	taskColumn{"tasks.title", func(r *taskRow) any { return &r.Title }},
	taskColumn{"tasks.description", func(r *taskRow) any { return &r.Description }},
	taskColumn{"tasks.category", func(r *taskRow) any { return &r.Category }},
	taskColumn{"tasks.work_type", func(r *taskRow) any { return &r.WorkType }},
	taskColumn{"tasks.skills", func(r *taskRow) any { return &r.Skills }},
	taskColumn{"tasks.difficulty", func(r *taskRow) any { return &r.Difficulty }},
	taskColumn{"tasks.estimated_hours", func(r *taskRow) any { return &r.EstimatedHours }},
	taskColumn{"tasks.budget_min", func(r *taskRow) any { return &r.BudgetMin }},
	taskColumn{"tasks.budget_max", func(r *taskRow) any { return &r.BudgetMax }},
	taskColumn{"tasks.currency", func(r *taskRow) any { return &r.Currency }},
	taskColumn{"tasks.deadline", func(r *taskRow) any { return &r.Deadline }},
	taskColumn{"tasks.priority", func(r *taskRow) any { return &r.Priority }},
	taskColumn{"tasks.image_url", func(r *taskRow) any { return &r.ImageURL }},
	taskColumn{"tasks.attachments", func(r *taskRow) any { return &r.Attachments }},
	taskColumn{"tasks.assigned_student_id", func(r *taskRow) any { return &r.AssignedStudentID }},
	taskColumn{"tasks.revision_rounds", func(r *taskRow) any { return &r.RevisionRounds }},
	taskColumn{"tasks.seats", func(r *taskRow) any { return &r.Seats }},
	taskColumn{"tasks.seats_filled", func(r *taskRow) any { return &r.SeatsFilled }},
	taskColumn{"tasks.funding_status", func(r *taskRow) any { return &r.FundingStatus }},
	taskColumn{"tasks.funding_amount", func(r *taskRow) any { return &r.FundingAmount }},
	taskColumn{"tasks.funding_refunded", func(r *taskRow) any { return &r.FundingRefunded }},
	taskColumn{"tasks.status", func(r *taskRow) any { return &r.Status }},
	taskColumn{"tasks.completed_at", func(r *taskRow) any { return &r.CompletedAt }},
	taskColumn{"tasks.closed_reason", func(r *taskRow) any { return &r.ClosedReason }},
	taskColumn{"tasks.closed_at", func(r *taskRow) any { return &r.ClosedAt }},
	taskColumn{"tasks.created_at", func(r *taskRow) any { return &r.CreatedAt }},
	taskColumn{"tasks.updated_at", func(r *taskRow) any { return &r.UpdatedAt }},
)

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
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return writeTaskSkills(tx, t.ID, t.Skills)
	})
	if err != nil {
		return err
	}
	t.CreatedAt, t.UpdatedAt = row.CreatedAt, row.UpdatedAt
	return nil
}

func (s Tasks) Task(ctx context.Context, id string) (*tasks.Task, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, taskNotFound)
	}
	db := s.DB.WithContext(ctx)
	row, err := oneOf(db, sqlOf("SELECT "+taskColumns.list+" FROM tasks WHERE tasks.id = ?", id), taskColumns, taskNotFound)
	if err != nil {
		return nil, err
	}
	list, err := hydrate(db, []taskRow{row}, allSubmissions)
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
	return personWhere(s.DB.WithContext(ctx), whereOf("users.id = ? AND users.user_type = ?", id, userType))
}

// personWhere reads the one person w selects; apperr.NotFound when none.
func personWhere(db *gorm.DB, w where) (*tasks.Person, error) {
	row, err := oneOf(db, w.stmt("SELECT "+personColumns.list+" FROM users", nil, ""), personColumns, userNotFound)
	if err != nil {
		return nil, err
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

type personColumn = column[personRow]

// personColumns are personRow's columns. Some are nullable in the schema, though the store never
// writes NULL to them: COALESCE lets them scan into strings.
var personColumns = columnsOf(
	personColumn{"users.id", func(r *personRow) any { return &r.ID }},
	personColumn{"users.user_type", func(r *personRow) any { return &r.UserType }},
	personColumn{"COALESCE(users.first_name, '')", func(r *personRow) any { return &r.FirstName }},
	personColumn{"COALESCE(users.last_name, '')", func(r *personRow) any { return &r.LastName }},
	personColumn{"COALESCE(users.username, '')", func(r *personRow) any { return &r.Username }},
	personColumn{"users.email", func(r *personRow) any { return &r.Email }},
	personColumn{"COALESCE(users.company_name, '')", func(r *personRow) any { return &r.CompanyName }},
	personColumn{"COALESCE(users.profile_picture, '')", func(r *personRow) any { return &r.ProfilePicture }},
	personColumn{"users.verified_domain", func(r *personRow) any { return &r.VerifiedDomain }},
	personColumn{"users.pay_approved", func(r *personRow) any { return &r.PayApproved }},
	personColumn{"users.pay_paid", func(r *personRow) any { return &r.PayPaid }},
	personColumn{"users.pay_disputed", func(r *personRow) any { return &r.PayDisputed }},
	personColumn{"users.pay_median_days", func(r *personRow) any { return &r.PayMedianDays }},
)

func (r personRow) toDomain() *tasks.Person {
	return &tasks.Person{ID: r.ID, Type: accounts.UserType(r.UserType), FirstName: r.FirstName, LastName: r.LastName,
		Username: r.Username, Email: r.Email, CompanyName: r.CompanyName, Picture: r.ProfilePicture, VerifiedDomain: r.VerifiedDomain,
		PaymentRecord: accounts.PaymentRecord{Approved: r.PayApproved, Paid: r.PayPaid, Disputed: r.PayDisputed, MedianDaysToPay: r.PayMedianDays}}
}

// people reads every listed user in one query.
func people(db *gorm.DB, ids []string) (map[string]*tasks.Person, error) {
	return readNow(db, func(b *readBatch) func() map[string]*tasks.Person { return readPeople(b, ids) })
}

// readPeople is people queued on b: once b has run, who returns them by id.
func readPeople(b *readBatch, ids []string) (who func() map[string]*tasks.Person) {
	var rows []personRow
	if ids = unique(ids); len(ids) > 0 {
		read(b, whereOf(inList(b.db, "users.id", ids)).stmt("SELECT "+personColumns.list+" FROM users", nil, ""), personColumns, &rows)
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
	h := &hydration{w: w}
	list := h.of(&rows)
	if err := readInRounds(db, h.readSubmissions, h.readPeopleAndRevisions); err != nil {
		return nil, err
	}
	return list(), nil
}

// hydration is hydrate's two rounds (readInRounds) for one or more lists of tasks, for a caller
// that reads other statements beside each (the dashboards): of names a list, readSubmissions
// queues the first round, readPeopleAndRevisions the second, and each list's func then puts its
// tasks together.
type hydration struct {
	w         whose
	lists     []*[]taskRow
	subRows   []submissionRow
	who       func() map[string]*tasks.Person
	revisions func() map[string][]tasks.Revision
	// Put together by the first list's func, once the rounds have run.
	people map[string]*tasks.Person
	byTask map[string][]tasks.Submission
}

// of adds the list rows will hold once the reads before the first round have run: once the
// rounds have run, its func returns its tasks.
func (h *hydration) of(rows *[]taskRow) func() []tasks.Task {
	h.lists = append(h.lists, rows)
	return func() []tasks.Task { return h.tasks(*rows) }
}

func (h *hydration) readSubmissions(b *readBatch) {
	var ids []string
	for _, rows := range h.lists {
		for _, row := range *rows {
			ids = append(ids, row.ID)
		}
	}
	if len(ids) == 0 || !(h.w.all || h.w.student != "" || h.w.startup != "") {
		return
	}
	w := whereOf(inList(b.db, "submissions.task_id", unique(ids)))
	if h.w.student != "" {
		w = w.and("submissions.student_id = ?", h.w.student)
	}
	if h.w.startup != "" {
		w = w.and("submissions.startup_id = ?", h.w.startup)
	}
	read(b, w.stmt("SELECT "+submissionColumns.list+" FROM submissions", nil, ""), submissionColumns, &h.subRows)
}

func (h *hydration) readPeopleAndRevisions(b *readBatch) {
	var personIDs []string
	for _, rows := range h.lists {
		for _, row := range *rows {
			personIDs = append(personIDs, row.StartupID, row.AssignedStudentID)
		}
	}
	for _, row := range h.subRows {
		personIDs = append(personIDs, row.StudentID)
	}
	h.who, h.revisions = readPeople(b, personIDs), readRevisions(b, h.subRows)
}

// assemble puts the people and submissions read together, the submissions by task with their
// students and revisions.
func (h *hydration) assemble() {
	if h.people != nil {
		return
	}
	// Sorted here, not by an ORDER BY: no index gives this order across several tasks, and
	// SQLite built a temporary b-tree for it on every list (TestSQLitePlans_orderFromIndexes).
	slices.SortFunc(h.subRows, func(a, b submissionRow) int {
		return cmp.Or(a.SubmittedAt.Compare(b.SubmittedAt), strings.Compare(a.ID, b.ID))
	})
	revisions := h.revisions()
	h.people, h.byTask = h.who(), map[string][]tasks.Submission{}
	for _, row := range h.subRows {
		sub := row.toDomain()
		sub.Student, sub.Revisions = h.people[row.StudentID], revisions[row.ID]
		h.byTask[row.TaskID] = append(h.byTask[row.TaskID], sub)
	}
}

func (h *hydration) tasks(rows []taskRow) []tasks.Task {
	h.assemble()
	byTask, who := h.byTask, h.people
	out := make([]tasks.Task, 0, len(rows))
	for _, row := range rows {
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
