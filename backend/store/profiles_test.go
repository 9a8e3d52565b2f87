package store_test

import (
	"context"
	"sync"
	"testing"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/profiles"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
	"bridgework/backend/uploads"
)

func mustCreateUser(t *testing.T, db *gorm.DB, u *accounts.User) *accounts.User {
	t.Helper()
	if u.Email == "" {
		u.Email = "u" + testenv.RandomHex(5) + "@example.com"
	}
	u.PasswordHash = "h"
	if err := (store.Users{DB: db}).CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func TestProfiles_createOnceThenUpdate(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Profiles{DB: db}
		u := mustCreateUser(t, db, &accounts.User{Type: accounts.Student, FirstName: "Ada"})
		p := profiles.StudentProfile{FirstName: "Ada", LastName: "Lovelace", Bio: "engines",
			Skills:     []accounts.Skill{{Name: "Go", Level: "expert"}},
			Experience: []accounts.Experience{{Title: "Intern", Company: "Acme"}},
			Projects:   []accounts.Project{{Title: "Engine", Technologies: []string{"Brass"}}},
		}
		if has, err := s.HasStudentProfile(ctx, u.ID); err != nil || has {
			t.Fatalf("HasStudentProfile before = %v, %v", has, err)
		}
		if err := s.SaveStudentProfile(ctx, u.ID, p, profiles.AddProfile); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveStudentProfile(ctx, u.ID, p, profiles.AddProfile); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("second create: %v, want conflict", err)
		}
		p.Bio, p.Skills = "analytical engines", []accounts.Skill{{Name: "SQL", Level: "beginner"}, {Name: "Go", Level: "advanced"}}
		if err := s.SaveStudentProfile(ctx, u.ID, p, profiles.SaveProfile); err != nil {
			t.Fatal(err)
		}
		got, err := s.UserByID(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Bio != "analytical engines" || got.LastName != "Lovelace" || len(got.Skills) != 2 || got.Skills[0].Name != "SQL" {
			t.Errorf("stored %+v", got)
		}
		if len(got.Experience) != 1 || got.Projects[0].Technologies[0] != "Brass" {
			t.Errorf("experience %+v projects %+v", got.Experience, got.Projects)
		}
		if has, _ := s.HasStudentProfile(ctx, u.ID); !has {
			t.Error("HasStudentProfile after create = false")
		}
	})
}

// TestProfiles_saveCreatesWhenNoneExists: Edit Profile's save (PUT) on a student who never
// added a profile creates it, as the original server's upsert did; Add Profile is then refused.
func TestProfiles_saveCreatesWhenNoneExists(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Profiles{DB: db}
		u := mustCreateUser(t, db, &accounts.User{Type: accounts.Student, FirstName: "Ada"})
		if err := s.SaveStudentProfile(ctx, u.ID, profiles.StudentProfile{FirstName: "Ada", LastName: "L", Bio: "new"}, profiles.SaveProfile); err != nil {
			t.Fatal(err)
		}
		if has, err := s.HasStudentProfile(ctx, u.ID); err != nil || !has {
			t.Fatalf("HasStudentProfile after a first save = %v, %v, want true", has, err)
		}
		if got, _ := s.UserByID(ctx, u.ID); got.Bio != "new" {
			t.Errorf("bio = %q, want new", got.Bio)
		}
		if err := s.SaveStudentProfile(ctx, u.ID, profiles.StudentProfile{FirstName: "Ada", LastName: "L"}, profiles.AddProfile); apperr.CodeOf(err) != apperr.Conflict {
			t.Errorf("Add Profile after the save: %v, want conflict", err)
		}
	})
}

func TestProfiles_concurrentCreatesOneWins(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		s := store.Profiles{DB: db}
		u := mustCreateUser(t, db, &accounts.User{Type: accounts.Student})
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = s.SaveStudentProfile(context.Background(), u.ID, profiles.StudentProfile{FirstName: "Ada", LastName: "L"}, profiles.AddProfile)
			}()
		}
		wg.Wait()
		created := 0
		for _, err := range errs {
			switch {
			case err == nil:
				created++
			case apperr.CodeOf(err) != apperr.Conflict:
				t.Errorf("unexpected error %v", err)
			}
		}
		if created != 1 {
			t.Errorf("%d creates succeeded, want exactly 1", created)
		}
	})
}

