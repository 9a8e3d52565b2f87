package store_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/alerts"
	"bridgework/backend/notify"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// recordingPublisher keeps each PublishEach call's events.
type recordingPublisher struct {
	types []string
	calls []map[string]any
}

func (p *recordingPublisher) PublishEach(_ context.Context, eventType string, dataByUser map[string]any) {
	p.types = append(p.types, eventType)
	p.calls = append(p.calls, dataByUser)
}

// TestAlerts_publishedBatchByBatch: a post matching 1,201 saved searches publishes its alerts
// 500 searches at a time, as they are read, rather than once all are; a student whose two
// searches match is alerted once, by the older, once both are read: last. Each alert is the
// student's one frame: it carries their bell notification, written once all alerts are out.
func TestAlerts_publishedBatchByBatch(t *testing.T) {
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			db := testenv.OpenDB(t, kind)
			const n = 1201
			twice := store.NewID()
			saved := time.Now().UTC().Add(-time.Hour)
			var rows, keys []map[string]any
			var first, last string
			for i := range n {
				student := store.NewID()
				if i == 0 || i == n-1 {
					student = twice
				}
				id := store.NewID()
				if i == 0 {
					first = id
				} else if i == n-1 {
					last = id
				}
				rows = append(rows, map[string]any{"id": id, "student_id": student, "name": fmt.Sprint("search ", i), "search": "",
					"category": "web-development", "skills": "[]", "source": "", "created_at": saved.Add(time.Duration(i) * time.Millisecond)})
				keys = append(keys, map[string]any{"search_key": "category:web-development", "saved_search_id": id})
			}
			if err := db.Table("saved_searches").CreateInBatches(rows, 400).Error; err != nil {
				t.Fatal(err)
			}
			if err := db.Table("saved_search_keys").CreateInBatches(keys, 400).Error; err != nil {
				t.Fatal(err)
			}
			published := &recordingPublisher{}
			svc := &alerts.Service{Store: store.Alerts{DB: db}, Publisher: published, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
			task := &tasks.Task{ID: store.NewID(), Title: "A landing page", Category: "web-development", Deadline: time.Now().AddDate(0, 0, 7)}

			svc.Send(context.Background(), task)

			var sizes []int
			alerted := map[string]int{}
			for _, call := range published.calls {
				sizes = append(sizes, len(call))
				for student := range call {
					alerted[student]++
				}
			}
			// Three batches of searches read, the twice-matched student's two among them, then
			// that student's alert alone.
			if len(sizes) != 4 || sizes[0]+sizes[1]+sizes[2] != n-2 || slices.Max(sizes) > 500 || sizes[3] != 1 {
				t.Errorf("alerts published in batches of %v, want three of at most 500 making %d, then 1", sizes, n-2)
			}
			if len(alerted) != n-1 {
				t.Errorf("%d students alerted, want %d", len(alerted), n-1)
			}
			for student, times := range alerted {
				if times != 1 {
					t.Errorf("student %s alerted %d times", student, times)
				}
			}
			if got := published.calls[len(published.calls)-1][twice].(alerts.Alert).SavedSearchID; got != first {
				t.Errorf("the twice-matched student's alert names search %s, want the older %s (not %s)", got, first, last)
			}
			for _, typ := range published.types {
				if typ != alerts.EventAlert {
					t.Errorf("published %s; an alert's bell rides in its task.alert", typ)
				}
			}
			alertOf := map[string]alerts.Alert{}
			for _, call := range published.calls {
				for student, a := range call {
					alertOf[student] = a.(alerts.Alert)
				}
			}
			var notes []struct{ ID, UserID, Message, Link string }
			if err := db.Table("notifications").Where("kind = ?", notify.KindAlert).Find(&notes).Error; err != nil {
				t.Fatal(err)
			}
			if len(notes) != n-1 {
				t.Errorf("%d bell notifications, want %d", len(notes), n-1)
			}
			for _, note := range notes {
				alert := alertOf[note.UserID]
				if alert.Notification.ID != note.ID || alert.Notification.Message != note.Message ||
					alert.Notification.Link != "/tasks/"+task.ID || alert.Notification.Read {
					t.Errorf("student %s's alert %+v, want notification %s %q", note.UserID, alert, note.ID, note.Message)
					break
				}
			}
		})
	}
}

// heldPublisher holds every PublishEach until release is closed.
type heldPublisher struct {
	release chan struct{}
	mu      sync.Mutex
	calls   int
}

func (p *heldPublisher) PublishEach(context.Context, string, map[string]any) {
	<-p.release
	p.mu.Lock()
	p.calls++
	p.mu.Unlock()
}

// TestAlerts_sentAfterThePostIsAnswered: TaskPosted returns while the alerts are still going out,
// they go out even though the request's context ends, and Wait waits for them (or for its own
// context).
func TestAlerts_sentAfterThePostIsAnswered(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		seedSavedSearches(t, db, 1)
		db.Exec("UPDATE saved_searches SET category = 'web-development', skills = '[]'")
		db.Exec("UPDATE saved_search_keys SET search_key = 'category:web-development'")
		published := &heldPublisher{release: make(chan struct{})}
		svc := &alerts.Service{Store: store.Alerts{DB: db}, Publisher: published, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
		task := &tasks.Task{ID: store.NewID(), Title: "A landing page", Category: "web-development", Deadline: time.Now().AddDate(0, 0, 7)}

		request, endRequest := context.WithCancel(context.Background())
		returned := make(chan struct{})
		go func() { svc.TaskPosted(request, task); close(returned) }()
		select {
		case <-returned:
		case <-time.After(5 * time.Second):
			t.Fatal("TaskPosted waited for its alerts to go out")
		}
		endRequest()
		short, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		if err := svc.Wait(short); err == nil {
			t.Error("Wait returned while an alert was still held")
		}
		close(published.release)
		if err := svc.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		var notes int64
		if err := db.Table("notifications").Where("kind = ?", notify.KindAlert).Count(&notes).Error; err != nil {
			t.Fatal(err)
		}
		if published.calls != 1 || notes != 1 {
			t.Errorf("after the request ended: %d publish calls and %d notifications, want 1 and 1", published.calls, notes)
		}
		if err := svc.Wait(context.Background()); err != nil {
			t.Errorf("Wait with nothing going out: %v", err)
		}
	})
}
