package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/certs"
	"bridgework/backend/notify"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

func newMarketUser(t testing.TB, db *gorm.DB, typ accounts.UserType, name string) *accounts.User {
	t.Helper()
	u := &accounts.User{Type: typ, Email: testenv.RandomHex(5) + "@x.co", PasswordHash: "h", FirstName: name, CompanyName: name}
	if err := (store.Users{DB: db}).CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func newMarketTask(t *testing.T, s store.Tasks, startupID string, mod func(*tasks.Task)) *tasks.Task {
	t.Helper()
	task := &tasks.Task{StartupID: startupID, Title: "T", Description: "D", Category: "design", WorkType: "technical",
		Skills: []string{"Figma"}, EstimatedHours: 2, Deadline: time.Now().Add(48 * time.Hour).UTC().Truncate(24 * time.Hour),
		Priority: "medium", Status: tasks.StatusOpen}
	if mod != nil {
		mod(task)
	}
	if err := s.CreateTask(context.Background(), task); err != nil {
		t.Fatal(err)
	}
	return task
}

func TestTasks_createAndRead(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Tasks{DB: db}
		startup := newMarketUser(t, db, accounts.Startup, "Acme")
		student := newMarketUser(t, db, accounts.Student, "Ada")
		task := newMarketTask(t, s, startup.ID, func(x *tasks.Task) {
			x.Attachments = []tasks.Attachment{{Name: "brief.png", URL: "/api/files/" + store.NewID()}}
			x.AssignedStudentID, x.BudgetMin, x.BudgetMax = student.ID, 10, 20
		})
		got, err := s.Task(ctx, task.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Title != "T" || got.Skills[0] != "Figma" || got.Attachments[0].Name != "brief.png" || got.BudgetMax != 20 ||
			!got.Deadline.Equal(task.Deadline) || got.Startup.CompanyName != "Acme" || got.AssignedStudent.FirstName != "Ada" {
			t.Errorf("read back %+v", got)
		}
		for _, id := range []string{store.NewID(), "nope"} {
			if _, err := s.Task(ctx, id); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("Task(%q): %v, want not found", id, err)
			}
		}
	})
}

// TestTasks_txConditionalUpdates: a submission moves only from the statuses given, a task
// completes once, and the stored status follows the submissions.
func TestTasks_txConditionalUpdates(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Tasks{DB: db}
		startup := newMarketUser(t, db, accounts.Startup, "Acme")
		ada := newMarketUser(t, db, accounts.Student, "Ada")
		bob := newMarketUser(t, db, accounts.Student, "Bob")
		task := newMarketTask(t, s, startup.ID, nil)

		var subA, subB tasks.Submission
		err := s.InTx(ctx, func(tx tasks.Tx) error {
			subA = tasks.Submission{TaskID: task.ID, StudentID: ada.ID, StartupID: startup.ID, Link: "https://a", Status: tasks.Pending}
			subB = tasks.Submission{TaskID: task.ID, StudentID: bob.ID, StartupID: startup.ID, Link: "https://b", Status: tasks.Pending}
			if err := tx.CreateSubmission(&subA); err != nil {
				return err
			}
			if err := tx.CreateSubmission(&subB); err != nil {
				return err
			}
			dup := tasks.Submission{TaskID: task.ID, StudentID: ada.ID, StartupID: startup.ID, Link: "https://c", Status: tasks.Pending}
			if err := tx.CreateSubmission(&dup); apperr.CodeOf(err) != apperr.Conflict {
				t.Errorf("second submission of one student: %v, want conflict", err)
			}
			return nil
		})
		if err != nil && !store.IsPostgres(db) {
			t.Fatal(err)
		}
		if store.IsPostgres(db) {
			// On PostgreSQL the failed insert aborted that transaction; do it again without it.
			err = s.InTx(ctx, func(tx tasks.Tx) error {
				if err := tx.CreateSubmission(&subA); err != nil {
					return err
				}
				return tx.CreateSubmission(&subB)
			})
			if err != nil {
				t.Fatal(err)
			}
		}

		steps := []struct {
			name       string
			run        func(tx tasks.Tx) (bool, error)
			want       bool
			wantStatus string
		}{
			{"both pending", func(tasks.Tx) (bool, error) { return true, nil }, true, tasks.StatusSubmitted},
			{"approve from under-review only: refused", func(tx tasks.Tx) (bool, error) {
				return tx.SetSubmission(subA.ID, 1, []string{tasks.UnderReview}, tasks.Approved, "")
			}, false, tasks.StatusSubmitted},
			{"review a revision it is not at: refused", func(tx tasks.Tx) (bool, error) {
				return tx.SetSubmission(subA.ID, 2, []string{tasks.Pending}, tasks.UnderReview, "")
			}, false, tasks.StatusSubmitted},
			{"review a", func(tx tasks.Tx) (bool, error) {
				return tx.SetSubmission(subA.ID, 1, []string{tasks.Pending}, tasks.UnderReview, "")
			}, true, tasks.StatusUnderReview},
			{"reject b", func(tx tasks.Tx) (bool, error) {
				return tx.SetSubmission(subB.ID, 1, []string{tasks.Pending, tasks.UnderReview}, tasks.Rejected, "no")
			}, true, tasks.StatusUnderReview},
			{"complete for a", func(tx tasks.Tx) (bool, error) { return tx.CompleteTask(task.ID, ada.ID, time.Now()) }, true, tasks.StatusCompleted},
			{"complete again: refused", func(tx tasks.Tx) (bool, error) { return tx.CompleteTask(task.ID, bob.ID, time.Now()) }, false, tasks.StatusCompleted},
		}
		for _, step := range steps {
			var status string
			err := s.InTx(ctx, func(tx tasks.Tx) error {
				if _, err := tx.LockTask(task.ID); err != nil {
					return err
				}
				ok, err := step.run(tx)
				if err != nil {
					return err
				}
				if ok != step.want {
					t.Errorf("%s: changed = %v, want %v", step.name, ok, step.want)
				}
				status, err = tx.RefreshTaskStatus(task.ID)
				return err
			})
			if err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			if status != step.wantStatus {
				t.Errorf("%s: task status %q, want %q", step.name, status, step.wantStatus)
			}
		}
		got, _ := s.Task(ctx, task.ID)
		if got.AssignedStudentID != ada.ID || got.CompletedAt == nil || got.Submissions[1].ReviewNotes != "no" {
			t.Errorf("after completion: %+v", got)
		}
		open, err := s.OpenTasks(ctx, tasks.Query{}, "")
		if err != nil || open.Total != 0 {
			t.Errorf("a completed task is still on the open market: %d, %v", open.Total, err)
		}
	})
}

