package ratings_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/notify"
	"bridgework/backend/ratings"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

type noPublisher struct{}

func (noPublisher) Publish(context.Context, string, any, ...string)     {}
func (noPublisher) PublishEach(context.Context, string, map[string]any) {}

// world is a startup with one task that three students submitted to; Ada's and Bob's work is
// approved, Cy's is not.
type world struct {
	svc          *ratings.Service
	clock        *time.Time
	db           *gorm.DB
	acme, other  *accounts.User
	ada, bob, cy *accounts.User
	task         *tasks.Task
}

func newWorld(t *testing.T, db *gorm.DB) *world {
	t.Helper()
	ctx := context.Background()
	users := store.Users{DB: db}
	mk := func(typ accounts.UserType, name string) *accounts.User {
		u := &accounts.User{Type: typ, Email: testenv.RandomHex(5) + "@x.co", PasswordHash: "h", FirstName: name, CompanyName: map[bool]string{true: name}[typ == accounts.Startup]}
		if err := users.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		return u
	}
	w := &world{db: db, acme: mk(accounts.Startup, "Acme"), other: mk(accounts.Startup, "Other"),
		ada: mk(accounts.Student, "Ada"), bob: mk(accounts.Student, "Bob"), cy: mk(accounts.Student, "Cy")}
	market := &tasks.Service{Store: store.Tasks{DB: db, AuditKey: testenv.AuditKey}, Publisher: noPublisher{},
		Notifier: &notify.Service{Store: store.Notifications{DB: db}, Publisher: noPublisher{}}}
	hours := 3.0
	task, err := market.Post(ctx, w.acme, tasks.PostInput{Title: "Logo", Description: "A logo", WorkType: "technical",
		Category: "design", Skills: []string{"Figma"}, EstimatedHours: &hours, Deadline: time.Now().AddDate(0, 0, 7).Format("2006-01-02")})
	if err != nil {
		t.Fatal(err)
	}
	w.task = task
	for _, s := range []*accounts.User{w.ada, w.bob, w.cy} {
		if _, err := market.SubmitLink(ctx, s, task.ID, "https://example.com/"+s.FirstName); err != nil {
			t.Fatal(err)
		}
	}
	// The task stays open after Ada's approval, so Bob's is approved too.
	for _, s := range []*accounts.User{w.ada, w.bob} {
		if _, _, err := market.Apply(ctx, w.acme.ID, task.ID, tasks.Decision{StudentID: s.ID, Action: tasks.ActionApprove, After: tasks.KeepOpen}); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now().UTC()
	w.clock = &now
	w.svc = &ratings.Service{Store: store.Ratings{DB: db, AuditKey: testenv.AuditKey}, Now: func() time.Time { return *w.clock }}
	return w
}

func (w *world) give(t *testing.T, by *accounts.User, student *accounts.User, stars int) *ratings.Rating {
	t.Helper()
	r, err := w.svc.Give(context.Background(), by, ratings.Input{TaskID: w.task.ID, StudentID: student.ID, Stars: stars, Comment: "  Great work  "})
	if err != nil {
		t.Fatalf("%s rating: %v", by.FirstName, err)
	}
	return r
}

func (w *world) visibleAbout(t *testing.T, u *accounts.User) []ratings.Rating {
	t.Helper()
	got, total, err := w.svc.About(context.Background(), u.ID, 0, 10)
	if err != nil || total != len(got) {
		t.Fatalf("About: %d of %d, %v", len(got), total, err)
	}
	return got
}

func TestRatings_hiddenUntilBothSidesRated(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		byStartup := w.give(t, w.acme, w.ada, 5)
		if byStartup.Comment != "Great work" || byStartup.RateeID != w.ada.ID {
			t.Errorf("given %+v", byStartup)
		}
		if got := w.visibleAbout(t, w.ada); len(got) != 0 {
			t.Fatalf("Ada sees %d ratings before she rated: the startup's must stay hidden", len(got))
		}
		w.give(t, w.ada, w.ada, 4)
		aboutAda, aboutAcme := w.visibleAbout(t, w.ada), w.visibleAbout(t, w.acme)
		if len(aboutAda) != 1 || len(aboutAcme) != 1 {
			t.Fatalf("after both rated: %d about Ada, %d about Acme; want 1 and 1", len(aboutAda), len(aboutAcme))
		}
		if r := aboutAda[0]; r.Stars != 5 || r.TaskTitle != "Logo" || r.Rater == nil || r.Rater.Name != "Acme" {
			t.Errorf("about Ada: %+v", r)
		}
	})
}

