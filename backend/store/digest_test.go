package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/digest"
	"bridgework/backend/mail"
	"bridgework/backend/presence"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

func digestService(db *gorm.DB) *digest.Service {
	return &digest.Service{
		Store: store.Digests{DB: db}, Presence: presence.NewMemory(), Secret: []byte("test-secret"),
		PublicURL: "https://bridgework.test", OfflineAfter: 15 * time.Minute, MinInterval: time.Hour,
	}
}

// queuedDigests reads the digests waiting in the outbox.
func queuedDigests(t *testing.T, db *gorm.DB) []mail.Queued {
	t.Helper()
	claimed, err := (store.Outbox{DB: db}).Claim(context.Background(), time.Now().Add(24*time.Hour), time.Minute, 100)
	if err != nil {
		t.Fatal(err)
	}
	return claimed
}

// A digest is written when it is sent, from what is still unread: a message read between the run
// that queued the digest and its sending is left out, and a digest with nothing left is dropped.
func TestDigests_composedFromWhatIsStillUnread(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		msgs := store.Messages{DB: db}
		ada, acme, zeta := mustUser(t, db, accounts.Student, "Ada"), mustUser(t, db, accounts.Startup, "Acme"), mustUser(t, db, accounts.Startup, "Zeta")
		mustSend(t, msgs, acme, ada, "first from Acme")
		mustSend(t, msgs, zeta, ada, "from Zeta")
		s := digestService(db)
		if n, err := s.Run(ctx, time.Now()); err != nil || n != 1 { // never seen: away since ever
			t.Fatalf("run: %d, %v", n, err)
		}
		if _, err := msgs.MarkRead(ctx, ada.ID, zeta.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		queued := queuedDigests(t, db)
		if len(queued) != 1 || !strings.EqualFold(queued[0].To, ada.Email) {
			t.Fatalf("queued %+v", queued)
		}
		m, send, err := s.Compose(ctx, queued[0])
		if err != nil || !send || !strings.Contains(m.Body, "Acme wrote:\n  > first from Acme\n") || strings.Contains(m.Body, "Zeta") {
			t.Fatalf("compose: send %v, err %v:\n%s", send, err, m.Body)
		}

		// Everything read before sending: nothing is sent.
		mustSend(t, msgs, zeta, ada, "again")
		if n, _ := s.Run(ctx, time.Now().Add(2*time.Hour)); n != 1 {
			t.Fatalf("second run queued %d", n)
		}
		if _, err := msgs.MarkRead(ctx, ada.ID, zeta.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		queued = queuedDigests(t, db)
		if len(queued) != 1 {
			t.Fatalf("queued %+v", queued)
		}
		if _, send, err := s.Compose(ctx, queued[0]); err != nil || send {
			t.Fatalf("a digest of read messages: send %v, err %v", send, err)
		}
	})
}