func TestProfiles_skillsKeepTheirVerifiedBadge(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Profiles{DB: db}
		u := mustCreateUser(t, db, &accounts.User{Type: accounts.Student,
			Skills: []accounts.Skill{{Name: "Go", Level: "beginner", IsVerified: true}, {Name: "Rust", Level: "beginner"}}})
		if err := s.SaveStudentProfile(ctx, u.ID, profiles.StudentProfile{FirstName: "Ada", LastName: "Lo",
			Skills: []accounts.Skill{{Name: "GO", Level: "expert"}, {Name: "Rust"}, {Name: "Zig", IsVerified: true}}}, profiles.AddProfile); err != nil {
			t.Fatal(err)
		}
		got, _ := s.UserByID(ctx, u.ID)
		verified := map[string]bool{}
		for _, sk := range got.Skills {
			verified[sk.Name] = sk.IsVerified
		}
		if !verified["GO"] || verified["Rust"] || verified["Zig"] {
			t.Errorf("verified = %v, want only GO (earned as Go)", verified)
		}
	})
}

func TestProfiles_startupProfileOnlyForStartups(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Profiles{DB: db}
		startup := mustCreateUser(t, db, &accounts.User{Type: accounts.Startup, CompanyName: "Old", Tier: "free"})
		student := mustCreateUser(t, db, &accounts.User{Type: accounts.Student})
		p := profiles.StartupProfile{CompanyName: "Nimbus", Industry: "AI", CompanySize: "1-10"}
		if err := s.SaveStartupProfile(ctx, startup.ID, p); err != nil {
			t.Fatal(err)
		}
		got, _ := s.UserByID(ctx, startup.ID)
		if got.CompanyName != "Nimbus" || got.Industry != "AI" || got.Tier != "free" {
			t.Errorf("stored %+v", got)
		}
		if err := s.SaveStartupProfile(ctx, student.ID, p); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("startup profile on a student: %v", err)
		}
	})
}

func TestProfiles_listBySkillAnyOf(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Profiles{DB: db}
		goDev := mustCreateUser(t, db, &accounts.User{Type: accounts.Student, Skills: []accounts.Skill{{Name: "Go", Level: "expert"}, {Name: "SQL"}}})
		designer := mustCreateUser(t, db, &accounts.User{Type: accounts.Student, Skills: []accounts.Skill{{Name: "Figma"}}})
		mustCreateUser(t, db, &accounts.User{Type: accounts.Student})
		mustCreateUser(t, db, &accounts.User{Type: accounts.Startup, Skills: []accounts.Skill{{Name: "Go"}}})

		ids := func(f profiles.UserFilter) []string {
			t.Helper()
			users, err := s.ListUsers(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, u := range users {
				out = append(out, u.ID)
			}
			return out
		}
		got := ids(profiles.UserFilter{Type: accounts.Student, SkillKeys: []string{"go", "figma"}, Limit: 10})
		if len(got) != 2 || got[0] != designer.ID || got[1] != goDev.ID {
			t.Errorf("any of go, figma = %v, want designer then go dev (newest first)", got)
		}
		if got := ids(profiles.UserFilter{Type: accounts.Student, SkillKeys: []string{"sql"}, Limit: 10}); len(got) != 1 || got[0] != goDev.ID {
			t.Errorf("sql = %v", got)
		}
		if got := ids(profiles.UserFilter{Type: accounts.Student, Limit: 10}); len(got) != 3 {
			t.Errorf("all students = %d, want 3", len(got))
		}
		if got := ids(profiles.UserFilter{Type: accounts.Student, Limit: 2, Offset: 2}); len(got) != 1 || got[0] != goDev.ID {
			t.Errorf("second page = %v", got)
		}
		n, err := s.CountUsers(ctx, profiles.UserFilter{Type: accounts.Student, SkillKeys: []string{"go"}})
		if err != nil || n != 1 {
			t.Errorf("CountUsers = %d, %v", n, err)
		}
	})
}

func TestFiles_storeAndRead(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Files{DB: db}
		f := &uploads.File{OwnerID: store.NewID(), Kind: uploads.Resume, Name: "cv.pdf", ContentType: uploads.PDF, Size: 3, Data: []byte{1, 2, 3}}
		if err := s.CreateFile(ctx, f); err != nil {
			t.Fatal(err)
		}
		got, err := s.FileByID(ctx, f.ID)
		if err != nil || string(got.Data) != "\x01\x02\x03" || got.Kind != uploads.Resume || got.OwnerID != f.OwnerID {
			t.Fatalf("FileByID = %+v, %v", got, err)
		}
		meta, err := s.FileMeta(ctx, f.ID)
		if err != nil || meta.Data != nil || meta.Size != 3 || meta.ContentType != uploads.PDF {
			t.Errorf("FileMeta = %+v, %v", meta, err)
		}
		for _, id := range []string{store.NewID(), "../x", ""} {
			if _, err := s.FileByID(ctx, id); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("FileByID(%q) = %v, want not found", id, err)
			}
		}
	})
}