func TestRatings_revealedWhenTheWindowPasses(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		w.give(t, w.acme, w.ada, 2)
		*w.clock = w.clock.Add(ratings.EditWindow - time.Hour)
		if len(w.visibleAbout(t, w.ada)) != 0 {
			t.Fatal("visible before the window passed")
		}
		*w.clock = w.clock.Add(2 * time.Hour)
		if len(w.visibleAbout(t, w.ada)) != 1 {
			t.Fatal("still hidden after the window passed")
		}
	})
}

func TestRatings_bothSidesRatingAtOnceRevealBoth(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		var wg sync.WaitGroup
		for _, by := range []*accounts.User{w.acme, w.ada} {
			wg.Add(1)
			go func() { defer wg.Done(); w.give(t, by, w.ada, 4) }()
		}
		wg.Wait()
		if a, b := len(w.visibleAbout(t, w.ada)), len(w.visibleAbout(t, w.acme)); a != 1 || b != 1 {
			t.Fatalf("racing ratings: %d about Ada, %d about Acme visible; want both", a, b)
		}
	})
}

func TestRatings_whoMayRateWhat(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		cases := []struct {
			name    string
			by      *accounts.User
			student string
			stars   int
			code    apperr.Code
			field   string
		}{
			{"no stars", w.acme, w.ada.ID, 0, apperr.Invalid, "stars"},
			{"six stars", w.acme, w.ada.ID, 6, apperr.Invalid, "stars"},
			{"a student naming someone else", w.ada, w.bob.ID, 5, apperr.Invalid, "studentId"},
			{"work not approved", w.acme, w.cy.ID, 5, apperr.NotFound, ""},
			{"another startup's task", w.other, w.ada.ID, 5, apperr.NotFound, ""},
			{"an unknown student", w.acme, store.NewID(), 5, apperr.NotFound, ""},
			{"a malformed id", w.acme, "nope", 5, apperr.NotFound, ""},
		}
		for _, c := range cases {
			_, err := w.svc.Give(ctx, c.by, ratings.Input{TaskID: w.task.ID, StudentID: c.student, Stars: c.stars})
			var e *apperr.Error
			if apperr.CodeOf(err) != c.code {
				t.Errorf("%s: %v, want %s", c.name, err, c.code)
			} else if c.field != "" && (!errors.As(err, &e) || e.Fields[c.field] == "") {
				t.Errorf("%s: %v, want a message on %s", c.name, err, c.field)
			}
		}
		long := make([]rune, 1001)
		for i := range long {
			long[i] = 'x'
		}
		if _, err := w.svc.Give(ctx, w.acme, ratings.Input{TaskID: w.task.ID, StudentID: w.ada.ID, Stars: 3, Comment: string(long)}); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("a 1001-character comment: %v", err)
		}

		// Once per submission and side, even when the same side tries twice at once.
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := w.svc.Give(ctx, w.acme, ratings.Input{TaskID: w.task.ID, StudentID: w.bob.ID, Stars: 3})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		ok, conflicts := 0, 0
		for err := range errs {
			switch {
			case err == nil:
				ok++
			case apperr.CodeOf(err) == apperr.Conflict:
				conflicts++
			}
		}
		if ok != 1 || conflicts != 3 {
			t.Errorf("4 ratings of Bob at once: %d taken, %d conflicts; want 1 and 3", ok, conflicts)
		}
	})
}

