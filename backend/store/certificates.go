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

const certificateNotFound = "Certificate not found."

// Certificates is the certificates store; they are written by the approval transaction
// (taskTx.CreateCertificate) and only read here.
type Certificates struct{ DB *gorm.DB }

// certificateView is a certificate with its issuer's current verification and age and its
// task's posting date, read in the same query.
type certificateView struct {
	Certificate  certificateRow `gorm:"embedded"` // named: gorm skips an unexported embedded type
	IssuerDomain *string
	IssuerSince  *time.Time
	TaskPostedAt *time.Time
}

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

func (s Certificates) views(ctx context.Context) *gorm.DB {
	return s.DB.WithContext(ctx).Table("certificates").
		Select("certificates.*, users.verified_domain AS issuer_domain, users.created_at AS issuer_since, tasks.created_at AS task_posted_at").
		Joins("LEFT JOIN users ON users.id = certificates.startup_id").
		Joins("LEFT JOIN tasks ON tasks.id = certificates.task_id")
}

func (s Certificates) CertificatesOfStudent(ctx context.Context, studentID string) ([]certs.Certificate, error) {
	var rows []certificateView
	err := s.views(ctx).Where("certificates.student_id = ?", studentID).
		Order("certificates.issued_at DESC, certificates.id DESC").Find(&rows).Error
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
	return s.first(ctx, "certificates.id = ?", id)
}

func (s Certificates) CertificateByNumber(ctx context.Context, number string) (*certs.Certificate, error) {
	return s.first(ctx, "certificates.number = ?", number)
}

func (s Certificates) first(ctx context.Context, where string, arg any) (*certs.Certificate, error) {
	var row certificateView
	if err := s.views(ctx).Where(where, arg).Take(&row).Error; err != nil {
		return nil, translate(err, certificateNotFound)
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
	var kept []string
	err := s.DB.WithContext(ctx).Table("certificates").Where("id = ?", certificateID).Pluck("credential", &kept).Error
	if err != nil {
		return "", err
	}
	if len(kept) == 0 {
		return "", apperr.New(apperr.NotFound, certificateNotFound)
	}
	return kept[0], nil
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
