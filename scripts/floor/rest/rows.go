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

// Rows of Bridgework's tables as its store reads them (SELECT *).

type taskRow struct {
	ID                string     `db:"id"`
	StartupID         string     `db:"startup_id"`
	Title             string     `db:"title"`
	Description       string     `db:"description"`
	Category          string     `db:"category"`
	WorkType          string     `db:"work_type"`
	Skills            string     `db:"skills"`
	SearchText        string     `db:"search_text"`
	Difficulty        string     `db:"difficulty"`
	EstimatedHours    float64    `db:"estimated_hours"`
	BudgetMin         float64    `db:"budget_min"`
	BudgetMax         float64    `db:"budget_max"`
	Deadline          time.Time  `db:"deadline"`
	Priority          string     `db:"priority"`
	ImageURL          string     `db:"image_url"`
	Attachments       string     `db:"attachments"`
	AssignedStudentID string     `db:"assigned_student_id"`
	Status            string     `db:"status"`
	Listed            bool       `db:"listed"`
	CompletedAt       *time.Time `db:"completed_at"`
	CreatedAt         time.Time  `db:"created_at"`
	UpdatedAt         time.Time  `db:"updated_at"`
	RevisionRounds    int        `db:"revision_rounds"`
	Currency          string     `db:"currency"`
	// CertificateID is only in the student dashboard's completed list.
	CertificateID *string `db:"certificate_id"`
}

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

type revisionRow struct {
	SubmissionID string     `db:"submission_id"`
	Revision     int        `db:"revision"`
	Link         string     `db:"link"`
	Status       string     `db:"status"`
	ReviewNotes  string     `db:"review_notes"`
	SubmittedAt  time.Time  `db:"submitted_at"`
	ReviewedAt   *time.Time `db:"reviewed_at"`
}

type personRow struct {
	ID             string `db:"id"`
	UserType       string `db:"user_type"`
	FirstName      string `db:"first_name"`
	LastName       string `db:"last_name"`
	Username       string `db:"username"`
	Email          string `db:"email"`
	CompanyName    string `db:"company_name"`
	ProfilePicture string `db:"profile_picture"`
	VerifiedDomain string `db:"verified_domain"`
}

const personColumns = "id, user_type, first_name, last_name, username, email, company_name, profile_picture, verified_domain"

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
		experience, project string
	)
	err := db.QueryRow(ctx, `SELECT id, user_type, is_verified, email, token_version, first_name, last_name, username,
		company_name, company_description, company_size, industry, tier, website, verified_domain, verified_at, phone,
		college, institute, college_email, bio, headline, summary, profile_picture, resume, experience, projects, created_at
		FROM users WHERE id = $1 LIMIT 1`, id).Scan(&p.ID, &p.UserType, &p.IsVerified, &p.Email, &u.TokenVersion,
		&p.FirstName, &p.LastName, &p.Username, &p.CompanyName, &p.CompanyDescription, &p.CompanySize, &p.Industry,
		&p.Tier, &p.Website, &p.VerifiedDomain, &p.VerifiedAt, &p.Phone, &p.College, &p.Institute, &p.CollegeEmail,
		&p.Bio, &p.Headline, &p.Summary, &p.ProfilePicture, &p.Resume, &experience, &project, &p.CreatedAt)
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
	p.Resume = "" // a stored résumé would be a signed link (profiles.Privacy); the seed has none
	p.IDAlias = p.ID
	u.ID, u.Type, u.Profile = p.ID, p.UserType, p
	u.ProfileJSON, err = json.Marshal(p)
	return &u, err
}
