package store

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/apperr"
	"bridgework/backend/certs"
)

// certificateRow is a row of certificates; skills are JSON text, read only with the certificate.
type certificateRow struct {
	ID             string
	Number         string
	TaskID         string
	StudentID      string
	StartupID      string
	StudentName    string
	StartupName    string
	Title          string
	TaskTitle      string
	TaskCategory   string
	Skills         string
	IssuedAt       time.Time
	CompletionDate time.Time
	WorkLink       string
	WorkRevision   int
	ReviewNotes    string
}

func (certificateRow) TableName() string { return "certificates" }

type certificateColumn = column[certificateRow]

// certificateColumns are certificateRow's columns.
var certificateColumns = columnsOf(
	certificateColumn{"certificates.id", func(r *certificateRow) any { return &r.ID }},
	certificateColumn{"certificates.number", func(r *certificateRow) any { return &r.Number }},
	certificateColumn{"certificates.task_id", func(r *certificateRow) any { return &r.TaskID }},
	certificateColumn{"certificates.student_id", func(r *certificateRow) any { return &r.StudentID }},
	certificateColumn{"certificates.startup_id", func(r *certificateRow) any { return &r.StartupID }},
	certificateColumn{"certificates.student_name", func(r *certificateRow) any { return &r.StudentName }},
	certificateColumn{"certificates.startup_name", func(r *certificateRow) any { return &r.StartupName }},
	certificateColumn{"certificates.title", func(r *certificateRow) any { return &r.Title }},
	certificateColumn{"certificates.task_title", func(r *certificateRow) any { return &r.TaskTitle }},
	certificateColumn{"certificates.task_category", func(r *certificateRow) any { return &r.TaskCategory }},
	certificateColumn{"certificates.skills", func(r *certificateRow) any { return &r.Skills }},
	certificateColumn{"certificates.issued_at", func(r *certificateRow) any { return &r.IssuedAt }},
	certificateColumn{"certificates.completion_date", func(r *certificateRow) any { return &r.CompletionDate }},
	certificateColumn{"certificates.work_link", func(r *certificateRow) any { return &r.WorkLink }},
	certificateColumn{"certificates.work_revision", func(r *certificateRow) any { return &r.WorkRevision }},
	certificateColumn{"certificates.review_notes", func(r *certificateRow) any { return &r.ReviewNotes }},
)

const certificateNotFound = "Certificate not found."

// Certificates is the certificates store; they are written by the approval transaction
// (taskTx.CreateCertificate) and only read here.
type Certificates struct{ DB *gorm.DB }

// certificateView is a certificate with its issuer's current verification and age and its
// task's posting date, read in the same query; the three are NULL when their row is gone.
type certificateView struct {
	Certificate  certificateRow
	IssuerDomain *string
	IssuerSince  *time.Time
	TaskPostedAt *time.Time
}

type certificateViewColumn = column[certificateView]

// certificateViewColumns are certificateView's columns, from certificateViewsFrom.
var certificateViewColumns = columnsOf(append(within(certificateColumns, func(v *certificateView) *certificateRow { return &v.Certificate }),
	certificateViewColumn{"users.verified_domain", func(v *certificateView) any { return &v.IssuerDomain }},
	certificateViewColumn{"users.created_at", func(v *certificateView) any { return &v.IssuerSince }},
	certificateViewColumn{"tasks.created_at", func(v *certificateView) any { return &v.TaskPostedAt }})...)

// certificateViewsFrom is the head of a read of certificate views: their columns, the
// certificates and the rows beside them.
var certificateViewsFrom = "SELECT " + certificateViewColumns.list + " FROM certificates " +
	"LEFT JOIN users ON users.id = certificates.startup_id " +
	"LEFT JOIN tasks ON tasks.id = certificates.task_id"

func (v certificateView) toDomain() certs.Certificate {
	c := v.Certificate.toDomain()
	if v.IssuerDomain != nil {
		c.IssuerDomain = *v.IssuerDomain
	}
	if v.IssuerSince != nil {
		c.IssuerSince = v.IssuerSince.UTC()
	}
	if v.TaskPostedAt != nil {
		c.TaskPostedAt = v.TaskPostedAt.UTC()
	}
	return c
}

