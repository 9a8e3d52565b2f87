package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Rows of Bridgework's tables as its store reads them, with its column lists (taskColumns,
// submissionColumns, revisionColumns, personColumns in backend/store).

type taskRow struct {
	ID                string     `db:"id"`
	StartupID         string     `db:"startup_id"`
	Title             string     `db:"title"`
	Description       string     `db:"description"`
	Category          string     `db:"category"`
	WorkType          string     `db:"work_type"`
	Skills            string     `db:"skills"`
	Difficulty        string     `db:"difficulty"`
	EstimatedHours    float64    `db:"estimated_hours"`
	BudgetMin         float64    `db:"budget_min"`
	BudgetMax         float64    `db:"budget_max"`
	Currency          string     `db:"currency"`
	Deadline          time.Time  `db:"deadline"`
	Priority          string     `db:"priority"`
	ImageURL          string     `db:"image_url"`
	Attachments       string     `db:"attachments"`
	AssignedStudentID string     `db:"assigned_student_id"`
	RevisionRounds    int        `db:"revision_rounds"`
	Seats             int        `db:"seats"`
	SeatsFilled       int        `db:"seats_filled"`
	FundingStatus     string     `db:"funding_status"`
	FundingAmount     int64      `db:"funding_amount"`
	FundingRefunded   int64      `db:"funding_refunded"`
	Status            string     `db:"status"`
	CompletedAt       *time.Time `db:"completed_at"`
	ClosedReason      string     `db:"closed_reason"`
	ClosedAt          *time.Time `db:"closed_at"`
	CreatedAt         time.Time  `db:"created_at"`
	UpdatedAt         time.Time  `db:"updated_at"`
	// CertificateID is only in the student dashboard's completed list.
	CertificateID *string `db:"certificate_id"`
}

const taskColumns = "tasks.id, tasks.startup_id, tasks.title, tasks.description, tasks.category, tasks.work_type, " +
	"tasks.skills, tasks.difficulty, tasks.estimated_hours, tasks.budget_min, tasks.budget_max, tasks.currency, " +
	"tasks.deadline, tasks.priority, tasks.image_url, tasks.attachments, tasks.assigned_student_id, tasks.revision_rounds, " +
	"tasks.seats, tasks.seats_filled, tasks.funding_status, tasks.funding_amount, tasks.funding_refunded, tasks.status, " +
	"tasks.completed_at, tasks.closed_reason, tasks.closed_at, tasks.created_at, tasks.updated_at"

type submissionRow struct {
	ID          string     `db:"id"`
	TaskID      string     `db:"task_id"`
	StudentID   string     `db:"student_id"`
	StartupID   string     `db:"startup_id"`
	Link        string     `db:"link"`
	Status      string     `db:"status"`
	ReviewNotes string     `db:"review_notes"`
	SubmittedAt time.Time  `db:"submitted_at"`
	UpdatedAt   time.Time  `db:"updated_at"`
	ReviewedAt  *time.Time `db:"reviewed_at"`
	Revision    int        `db:"revision"`
}

const submissionColumns = "submissions.id, submissions.task_id, submissions.student_id, submissions.startup_id, " +
	"submissions.link, submissions.status, submissions.review_notes, submissions.revision, submissions.submitted_at, " +
	"submissions.updated_at, submissions.reviewed_at"

type revisionRow struct {
	SubmissionID string     `db:"submission_id"`
	Revision     int        `db:"revision"`
	Link         string     `db:"link"`
	Status       string     `db:"status"`
	ReviewNotes  string     `db:"review_notes"`
	SubmittedAt  time.Time  `db:"submitted_at"`
	ReviewedAt   *time.Time `db:"reviewed_at"`
}

const revisionColumns = "submission_id, revision, link, status, review_notes, submitted_at, reviewed_at"

type personRow struct {
	ID             string   `db:"id"`
	UserType       string   `db:"user_type"`
	FirstName      string   `db:"first_name"`
	LastName       string   `db:"last_name"`
	Username       string   `db:"username"`
	Email          string   `db:"email"`
	CompanyName    string   `db:"company_name"`
	ProfilePicture string   `db:"profile_picture"`
	VerifiedDomain string   `db:"verified_domain"`
	PayApproved    int      `db:"pay_approved"`
	PayPaid        int      `db:"pay_paid"`
	PayDisputed    int      `db:"pay_disputed"`
	PayMedianDays  *float64 `db:"pay_median_days"`
}

// personColumns: some columns are nullable in the schema, though nothing writes NULL to them;
// COALESCE lets them scan into strings, as Bridgework's do.
const personColumns = "id, user_type, COALESCE(first_name, '') AS first_name, COALESCE(last_name, '') AS last_name, " +
	"COALESCE(username, '') AS username, email, COALESCE(company_name, '') AS company_name, " +
	"COALESCE(profile_picture, '') AS profile_picture, verified_domain, pay_approved, pay_paid, pay_disputed, pay_median_days"

// scanner reads every row of a query into Ts: by struct field names, or through a map per row.
type scanner func(rows pgx.Rows, into any) error

// query runs sql and reads its rows with scan.
func query[T any](ctx context.Context, db *pgxpool.Pool, scan scanner, sql string, args ...any) ([]T, error) {
	rows, err := db.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	var out []T
	err = scan(rows, &out)
	return out, err
}

