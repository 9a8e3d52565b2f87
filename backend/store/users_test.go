package store_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

func TestUsers_createAndRead(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Users{DB: db}
		u := &accounts.User{
			Type: accounts.Student, Email: "Ada@Example.com", PasswordHash: "h", FirstName: "Ada",
			Skills:     []accounts.Skill{{Name: "Go", Level: "expert"}, {Name: "SQL", Level: "beginner", IsVerified: true}},
			Experience: []accounts.Experience{{Title: "Intern", Company: "Acme", IsCurrent: true}},
			Projects:   []accounts.Project{{Title: "Compiler", Technologies: []string{"Go", "LLVM"}}},
		}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if !store.ValidID(u.ID) || u.CreatedAt.IsZero() {
			t.Fatalf("created user has id %q created %v", u.ID, u.CreatedAt)
		}
		got, err := s.UserByEmail(ctx, "ada@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != u.ID || got.Email != "ada@example.com" || got.FirstName != "Ada" {
			t.Errorf("got %+v", got)
		}
		if len(got.Skills) != 2 || got.Skills[0].Name != "Go" || !got.Skills[1].IsVerified {
			t.Errorf("skills = %+v", got.Skills)
		}
		if len(got.Experience) != 1 || !got.Experience[0].IsCurrent || len(got.Projects[0].Technologies) != 2 {
			t.Errorf("experience %+v projects %+v", got.Experience, got.Projects)
		}
		byID, err := s.UserByID(ctx, u.ID)
		if err != nil || byID.Email != got.Email {
			t.Errorf("UserByID = %v, %v", byID, err)
		}
	})
}

func TestUsers_duplicateEmailIsConflictOnField(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Users{DB: db}
		if err := s.CreateUser(ctx, &accounts.User{Type: accounts.Student, Email: "a@b.co", PasswordHash: "h"}); err != nil {
			t.Fatal(err)
		}
		err := s.CreateUser(ctx, &accounts.User{Type: accounts.Startup, Email: "A@B.CO", PasswordHash: "h"})
		if e, ok := err.(*apperr.Error); !ok || e.Fields["email"] == "" {
			t.Fatalf("duplicate email error = %v, want a field error on email", err)
		}
	})
}

func TestUsers_unknownAndMalformedIDsAreNotFound(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		s := store.Users{DB: db}
		for _, id := range []string{store.NewID(), "not-a-uuid", "'; DROP TABLE users; --"} {
			if _, err := s.UserByID(context.Background(), id); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("UserByID(%q) error = %v, want not found", id, err)
			}
		}
	})
}

func TestUsers_setPasswordBumpsTokenVersion(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Users{DB: db}
		u := &accounts.User{Type: accounts.Student, Email: "v@b.co", PasswordHash: "old"}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if err := s.SetPassword(ctx, u.ID, "new"); err != nil {
			t.Fatal(err)
		}
		got, _ := s.UserByID(ctx, u.ID)
		if got.PasswordHash != "new" || got.TokenVersion != u.TokenVersion+1 {
			t.Errorf("after SetPassword: hash %q version %d", got.PasswordHash, got.TokenVersion)
		}
	})
}

func TestUsers_passwordResetIsSingleUseUnderConcurrency(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Users{DB: db}
		u := &accounts.User{Type: accounts.Student, Email: "r@b.co", PasswordHash: "h"}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		if err := s.CreatePasswordReset(ctx, accounts.PasswordReset{TokenHash: "live", UserID: u.ID, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := s.CreatePasswordReset(ctx, accounts.PasswordReset{TokenHash: "old", UserID: u.ID, ExpiresAt: now.Add(-time.Second)}); err != nil {
			t.Fatal(err)
		}
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if id, err := s.ConsumePasswordReset(ctx, "live", now); err == nil && id == u.ID {
					wins.Add(1)
				}
			}()
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Errorf("%d concurrent uses of one reset succeeded, want 1", wins.Load())
		}
		if _, err := s.ConsumePasswordReset(ctx, "old", now); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("expired reset: %v, want not found", err)
		}
	})
}

func TestUsers_adminExists(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Users{DB: db}
		if ok, err := s.AdminExists(ctx); err != nil || ok {
			t.Fatalf("AdminExists on empty db = %v, %v", ok, err)
		}
		s.CreateUser(ctx, &accounts.User{Type: accounts.Admin, Email: "admin@x.co", PasswordHash: "h"})
		if ok, err := s.AdminExists(ctx); err != nil || !ok {
			t.Fatalf("AdminExists = %v, %v", ok, err)
		}
	})
}

func TestMigrate_instancesStartingTogetherMigrateOnce(t *testing.T) {
	db := testenv.OpenEmptyDB(t, testenv.Postgres)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); errs <- store.Migrate(db, testenv.AuditKey) }()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("concurrent migrate: %v", err)
		}
	}
	var applied int64
	db.Table("migrations").Count(&applied)
	if want := int64(len(store.MigrationIDs())); applied != want {
		t.Errorf("%d migrations recorded, want %d", applied, want)
	}
}