func (s Certificates) CertificatesOfStudent(ctx context.Context, studentID string) ([]certs.Certificate, error) {
	rows, err := rowsOf(s.DB.WithContext(ctx), whereOf("certificates.student_id = ?", studentID).
		stmt(certificateViewsFrom, nil, " ORDER BY certificates.issued_at DESC, certificates.id DESC"), certificateViewColumns)
	if err != nil {
		return nil, err
	}
	out := make([]certs.Certificate, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.toDomain())
	}
	return out, nil
}

func (s Certificates) CertificateByID(ctx context.Context, id string) (*certs.Certificate, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, certificateNotFound)
	}
	return s.first(ctx, whereOf("certificates.id = ?", id))
}

func (s Certificates) CertificateByNumber(ctx context.Context, number string) (*certs.Certificate, error) {
	return s.first(ctx, whereOf("certificates.number = ?", number))
}

// first reads the certificate w selects; apperr.NotFound when none.
func (s Certificates) first(ctx context.Context, w where) (*certs.Certificate, error) {
	row, err := oneOf(s.DB.WithContext(ctx), w.stmt(certificateViewsFrom, nil, limit(1)), certificateViewColumns, certificateNotFound)
	if err != nil {
		return nil, err
	}
	c := row.toDomain()
	return &c, nil
}

func toCertificateRow(c *certs.Certificate) certificateRow {
	skills, _ := json.Marshal(nonNil(c.Skills))
	return certificateRow{
		ID: c.ID, Number: c.Number, TaskID: c.TaskID, StudentID: c.StudentID, StartupID: c.StartupID,
		StudentName: c.StudentName, StartupName: c.StartupName, Title: c.Title, TaskTitle: c.TaskTitle,
		TaskCategory: c.TaskCategory, Skills: string(skills),
		IssuedAt: c.IssuedAt.UTC(), CompletionDate: c.CompletionDate.UTC(),
		WorkLink: c.WorkLink, WorkRevision: c.WorkRevision, ReviewNotes: c.ReviewNotes,
	}
}

func (r certificateRow) toDomain() certs.Certificate {
	c := certs.Certificate{
		ID: r.ID, Number: r.Number, TaskID: r.TaskID, StudentID: r.StudentID, StartupID: r.StartupID,
		StudentName: r.StudentName, StartupName: r.StartupName, Title: r.Title, TaskTitle: r.TaskTitle,
		TaskCategory: r.TaskCategory, IssuedAt: r.IssuedAt.UTC(), CompletionDate: r.CompletionDate.UTC(),
		WorkLink: r.WorkLink, WorkRevision: r.WorkRevision, ReviewNotes: r.ReviewNotes,
	}
	// Written only by toCertificateRow, so always valid JSON.
	_ = json.Unmarshal([]byte(r.Skills), &c.Skills)
	return c
}

// Credentials keeps each certificate's signed credential (package credentials).
type Credentials struct{ DB *gorm.DB }

func (s Credentials) Credential(ctx context.Context, certificateID string) (string, error) {
	credential := value[string]("certificates.credential")
	kept, err := oneOf(s.DB.WithContext(ctx), whereOf("certificates.id = ?", certificateID).
		stmt("SELECT "+credential.list+" FROM certificates", nil, ""), credential, certificateNotFound)
	if err != nil {
		return "", err
	}
	return kept, nil
}

// KeepCredential writes signed only where no credential is kept yet, so of two instances signing
// a certificate's first credential at once, the first to commit is the one both answer.
func (s Credentials) KeepCredential(ctx context.Context, certificateID, signed string) (string, error) {
	err := s.DB.WithContext(ctx).Table("certificates").Where("id = ? AND credential = ''", certificateID).
		Update("credential", signed).Error
	if err != nil {
		return "", err
	}
	return s.Credential(ctx, certificateID)
}
