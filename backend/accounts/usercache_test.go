package accounts_test

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/profiles"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// cacheFixture is an accounts service on a real database with a clock the test moves, and a
// student signed in on it. Changes written straight to the store stand for another instance's.
type cacheFixture struct {
	svc   *accounts.Service
	users store.Users
	now   time.Time
	db    *gorm.DB
	user  *accounts.User
	token string
}

func newCacheFixture(t *testing.T, db *gorm.DB, ttl time.Duration) *cacheFixture {
	t.Helper()
	f := &cacheFixture{users: store.Users{DB: db}, db: db, now: time.Now()}
	f.svc = &accounts.Service{
		Store:        f.users,
		Sessions:     store.Sessions{DB: db},
		Tokens:       &accounts.Tokens{Secret: []byte("cache-test-secret-cache-test-secret-0"), Issuer: "bw", Audience: "web", TTL: time.Hour},
		UserCacheTTL: ttl,
		Now:          func() time.Time { return f.now },
	}
	f.user = &accounts.User{Type: accounts.Student, Email: "cache@example.com", PasswordHash: "h", FirstName: "Ada",
		Skills: []accounts.Skill{{Name: "Go", Level: "expert"}}}
	if err := f.users.CreateUser(context.Background(), f.user); err != nil {
		t.Fatal(err)
	}
	f.token = f.issue(t)
	return f
}

// issue signs a token for the user as stored now, as a sign-in would.
func (f *cacheFixture) issue(t *testing.T) string {
	t.Helper()
	u, err := f.users.UserByID(context.Background(), f.user.ID)
	if err != nil {
		t.Fatal(err)
	}
	session := &accounts.SessionInfo{UserID: u.ID}
	if err := (store.Sessions{DB: f.db}).CreateSession(context.Background(), session); err != nil {
		t.Fatal(err)
	}
	token, err := f.svc.Tokens.Issue(u, session.ID)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

func (f *cacheFixture) authenticate(t *testing.T, token string) (*accounts.User, error) {
	t.Helper()
	return f.svc.Authenticate(context.Background(), token)
}

// revokeElsewhere changes the password behind the service's back, as another instance would.
func (f *cacheFixture) revokeElsewhere(t *testing.T) {
	t.Helper()
	if err := f.users.SetPassword(context.Background(), f.user.ID, "other"); err != nil {
		t.Fatal(err)
	}
}

// TestUserCache_staleForAtMostTheTTL: another instance's password change is seen once the
// cached user expires.
func TestUserCache_staleForAtMostTheTTL(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		f := newCacheFixture(t, db, 2*time.Second)
		if _, err := f.authenticate(t, f.token); err != nil {
			t.Fatal(err)
		}
		f.revokeElsewhere(t)
		f.now = f.now.Add(900 * time.Millisecond) // an entry lives between half the TTL and all of it
		if _, err := f.authenticate(t, f.token); err != nil {
			t.Fatalf("within half the TTL the cached user answers, got %v", err)
		}
		f.now = f.now.Add(1100 * time.Millisecond)
		if _, err := f.authenticate(t, f.token); err == nil {
			t.Fatal("a token revoked elsewhere still works after the TTL")
		}
	})
}

func TestUserCache_offReadsEveryTime(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		f := newCacheFixture(t, db, 0)
		if _, err := f.authenticate(t, f.token); err != nil {
			t.Fatal(err)
		}
		f.revokeElsewhere(t)
		if _, err := f.authenticate(t, f.token); err == nil {
			t.Fatal("with the cache off a revoked token still works")
		}
	})
}

// TestUserCache_forgetShowsChangesAtOnce: a change made through this instance (Forget, and the
// service's own password reset) is seen by the very next request.
func TestUserCache_forgetShowsChangesAtOnce(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		f := newCacheFixture(t, db, time.Hour)
		if _, err := f.authenticate(t, f.token); err != nil {
			t.Fatal(err)
		}
		f.revokeElsewhere(t)
		f.svc.Forget(context.Background(), f.user.ID)
		if _, err := f.authenticate(t, f.token); err == nil {
			t.Fatal("a token revoked and forgotten still works")
		}
	})
}