func structScan(rows pgx.Rows, into any) error {
	switch out := into.(type) {
	case *[]taskRow:
		return collect(rows, out)
	case *[]submissionRow:
		return collect(rows, out)
	case *[]revisionRow:
		return collect(rows, out)
	case *[]personRow:
		return collect(rows, out)
	case *[]countRow:
		return collect(rows, out)
	case *[]dashboardCounts:
		return collect(rows, out)
	}
	return errors.New("no struct scan for this type")
}

func collect[T any](rows pgx.Rows, out *[]T) error {
	var err error
	*out, err = pgx.CollectRows(rows, pgx.RowToStructByNameLax[T])
	return err
}

// mapScan reads each row as a map, as a generic data layer would, then copies it into the
// row type by column name, through reflection.
func mapScan(rows pgx.Rows, into any) error {
	maps, err := pgx.CollectRows(rows, pgx.RowToMap)
	if err != nil {
		return err
	}
	out := reflect.ValueOf(into).Elem()
	rowType := out.Type().Elem()
	fields := map[string]int{}
	for i := range rowType.NumField() {
		fields[rowType.Field(i).Tag.Get("db")] = i
	}
	for _, m := range maps {
		row := reflect.New(rowType).Elem()
		for column, value := range m {
			i, ok := fields[column]
			if !ok || value == nil {
				continue
			}
			if err := assign(row.Field(i), value); err != nil {
				return fmt.Errorf("%s: %w", column, err)
			}
		}
		out.Set(reflect.Append(out, row))
	}
	return nil
}

func assign(field reflect.Value, value any) error {
	if n, ok := value.(pgtype.Numeric); ok {
		f, err := n.Float64Value()
		if err != nil {
			return err
		}
		value = f.Float64
	}
	v := reflect.ValueOf(value)
	if field.Kind() == reflect.Pointer {
		p := reflect.New(field.Type().Elem())
		p.Elem().Set(v.Convert(field.Type().Elem()))
		field.Set(p)
		return nil
	}
	field.Set(v.Convert(field.Type()))
	return nil
}

// countRow is one counted row: a group's status and count, or a single count.
type countRow struct {
	Status string `db:"status"`
	N      int    `db:"n"`
}

// readUser reads a user and their skills (Bridgework's UserByID: the row, then the preload).
func readUser(ctx context.Context, db *pgxpool.Pool, id string) (*user, error) {
	var (
		u                   user
		p                   profileJSON
		pay                 paymentRecordJSON
		median              *float32 // a REAL, widened as Bridgework's binary read widens it
		experience, project string
	)
	err := db.QueryRow(ctx, `SELECT id, user_type, is_verified, email, token_version, first_name, last_name, username,
		company_name, company_description, company_size, industry, tier, website, verified_domain, verified_at,
		pay_approved, pay_paid, pay_disputed, pay_median_days, phone, college, institute, college_email, bio, headline,
		summary, profile_picture, resume, experience, projects, created_at
		FROM users WHERE id = $1 LIMIT 1`, id).Scan(&p.ID, &p.UserType, &p.IsVerified, &p.Email, &u.TokenVersion,
		&p.FirstName, &p.LastName, &p.Username, &p.CompanyName, &p.CompanyDescription, &p.CompanySize, &p.Industry,
		&p.Tier, &p.Website, &p.VerifiedDomain, &p.VerifiedAt, &pay.Approved, &pay.Paid, &pay.Disputed, &median,
		&p.Phone, &p.College, &p.Institute, &p.CollegeEmail, &p.Bio, &p.Headline, &p.Summary, &p.ProfilePicture, &p.Resume,
		&experience, &project, &p.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rows, err := db.Query(ctx, `SELECT name, level, is_verified FROM user_skills WHERE user_id = $1 ORDER BY position`, id)
	if err != nil {
		return nil, err
	}
	p.Skills, err = pgx.CollectRows(rows, pgx.RowToStructByPos[skillJSON])
	if err != nil {
		return nil, err
	}
	// Experience and projects are stored as Go's default JSON of accounts.Experience and
	// accounts.Project (capitalised names), shown with the API's names.
	var exps []struct {
		Title, Company, Description, StartDate, EndDate string
		IsCurrent                                       bool
	}
	var projs []struct {
		Title, Description string
		Technologies       []string
		Link               string
	}
	_ = json.Unmarshal([]byte(experience), &exps)
	_ = json.Unmarshal([]byte(project), &projs)
	p.Experience, p.Projects = []experienceJSON{}, []projectJSON{}
	for _, e := range exps {
		p.Experience = append(p.Experience, experienceJSON(e))
	}
	for _, pr := range projs {
		if pr.Technologies == nil {
			pr.Technologies = []string{}
		}
		p.Projects = append(p.Projects, projectJSON(pr))
	}
	if p.Skills == nil {
		p.Skills = []skillJSON{}
	}
	if p.UserType == "startup" {
		if median != nil {
			days := float64(*median)
			pay.MedianDaysToPay = &days
		}
		p.PaymentRecord = &pay
	}
	p.Resume = "" // a stored résumé would be a signed link (profiles.Privacy); the seed has none
	p.IDAlias = p.ID
	u.ID, u.Type, u.Profile = p.ID, p.UserType, p
	u.ProfileJSON, err = json.Marshal(p)
	return &u, err
}