func TestCertificates_uniquePerTaskAndStudent(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Tasks{DB: db}
		startup := newMarketUser(t, db, accounts.Startup, "Acme")
		ada := newMarketUser(t, db, accounts.Student, "Ada")
		task := newMarketTask(t, s, startup.ID, nil)
		issue := func() (*certs.Certificate, error) {
			number, _ := certs.NewNumber()
			c := &certs.Certificate{Number: number, TaskID: task.ID, StudentID: ada.ID, StartupID: startup.ID,
				StudentName: "Ada", StartupName: "Acme", Title: "T", TaskTitle: "T", Skills: []string{"Figma"},
				IssuedAt: time.Now(), CompletionDate: time.Now()}
			return c, s.InTx(ctx, func(tx tasks.Tx) error { return tx.CreateCertificate(c) })
		}
		first, err := issue()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := issue(); apperr.CodeOf(err) != apperr.Conflict {
			t.Errorf("second certificate for one task and student: %v, want conflict", err)
		}
		cs := store.Certificates{DB: db}
		byNumber, err := cs.CertificateByNumber(ctx, first.Number)
		if err != nil || byNumber.ID != first.ID || byNumber.Skills[0] != "Figma" {
			t.Errorf("by number: %+v, %v", byNumber, err)
		}
		list, err := cs.CertificatesOfStudent(ctx, ada.ID)
		if err != nil || len(list) != 1 {
			t.Errorf("of student: %d, %v", len(list), err)
		}
	})
}