// TestUserCache_newerTokenIsReadAgain: after a password change on another instance the user
// signs in there; their new token works here at once, and from then on the old one does not.
func TestUserCache_newerTokenIsReadAgain(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		f := newCacheFixture(t, db, time.Hour)
		if _, err := f.authenticate(t, f.token); err != nil {
			t.Fatal(err)
		}
		f.revokeElsewhere(t)
		fresh := f.issue(t)
		if _, err := f.authenticate(t, fresh); err != nil {
			t.Fatalf("the new token is refused: %v", err)
		}
		if _, err := f.authenticate(t, f.token); err == nil {
			t.Fatal("the old token still works once a newer one was seen")
		}
	})
}

// TestUserCache_answersCopies: a handler changing the user it was given does not change what
// the next request gets.
func TestUserCache_answersCopies(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		f := newCacheFixture(t, db, time.Hour)
		for range 3 {
			u, err := f.authenticate(t, f.token)
			if err != nil {
				t.Fatal(err)
			}
			if u.FirstName != "Ada" || len(u.Skills) != 1 || u.Skills[0].Name != "Go" {
				t.Fatalf("got %+v", u)
			}
			u.FirstName, u.Skills[0].Name = "Eve", "Cobol"
		}
	})
}

// TestUserCache_keptWhileUnchanged: when the cached session runs out, its check (one statement)
// finds the user as cached, and the cached copy serves on without the user being read again. The
// proof: a column written behind the store's back, leaving updated_at alone, is not seen.
func TestUserCache_keptWhileUnchanged(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		f := newCacheFixture(t, db, 2*time.Second)
		if _, err := f.authenticate(t, f.token); err != nil {
			t.Fatal(err)
		}
		if err := db.Exec("UPDATE users SET first_name = ? WHERE id = ?", "Behind", f.user.ID).Error; err != nil {
			t.Fatal(err)
		}
		for range 3 {
			f.now = f.now.Add(2 * time.Second)
			u, err := f.authenticate(t, f.token)
			if err != nil {
				t.Fatal(err)
			}
			if u.FirstName != "Ada" {
				t.Fatalf("the user was read again although updated_at did not move (first name %q)", u.FirstName)
			}
		}
	})
}

// TestUserCache_changesElsewhereSeenWithinTheTTL: each way a student changes moves updated_at,
// so another instance's cached copy is read again at the session's next check.
func TestUserCache_changesElsewhereSeenWithinTheTTL(t *testing.T) {
	ctx := context.Background()
	changes := map[string]struct {
		change func(db *gorm.DB, userID string) error
		seen   func(u *accounts.User) bool
	}{
		"profile saved": {
			change: func(db *gorm.DB, userID string) error {
				return store.Profiles{DB: db}.SaveStudentProfile(ctx, userID, profiles.StudentProfile{FirstName: "Grace", LastName: "Hopper",
					Skills: []accounts.Skill{{Name: "Go", Level: "expert"}}}, profiles.AddProfile)
			},
			seen: func(u *accounts.User) bool { return u.FirstName == "Grace" },
		},
		"skill verified by an approval": {
			change: func(db *gorm.DB, userID string) error {
				return store.Tasks{DB: db}.InTx(ctx, func(tx tasks.Tx) error { return tx.VerifySkills(userID, []string{"go"}) })
			},
			seen: func(u *accounts.User) bool { return len(u.Skills) == 1 && u.Skills[0].IsVerified },
		},
	}
	for name, c := range changes {
		t.Run(name, func(t *testing.T) {
			testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
				f := newCacheFixture(t, db, 2*time.Second)
				if u, err := f.authenticate(t, f.token); err != nil || c.seen(u) {
					t.Fatalf("before the change: %+v, %v", u, err)
				}
				if err := c.change(db, f.user.ID); err != nil {
					t.Fatal(err)
				}
				f.now = f.now.Add(2 * time.Second)
				u, err := f.authenticate(t, f.token)
				if err != nil {
					t.Fatal(err)
				}
				if !c.seen(u) {
					t.Errorf("the change is not seen after the TTL: %+v", u)
				}
			})
		})
	}
}
