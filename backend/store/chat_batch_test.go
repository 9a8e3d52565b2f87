package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/chat"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

// TestMessages_batchedInserts: sends at the same moment share INSERTs; each is stored once with
// its own id, and a retried client id among them fails alone.
func TestMessages_batchedInserts(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Messages{DB: db, Inserts: store.NewMessageInserts(0)}
		ada, acme := mustUser(t, db, accounts.Student, "Ada"), mustUser(t, db, accounts.Startup, "Acme")
		const n = 60
		var (
			wg         sync.WaitGroup
			mu         sync.Mutex
			ids        = map[string]bool{}
			duplicates int
		)
		for i := range n {
			wg.Go(func() {
				// Sends 0 and 1 carry the same client id: one of them is the retry.
				clientID := fmt.Sprint("c-", max(i, 1))
				m := chat.Message{SenderID: ada.ID, ReceiverID: acme.ID, Content: fmt.Sprint(i), ClientID: clientID}
				err := s.CreateMessage(ctx, &m)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case errors.Is(err, chat.ErrDuplicateClientID):
					duplicates++
				case err != nil:
					t.Errorf("send %d: %v", i, err)
				case !store.ValidID(m.ID) || ids[m.ID] || m.CreatedAt.IsZero():
					t.Errorf("send %d stored as %+v", i, m)
				default:
					ids[m.ID] = true
				}
			})
		}
		wg.Wait()
		if duplicates != 1 || len(ids) != n-1 {
			t.Fatalf("%d stored, %d duplicates; want %d and 1", len(ids), duplicates, n-1)
		}
		thread, err := s.Thread(ctx, ada.ID, acme.ID, chat.Cursor{}, 200)
		if err != nil || len(thread) != n-1 {
			t.Fatalf("thread has %d messages (%v), want %d", len(thread), err, n-1)
		}
	})
}

// TestMessages_commitInterval: a send with no batch started within the interval is written at
// once; the sends that arrive within it wait for it to pass and share one INSERT.
func TestMessages_commitInterval(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		const interval = time.Second
		s := store.Messages{DB: db, Inserts: store.NewMessageInserts(interval)}
		ada, acme := mustUser(t, db, accounts.Student, "Ada"), mustUser(t, db, accounts.Startup, "Acme")
		var inserts atomic.Int32
		if err := db.Callback().Create().After("gorm:create").Register("test:count", func(*gorm.DB) { inserts.Add(1) }); err != nil {
			t.Fatal(err)
		}
		send := func(i int) error {
			return s.CreateMessage(ctx, &chat.Message{SenderID: ada.ID, ReceiverID: acme.ID, Content: fmt.Sprint(i)})
		}

		// Alone, the first send does not wait for the interval: the test would take an hour.
		alone := store.NewMessageInserts(time.Hour)
		if err := (store.Messages{DB: db, Inserts: alone}).CreateMessage(ctx, &chat.Message{SenderID: ada.ID, ReceiverID: acme.ID, Content: "alone"}); err != nil {
			t.Fatal(err)
		}

		started := time.Now()
		if err := send(0); err != nil {
			t.Fatal(err)
		}
		const n = 20
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				if err := send(i + 1); err != nil {
					t.Errorf("send %d: %v", i+1, err)
				}
			})
		}
		wg.Wait()
		if took := time.Since(started); took < interval {
			t.Errorf("the sends after the first took %v: they did not wait for the interval (%v)", took, interval)
		}
		// The lone send, the first of these, then the other twenty together.
		if got := inserts.Load(); got != 3 {
			t.Errorf("%d INSERTs, want 3", got)
		}
		thread, err := s.Thread(ctx, ada.ID, acme.ID, chat.Cursor{}, 200)
		if err != nil || len(thread) != n+2 {
			t.Fatalf("thread has %d messages (%v), want %d", len(thread), err, n+2)
		}
	})
}