func TestNotifications_listReadAndCursor(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Notifications{DB: db}
		tx := store.Tasks{DB: db}
		ada := newMarketUser(t, db, accounts.Student, "Ada")
		bob := newMarketUser(t, db, accounts.Student, "Bob")
		var ids []string
		for _, msg := range []string{"one", "two", "three"} {
			n := &notify.Notification{UserID: ada.ID, Message: msg}
			if err := tx.InTx(ctx, func(tx tasks.Tx) error { return tx.CreateNotification(n) }); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, n.ID)
		}
		list, total, _ := s.Notifications(ctx, ada.ID, notify.ListInput{}, 0, 50)
		if len(list) != 3 || total != 3 || list[0].Message != "three" {
			t.Fatalf("list newest first: %+v of %d", list, total)
		}
		second, total, _ := s.Notifications(ctx, ada.ID, notify.ListInput{}, 1, 1)
		if len(second) != 1 || total != 3 || second[0].Message != "two" {
			t.Fatalf("the second page of one: %+v of %d", second, total)
		}
		if err := s.MarkRead(ctx, bob.ID, ids[0]); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("another user's notification: %v, want not found", err)
		}
		if err := s.MarkRead(ctx, ada.ID, ids[0]); err != nil {
			t.Fatal(err)
		}
		unread, _, _ := s.Notifications(ctx, ada.ID, notify.ListInput{UnreadOnly: true}, 0, 50)
		count, _ := s.UnreadCount(ctx, ada.ID)
		if len(unread) != 2 || count != 2 {
			t.Errorf("unread %d, count %d, want 2", len(unread), count)
		}
		after, _, _ := s.Notifications(ctx, ada.ID, notify.ListInput{After: ids[1]}, 0, 50)
		if len(after) != 1 || after[0].ID != ids[2] {
			t.Errorf("after the second: %+v", after)
		}
	})
}

// TestNotifications_unreadCountsOfMany: one call counts each user's unread notifications, across
// the statements' chunks of ids, with 0 for users who have none or whose are all read.
func TestNotifications_unreadCountsOfMany(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s, alerts := store.Notifications{DB: db}, store.Alerts{DB: db}
		ada := newMarketUser(t, db, accounts.Student, "Ada")
		bob := newMarketUser(t, db, accounts.Student, "Bob")
		cleo := newMarketUser(t, db, accounts.Student, "Cleo")
		notes := []notify.Notification{{UserID: ada.ID, Message: "1"}, {UserID: ada.ID, Message: "2"},
			{UserID: ada.ID, Message: "3"}, {UserID: bob.ID, Message: "4"}}
		for i := range notes {
			notes[i].ID, notes[i].CreatedAt = store.NewID(), time.Now()
		}
		if err := alerts.CreateNotifications(ctx, notes); err != nil {
			t.Fatal(err)
		}
		if err := s.MarkRead(ctx, ada.ID, notes[0].ID); err != nil {
			t.Fatal(err)
		}
		if err := s.MarkRead(ctx, bob.ID, notes[3].ID); err != nil {
			t.Fatal(err)
		}
		// Ada's id last, after more ids than one statement takes.
		users := []string{bob.ID, cleo.ID}
		for i := range 1500 {
			users = append(users, fmt.Sprintf("00000000-0000-7000-8000-%012d", i))
		}
		users = append(users, ada.ID)
		counts, err := s.UnreadCounts(ctx, users)
		if err != nil {
			t.Fatal(err)
		}
		if len(counts) != len(users) || counts[ada.ID] != 2 || counts[bob.ID] != 0 || counts[cleo.ID] != 0 {
			t.Errorf("counts: %d users, Ada %d, Bob %d, Cleo %d; want %d, 2, 0, 0",
				len(counts), counts[ada.ID], counts[bob.ID], counts[cleo.ID], len(users))
		}
	})
}

