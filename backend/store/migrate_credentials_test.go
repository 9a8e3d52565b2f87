package store_test

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/certs"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// issueCertificate has student's link to task approved with notes and issues its certificate.
func issueCertificate(t *testing.T, db *gorm.DB, task *tasks.Task, student *accounts.User, notes string) *certs.Certificate {
	t.Helper()
	s := store.Tasks{DB: db}
	number, _ := certs.NewNumber()
	c := &certs.Certificate{Number: number, TaskID: task.ID, StudentID: student.ID, StartupID: task.StartupID,
		StudentName: student.FirstName, StartupName: "Acme", Title: task.Title, TaskTitle: task.Title,
		IssuedAt: time.Now(), CompletionDate: time.Now(), WorkLink: "https://example.com/w", WorkRevision: 1}
	err := s.InTx(context.Background(), func(tx tasks.Tx) error {
		sub := &tasks.Submission{TaskID: task.ID, StudentID: student.ID, StartupID: task.StartupID, Link: c.WorkLink, Status: tasks.Pending}
		if err := tx.CreateSubmission(sub); err != nil {
			return err
		}
		if _, err := tx.SetSubmission(sub.ID, 1, []string{tasks.Pending}, tasks.Approved, notes); err != nil {
			return err
		}
		return tx.CreateCertificate(c)
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Migration 0028 gives certificates issued before it the notes their approved submission holds.
func TestMigrate_certificatesTakeTheirApprovalNotes(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		startup := newMarketUser(t, db, accounts.Startup, "Acme")
		task := newMarketTask(t, store.Tasks{DB: db}, startup.ID, nil)
		withNotes := issueCertificate(t, db, task, newMarketUser(t, db, accounts.Student, "Ada"), "Lovely work")
		without := issueCertificate(t, db, task, newMarketUser(t, db, accounts.Student, "Bob"), "")

		for _, column := range []string{"credential", "review_notes"} {
			if err := db.Exec("ALTER TABLE certificates DROP COLUMN " + column).Error; err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Exec("DELETE FROM migrations WHERE id = ?", "0028_credentials").Error; err != nil {
			t.Fatal(err)
		}
		if err := store.Migrate(db, testenv.AuditKey); err != nil {
			t.Fatal(err)
		}
		for c, want := range map[*certs.Certificate]string{withNotes: "Lovely work", without: ""} {
			got, err := (store.Certificates{DB: db}).CertificateByID(context.Background(), c.ID)
			if err != nil || got.ReviewNotes != want {
				t.Errorf("certificate %s: notes %q (%v), want %q", c.Number, got.ReviewNotes, err, want)
			}
			if kept, err := (store.Credentials{DB: db}).Credential(context.Background(), c.ID); err != nil || kept != "" {
				t.Errorf("certificate %s: a credential %q (%v) before any was signed", c.Number, kept, err)
			}
		}
	})
}

// The first credential kept for a certificate is the one every later request reads.
func TestCredentials_firstKeptWins(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		startup := newMarketUser(t, db, accounts.Startup, "Acme")
		c := issueCertificate(t, db, newMarketTask(t, store.Tasks{DB: db}, startup.ID, nil), newMarketUser(t, db, accounts.Student, "Ada"), "ok")
		s := store.Credentials{DB: db}
		if kept, err := s.KeepCredential(ctx, c.ID, `{"first": true}`); err != nil || kept != `{"first": true}` {
			t.Fatalf("keep the first: %q, %v", kept, err)
		}
		if kept, err := s.KeepCredential(ctx, c.ID, `{"second": true}`); err != nil || kept != `{"first": true}` {
			t.Errorf("keep a second: %q, %v; want the first kept", kept, err)
		}
		if _, err := s.Credential(ctx, store.NewID()); err == nil {
			t.Error("the credential of an unknown certificate")
		}
	})
}
