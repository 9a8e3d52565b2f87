package notify_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/notify"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

// batches records each PublishEach call: its event type and what each user got.
type batches struct {
	mu    sync.Mutex
	calls []batch
}

type batch struct {
	typ    string
	byUser map[string]any
}

func (b *batches) Publish(_ context.Context, typ string, data any, userIDs ...string) {
	byUser := map[string]any{}
	for _, id := range userIDs {
		byUser[id] = data
	}
	b.PublishEach(context.Background(), typ, byUser)
}

func (b *batches) PublishEach(_ context.Context, typ string, byUser map[string]any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.calls = append(b.calls, batch{typ, byUser})
}

// TestAnnounce_batched: announcing notifications for many users takes a batch of
// notification.new events per notification a user got and one batch of unread counts, however
// many users there are; each user's notifications arrive in order and their count is the
// database's.
func TestAnnounce_batched(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		pub := &batches{}
		svc := &notify.Service{Store: store.Notifications{DB: db}, Publisher: pub}
		var notes []notify.Notification
		for i := range 200 {
			notes = append(notes, notify.Notification{ID: store.NewID(), UserID: fmt.Sprintf("00000000-0000-7000-8000-%012d", i), Message: "alert", CreatedAt: time.Now()})
		}
		ada := notes[0].UserID
		notes = append(notes, notify.Notification{ID: store.NewID(), UserID: ada, Message: "second", CreatedAt: time.Now()})
		if err := (store.Alerts{DB: db}).CreateNotifications(ctx, notes); err != nil {
			t.Fatal(err)
		}
		svc.Announce(ctx, notes...)

		if len(pub.calls) != 3 {
			t.Fatalf("%d publish calls, want 3 (two of notification.new, one of counts)", len(pub.calls))
		}
		first, second, counts := pub.calls[0], pub.calls[1], pub.calls[2]
		if first.typ != notify.EventNew || len(first.byUser) != 200 || first.byUser[ada].(notify.JSON).Message != "alert" {
			t.Errorf("first batch: %s to %d users, Ada's %v", first.typ, len(first.byUser), first.byUser[ada])
		}
		if second.typ != notify.EventNew || len(second.byUser) != 1 || second.byUser[ada].(notify.JSON).Message != "second" {
			t.Errorf("second batch: %s %v, want Ada's second notification alone", second.typ, second.byUser)
		}
		if counts.typ != notify.EventCount || len(counts.byUser) != 200 ||
			counts.byUser[ada] != (notify.CountJSON{Unread: 2}) || counts.byUser[notes[1].UserID] != (notify.CountJSON{Unread: 1}) {
			t.Errorf("counts: %s to %d users, Ada %v, the next %v", counts.typ, len(counts.byUser), counts.byUser[ada], counts.byUser[notes[1].UserID])
		}

		pub.calls = nil
		svc.Announce(ctx)
		if len(pub.calls) != 0 {
			t.Errorf("nothing to announce published %d batches", len(pub.calls))
		}
	})
}

// TestJSON_appendJSONIsWhatMarshalWrites: a notification written by hand (into each task alert)
// is byte for byte what encoding/json writes, with and without a link or a quote, read or not.
func TestJSON_appendJSONIsWhatMarshalWrites(t *testing.T) {
	paris := time.FixedZone("Paris", 3600)
	for _, n := range []notify.JSON{
		{ID: "n1", Message: `New task matching "Web": "A <b>title</b> & more".`, Link: "/tasks?search=A+%3Cb%3E", CreatedAt: time.Date(2026, 11, 28, 1, 2, 3, 400, time.UTC)},
		{ID: "n2", Message: "Café \u2028", Read: true, CreatedAt: time.Date(2026, 11, 28, 1, 2, 3, 0, paris)},
		{ID: "n3", Message: `Your submission for "Logo" was rejected.`, Quote: `Not "ours" <b>… & ☹`, QuoteAuthor: "Nimbus <Labs>",
			Link: "/student/dashboard", CreatedAt: time.Date(2026, 11, 28, 1, 2, 3, 0, time.UTC)},
	} {
		got, err := n.AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("AppendJSON\n%s\nwant\n%s", got, want)
		}
	}
}