func TestRatings_editableForTheWindowOnly(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		r := w.give(t, w.acme, w.ada, 2)
		if _, err := w.svc.Edit(ctx, w.ada, r.ID, 5, ""); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("the ratee editing: %v, want not found", err)
		}
		*w.clock = r.CreatedAt.Add(ratings.EditWindow - time.Second)
		edited, err := w.svc.Edit(ctx, w.acme, r.ID, 4, "Better than I said")
		if err != nil || edited.Stars != 4 {
			t.Fatalf("edit inside the window: %+v, %v", edited, err)
		}
		// At the window's end exactly, and after it, the rating is fixed: the update's own
		// condition decides, so an edit racing the clock cannot slip past it.
		for _, at := range []time.Duration{ratings.EditWindow, ratings.EditWindow + time.Hour} {
			*w.clock = r.CreatedAt.Add(at)
			if _, err := w.svc.Edit(ctx, w.acme, r.ID, 1, ""); apperr.CodeOf(err) != apperr.Conflict {
				t.Errorf("edit %v after giving it: %v, want conflict", at, err)
			}
		}
		got, err := store.Ratings{DB: db}.Rating(ctx, r.ID)
		if err != nil || got.Stars != 4 || got.Comment != "Better than I said" {
			t.Errorf("stored %+v, %v; want the edit made inside the window", got, err)
		}
	})
}

func TestRatings_averageShowsFromThreeRatings(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		// Ada and Bob rate Acme; both are revealed once the window has passed.
		w.give(t, w.ada, w.ada, 5)
		w.give(t, w.bob, w.bob, 4)
		*w.clock = w.clock.Add(ratings.EditWindow + time.Minute)
		sums, err := w.svc.Summaries(ctx, w.acme.ID, w.ada.ID)
		if err != nil {
			t.Fatal(err)
		}
		if s := sums[w.acme.ID]; s.Count != 2 || s.Average != nil {
			t.Errorf("two ratings: %+v, want count 2 and no average", s)
		}
		if _, ok := sums[w.ada.ID]; ok {
			t.Errorf("Ada has a summary without any rating")
		}
		if err := db.Exec("INSERT INTO ratings (id, task_id, submission_id, rater_id, ratee_id, stars, comment, answer, created_at, updated_at, reveal_at) VALUES (?, ?, ?, ?, ?, 3, '', '', ?, ?, ?)",
			store.NewID(), w.task.ID, store.NewID(), w.cy.ID, w.acme.ID, *w.clock, *w.clock, *w.clock).Error; err != nil {
			t.Fatal(err)
		}
		sums, err = w.svc.Summaries(ctx, w.acme.ID)
		if s := sums[w.acme.ID]; err != nil || s.Count != 3 || s.Average == nil || *s.Average != 4 {
			t.Errorf("three ratings (5, 4, 3): %+v, %v; want an average of 4", s, err)
		}
	})
}

func TestRatings_aStartupAnswersVisibleReviews(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		r := w.give(t, w.ada, w.ada, 3)
		if _, err := w.svc.Answer(ctx, w.acme, r.ID, "Thanks!"); apperr.CodeOf(err) != apperr.Conflict {
			t.Errorf("answering a hidden review: %v, want conflict", err)
		}
		w.give(t, w.acme, w.ada, 5)
		if _, err := w.svc.Answer(ctx, w.other, r.ID, "Hi"); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("another startup answering: %v, want not found", err)
		}
		if _, err := w.svc.Answer(ctx, w.acme, r.ID, "  "); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("an empty answer: %v, want invalid", err)
		}
		if _, err := w.svc.Answer(ctx, w.acme, r.ID, "Thanks, Ada!"); err != nil {
			t.Fatal(err)
		}
		about := w.visibleAbout(t, w.acme)
		if len(about) != 1 || about[0].Answer != "Thanks, Ada!" || about[0].AnsweredAt == nil {
			t.Errorf("Acme's reviews: %+v", about)
		}
		var n int64
		db.Model(&struct{}{}).Table("audit_events").Where("type = ?", audit.RatingGiven).Count(&n)
		if n != 2 {
			t.Errorf("%d rating entries on the audit trail, want 2", n)
		}
	})
}
