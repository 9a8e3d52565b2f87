package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

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
		s := store.Messages{DB: db, Inserts: &store.MessageInserts{}}
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