// TestTasks_openMarketCountIsCapped: the open market counts at most tasks.CountCap tasks past
// the page asked for, so a count never reads a whole large market; deeper pages count further.
func TestTasks_openMarketCountIsCapped(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Tasks{DB: db}
		startup := newMarketUser(t, db, accounts.Startup, "Acme")
		const n = tasks.CountCap + 20
		err := db.Transaction(func(tx *gorm.DB) error {
			in := store.Tasks{DB: tx}
			for range n {
				newMarketTask(t, in, startup.ID, nil)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		first, err := s.OpenTasks(ctx, tasks.Query{}, "")
		if err != nil || first.Total != tasks.CountCap || !first.TotalCapped || len(first.Items) != tasks.PageSize {
			t.Errorf("page 1: total %d capped %v items %d, %v", first.Total, first.TotalCapped, len(first.Items), err)
		}
		deep, err := s.OpenTasks(ctx, tasks.Query{Page: 3}, "")
		if err != nil || deep.Total != n || deep.TotalCapped {
			t.Errorf("page 3: total %d capped %v, want %d exact: %v", deep.Total, deep.TotalCapped, n, err)
		}
	})
}

// TestMigrate_taskSearchIndexOnPostgres: the search's trigram index exists and serves a
// contains-search of the task text.
func TestMigrate_taskSearchIndexOnPostgres(t *testing.T) {
	db := testenv.OpenDB(t, testenv.Postgres)
	var n int64
	db.Raw("SELECT count(*) FROM pg_indexes WHERE indexname = 'idx_tasks_search_trgm' AND schemaname = current_schema()").Scan(&n)
	if n != 1 {
		t.Fatalf("idx_tasks_search_trgm: %d in the current schema, want 1", n)
	}
	var plan []string
	err := db.Transaction(func(tx *gorm.DB) error {
		tx.Exec("SET LOCAL enable_seqscan = off")
		return tx.Raw(`EXPLAIN SELECT id FROM tasks WHERE search_text LIKE '%landing%' ESCAPE '\'`).Scan(&plan).Error
	})
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(plan, "\n")
	if !strings.Contains(joined, "idx_tasks_search_trgm") {
		t.Errorf("the search does not use the trigram index:\n%s", joined)
	}
}

// TestTasks_submissionsInTheOrderTheyCame: a list's tasks carry their submissions oldest first
// (ties by id), whatever order the database reads them in: hydrate sorts them itself.
func TestTasks_submissionsInTheOrderTheyCame(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Tasks{DB: db}
		startup := newMarketUser(t, db, accounts.Startup, "Acme")
		ada := newMarketUser(t, db, accounts.Student, "Ada")
		bob := newMarketUser(t, db, accounts.Student, "Bob")
		cat := newMarketUser(t, db, accounts.Student, "Cat")
		want := map[string][]string{}
		for range 2 {
			task := newMarketTask(t, s, startup.ID, nil)
			// Submitted in an order that is neither the students' (the index's) nor, after the
			// update below, the rows'.
			for _, student := range []*accounts.User{cat, ada, bob} {
				err := s.InTx(ctx, func(tx tasks.Tx) error {
					return tx.CreateSubmission(&tasks.Submission{TaskID: task.ID, StudentID: student.ID, StartupID: startup.ID,
						Link: "https://x.co/" + student.FirstName, Status: tasks.Pending})
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			err := db.Exec("UPDATE submissions SET submitted_at = ? WHERE task_id = ? AND student_id = ?",
				time.Now().UTC().Add(-time.Hour), task.ID, bob.ID).Error
			if err != nil {
				t.Fatal(err)
			}
			want[task.ID] = []string{"Bob", "Cat", "Ada"}
		}
		page, err := s.StartupTasks(ctx, startup.ID, tasks.Query{})
		if err != nil || len(page.Items) != 2 {
			t.Fatalf("StartupTasks: %d tasks, %v", len(page.Items), err)
		}
		for _, task := range page.Items {
			var got []string
			for _, sub := range task.Submissions {
				got = append(got, sub.Student.FirstName)
			}
			if strings.Join(got, ",") != strings.Join(want[task.ID], ",") {
				t.Errorf("task %s: submissions of %v, want %v", task.ID, got, want[task.ID])
			}
		}
	})
}

// TestNotifications_createdAsAnnounced: what CreateNotifications writes (COPY on PostgreSQL) reads
// back as the notifications it returned for announcing, field by field.
func TestNotifications_createdAsAnnounced(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		ada := newMarketUser(t, db, accounts.Student, "Ada")
		at := time.Now().UTC().Truncate(time.Microsecond)
		notes := []notify.Notification{
			{ID: store.NewID(), UserID: ada.ID, Kind: notify.KindAlert, Message: `New task matching "web": "A dashboard".`, Link: "/tasks?search=A+dashboard", CreatedAt: at},
			{ID: store.NewID(), UserID: ada.ID, Kind: notify.KindAlert, Message: "Ünïcode, 'quotes' and a\ttab", CreatedAt: at.Add(time.Millisecond)},
		}
		if err := (store.Alerts{DB: db}).CreateNotifications(ctx, notes); err != nil {
			t.Fatal(err)
		}
		got, total, err := (store.Notifications{DB: db}).Notifications(ctx, ada.ID, notify.ListInput{}, 0, 10)
		if err != nil || total != 2 || len(got) != 2 {
			t.Fatalf("read back %d of %d, %v", len(got), total, err)
		}
		for _, want := range notes {
			i := slices.IndexFunc(got, func(n notify.Notification) bool { return n.ID == want.ID })
			if i < 0 {
				t.Fatalf("%s not read back", want.ID)
			}
			n := got[i]
			if n.UserID != want.UserID || n.Kind != want.Kind || n.Message != want.Message || n.Link != want.Link || n.Read ||
				n.CreatedAt.Sub(want.CreatedAt).Abs() > time.Microsecond {
				t.Errorf("read back %+v, announced %+v", n, want)
			}
		}
	})
}
