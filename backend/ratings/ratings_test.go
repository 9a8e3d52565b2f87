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

// TestRatings_ruleTable: a rating may be given until the approval plus EditWindow, and edited
// while it is hidden; the moment of the reveal itself is already too late for both.
func TestRatings_ruleTable(t *testing.T) {
	approved := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	work := ratings.Work{ApprovedAt: approved}
	day := 24 * time.Hour
	for _, c := range []struct {
		name string
		at   time.Duration // after the approval
		open bool
	}{
		{"at the approval", 0, true},
		{"on day 3", 3 * day, true},
		{"a second before the window closes", ratings.EditWindow - time.Second, true},
		{"as the window closes", ratings.EditWindow, false},
		{"after the window", ratings.EditWindow + day, false},
	} {
		if got := work.Open(approved.Add(c.at)); got != c.open {
			t.Errorf("giving a rating %s: open %v, want %v", c.name, got, c.open)
		}
	}
	hiddenUntilTheWindow := ratings.Rating{RevealAt: ratings.ClosesAt(approved)}
	bothRatedOnDay3 := ratings.Rating{RevealAt: approved.Add(3 * day)}
	for _, c := range []struct {
		name     string
		r        ratings.Rating
		at       time.Duration
		editable bool
	}{
		{"the other side has not rated, day 3", hiddenUntilTheWindow, 3 * day, true},
		{"the other side has not rated, a second before the window closes", hiddenUntilTheWindow, ratings.EditWindow - time.Second, true},
		{"the other side has not rated, the window closed", hiddenUntilTheWindow, ratings.EditWindow, false},
		{"both rated on day 3, a second before", bothRatedOnDay3, 3*day - time.Second, true},
		{"both rated on day 3, at that moment", bothRatedOnDay3, 3 * day, false},
		{"both rated on day 3, a day later", bothRatedOnDay3, 4 * day, false},
	} {
		if got := c.r.Editable(approved.Add(c.at)); got != c.editable {
			t.Errorf("editing when %s: editable %v, want %v", c.name, got, c.editable)
		}
		if c.r.Editable(approved.Add(c.at)) == c.r.Visible(approved.Add(c.at)) {
			t.Errorf("when %s: a rating is editable exactly while it is hidden", c.name)
		}
	}
}

// TestRatings_fixedOnceRevealed: a startup reads the student's rating once both rated and cannot
// change its own any more; before the student rated it could.
func TestRatings_fixedOnceRevealed(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		r := w.give(t, w.acme, w.ada, 5)
		if _, err := w.svc.Edit(ctx, w.ada, r.ID, 1, ""); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("the ratee editing: %v, want not found", err)
		}
		*w.clock = w.clock.Add(2 * 24 * time.Hour)
		edited, err := w.svc.Edit(ctx, w.acme, r.ID, 4, "Better than I said")
		if err != nil || edited.Stars != 4 {
			t.Fatalf("edit before Ada rated: %+v, %v", edited, err)
		}
		w.give(t, w.ada, w.ada, 1)
		for _, later := range []time.Duration{0, time.Hour} {
			*w.clock = w.clock.Add(later)
			_, err := w.svc.Edit(ctx, w.acme, r.ID, 1, "Retaliation")
			if apperr.CodeOf(err) != apperr.Conflict || messageOf(err) != "This rating can no longer be changed: it is visible to the other side now." {
				t.Errorf("edit %v after both rated: %v, want the conflict", later, err)
			}
		}
		// An edit that read the rating just before the reveal still changes nothing: the update's
		// own condition is the reveal.
		if ok, err := (store.Ratings{DB: db}).Update(ctx, r.ID, w.acme.ID, 1, "Raced", *w.clock); ok || err != nil {
			t.Errorf("the store's update after the reveal: %v, %v; want nothing changed", ok, err)
		}
		got, err := store.Ratings{DB: db}.Rating(ctx, r.ID)
		if err != nil || got.Stars != 4 || got.Comment != "Better than I said" {
			t.Errorf("stored %+v, %v; want the edit made before the reveal", got, err)
		}
	})
}

// TestRatings_fixedWhenTheWindowPasses: a rating nobody answered is fixed once its 14 days since
// the approval are over, the moment it becomes visible.
func TestRatings_fixedWhenTheWindowPasses(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		work, err := store.Ratings{DB: db}.ApprovedWork(ctx, w.task.ID, w.ada.ID)
		if err != nil {
			t.Fatal(err)
		}
		r := w.give(t, w.acme, w.ada, 2)
		*w.clock = ratings.ClosesAt(work.ApprovedAt).Add(-time.Second)
		if _, err := w.svc.Edit(ctx, w.acme, r.ID, 3, ""); err != nil {
			t.Fatalf("edit a second before the window closes: %v", err)
		}
		for _, at := range []time.Duration{0, time.Hour} {
			*w.clock = ratings.ClosesAt(work.ApprovedAt).Add(at)
			if _, err := w.svc.Edit(ctx, w.acme, r.ID, 1, ""); apperr.CodeOf(err) != apperr.Conflict {
				t.Errorf("edit %v after the window closed: %v, want conflict", at, err)
			}
		}
		if got, err := (store.Ratings{DB: db}).Rating(ctx, r.ID); err != nil || got.Stars != 3 {
			t.Errorf("stored %+v, %v; want the edit made inside the window", got, err)
		}
	})
}

// TestRatings_noRatingAfterTheWindow: once the 14 days since the approval passed, the other
// side's rating is visible, so the late side cannot give one, whether the other side rated or not.
func TestRatings_noRatingAfterTheWindow(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		work, err := store.Ratings{DB: db}.ApprovedWork(ctx, w.task.ID, w.ada.ID)
		if err != nil {
			t.Fatal(err)
		}
		bobs, err := store.Ratings{DB: db}.ApprovedWork(ctx, w.task.ID, w.bob.ID)
		if err != nil {
			t.Fatal(err)
		}
		*w.clock = work.ApprovedAt.Add(3 * 24 * time.Hour)
		w.give(t, w.acme, w.ada, 1)                  // Ada's rating, given on day 3
		*w.clock = ratings.ClosesAt(bobs.ApprovedAt) // Bob's work was approved last
		late := []struct {
			by, student *accounts.User
		}{{w.ada, w.ada}, {w.bob, w.bob}, {w.acme, w.bob}} // Bob's work nobody rated
		for _, l := range late {
			_, err := w.svc.Give(ctx, l.by, ratings.Input{TaskID: w.task.ID, StudentID: l.student.ID, Stars: 5})
			if apperr.CodeOf(err) != apperr.Conflict || messageOf(err) != "The rating window for this work has closed" {
				t.Errorf("%s rating %s's work after 14 days: %v, want the window closed", l.by.FirstName, l.student.FirstName, err)
			}
		}
		if got := w.visibleAbout(t, w.acme); len(got) != 0 {
			t.Errorf("ratings about Acme after the late ones were refused: %+v", got)
		}
		// A second earlier, Ada's rating would have been taken, revealing both.
		*w.clock = ratings.ClosesAt(work.ApprovedAt).Add(-time.Second)
		if r := w.give(t, w.ada, w.ada, 4); !r.RevealAt.Equal(*w.clock) {
			t.Errorf("the second rating's reveal: %v, want now (%v)", r.RevealAt, *w.clock)
		}
	})
}

// messageOf is the message an apperr.Error carries to the client; "" for another error.
func messageOf(err error) string {
	var e *apperr.Error
	if !errors.As(err, &e) {
		return ""
	}
	return e.Message
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
