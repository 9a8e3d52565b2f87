package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/chat"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

func mustUser(t *testing.T, db *gorm.DB, typ accounts.UserType, name string) *accounts.User {
	t.Helper()
	u := &accounts.User{Type: typ, Email: fmt.Sprintf("%s-%s@example.com", name, testenv.RandomHex(4)), PasswordHash: "h"}
	if typ == accounts.Startup {
		u.CompanyName = name
	} else {
		u.FirstName = name
	}
	if err := (store.Users{DB: db}).CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func mustSend(t *testing.T, s store.Messages, from, to *accounts.User, content string) chat.Message {
	t.Helper()
	m := chat.Message{SenderID: from.ID, ReceiverID: to.ID, Content: content}
	if err := s.CreateMessage(context.Background(), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func contents(ms []chat.Message) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Content
	}
	return out
}

func TestMessages_Thread(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Messages{DB: db}
		ada, acme, zeta := mustUser(t, db, accounts.Student, "Ada"), mustUser(t, db, accounts.Startup, "Acme"), mustUser(t, db, accounts.Startup, "Zeta")
		first := mustSend(t, s, ada, acme, "1")
		mustSend(t, s, acme, ada, "2")
		mustSend(t, s, ada, zeta, "not in the thread")
		mustSend(t, s, ada, acme, "3")
		if !store.ValidID(first.ID) || first.CreatedAt.IsZero() || first.ReadAt != nil {
			t.Fatalf("created message %+v", first)
		}

		all, err := s.Thread(ctx, ada.ID, acme.ID, chat.Cursor{}, 200)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(contents(all)); got != "[1 2 3]" {
			t.Errorf("thread = %s, want [1 2 3] in time order", got)
		}
		// Either side sees the same thread.
		other, _ := s.Thread(ctx, acme.ID, ada.ID, chat.Cursor{}, 200)
		if fmt.Sprint(contents(other)) != "[1 2 3]" {
			t.Errorf("thread from the other side = %v", contents(other))
		}
		after, _ := s.Thread(ctx, ada.ID, acme.ID, chat.Cursor{After: first.ID}, 200)
		if fmt.Sprint(contents(after)) != "[2 3]" {
			t.Errorf("after the first = %v, want [2 3]", contents(after))
		}
		latest, _ := s.Thread(ctx, ada.ID, acme.ID, chat.Cursor{}, 2)
		if fmt.Sprint(contents(latest)) != "[2 3]" {
			t.Errorf("latest page of 2 = %v, want [2 3]", contents(latest))
		}
		next, _ := s.Thread(ctx, ada.ID, acme.ID, chat.Cursor{After: first.ID}, 1)
		if fmt.Sprint(contents(next)) != "[2]" {
			t.Errorf("first page of 1 after the first = %v, want [2]", contents(next))
		}
		// Scrolling back: the page just before the oldest one shown, still in time order.
		earlier, _ := s.Thread(ctx, ada.ID, acme.ID, chat.Cursor{Before: latest[0].ID}, 200)
		if fmt.Sprint(contents(earlier)) != "[1]" {
			t.Errorf("before the latest page = %v, want [1]", contents(earlier))
		}
		lastTwo, _ := s.Thread(ctx, ada.ID, acme.ID, chat.Cursor{Before: latest[1].ID}, 2)
		if fmt.Sprint(contents(lastTwo)) != "[1 2]" {
			t.Errorf("page of 2 before the newest = %v, want [1 2]", contents(lastTwo))
		}
		none, _ := s.Thread(ctx, ada.ID, acme.ID, chat.Cursor{Before: first.ID}, 200)
		if len(none) != 0 {
			t.Errorf("before the first = %v, want nothing", contents(none))
		}
	})
}

func TestMessages_clientIDIsUniquePerSender(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Messages{DB: db}
		ada, bob, acme := mustUser(t, db, accounts.Student, "Ada"), mustUser(t, db, accounts.Student, "Bob"), mustUser(t, db, accounts.Startup, "Acme")
		m := chat.Message{SenderID: ada.ID, ReceiverID: acme.ID, Content: "hi", ClientID: "c-1"}
		if err := s.CreateMessage(ctx, &m); err != nil {
			t.Fatal(err)
		}
		again := chat.Message{SenderID: ada.ID, ReceiverID: acme.ID, Content: "hi", ClientID: "c-1"}
		if err := s.CreateMessage(ctx, &again); !errors.Is(err, chat.ErrDuplicateClientID) {
			t.Fatalf("second message with the same client id: %v, want ErrDuplicateClientID", err)
		}
		// Another sender may use the same client id, and messages without one never collide.
		if err := s.CreateMessage(ctx, &chat.Message{SenderID: bob.ID, ReceiverID: acme.ID, Content: "hi", ClientID: "c-1"}); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			mustSend(t, s, ada, acme, "no client id")
		}
		got, err := s.MessageByClientID(ctx, ada.ID, "c-1")
		if err != nil || got.ID != m.ID || got.ClientID != "c-1" {
			t.Fatalf("MessageByClientID = %+v, %v; want %s", got, err, m.ID)
		}
	})
}

func TestMessages_MarkReadAndConversations(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Messages{DB: db}
		ada, acme, zeta := mustUser(t, db, accounts.Student, "Ada"), mustUser(t, db, accounts.Startup, "Acme"), mustUser(t, db, accounts.Startup, "Zeta")
		mustSend(t, s, acme, ada, "a1")
		last := mustSend(t, s, acme, ada, "a2")
		mustSend(t, s, zeta, ada, "z1")
		mustSend(t, s, ada, zeta, "z2 (newest)")

		convs, err := s.Conversations(ctx, ada.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(convs) != 2 || convs[0].Partner.ID != zeta.ID || convs[1].Partner.ID != acme.ID {
			t.Fatalf("conversations = %+v, want Zeta (newest) then Acme", convs)
		}
		if convs[0].LastMessage.Content != "z2 (newest)" || convs[0].UnreadCount != 1 {
			t.Errorf("Zeta: last %q unread %d, want z2 and 1", convs[0].LastMessage.Content, convs[0].UnreadCount)
		}
		if convs[1].LastMessage.ID != last.ID || convs[1].UnreadCount != 2 || convs[1].Partner.CompanyName != "Acme" {
			t.Errorf("Acme: %+v, want last a2 and 2 unread", convs[1])
		}

		at := time.Now().UTC().Truncate(time.Millisecond)
		r, err := s.MarkRead(ctx, ada.ID, acme.ID, at)
		if err != nil {
			t.Fatal(err)
		}
		if r.Count != 2 || r.UpTo != last.ID || !r.ReadAt.Equal(at) {
			t.Errorf("MarkRead = %+v, want 2 up to %s", r, last.ID)
		}
		if r, _ := s.MarkRead(ctx, ada.ID, acme.ID, at); r.Count != 0 {
			t.Errorf("second MarkRead marked %d", r.Count)
		}
		// Marking Ada's side never touches what Ada sent.
		if r, _ := s.MarkRead(ctx, zeta.ID, ada.ID, at); r.Count != 1 {
			t.Errorf("Zeta reading Ada's messages marked %d, want 1", r.Count)
		}
		thread, _ := s.Thread(ctx, ada.ID, acme.ID, chat.Cursor{}, 10)
		for _, m := range thread {
			if m.ReadAt == nil || !m.ReadAt.Equal(at) {
				t.Errorf("message %q readAt = %v", m.Content, m.ReadAt)
			}
		}
		convs, _ = s.Conversations(ctx, ada.ID)
		if convs[1].UnreadCount != 0 || convs[0].UnreadCount != 1 {
			t.Errorf("after reading Acme: unread %d (Zeta) %d (Acme)", convs[0].UnreadCount, convs[1].UnreadCount)
		}
		if none, err := s.Conversations(ctx, mustUser(t, db, accounts.Student, "New").ID); err != nil || len(none) != 0 {
			t.Errorf("a new user's conversations = %v, %v", none, err)
		}

		ids, err := s.PartnerIDs(ctx, ada.ID, 10)
		if err != nil || len(ids) != 2 {
			t.Errorf("PartnerIDs = %v, %v; want Acme and Zeta", ids, err)
		}
	})
}

func TestMessages_UsersOfType(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		s := store.Messages{DB: db}
		mustUser(t, db, accounts.Startup, "zeta")
		mustUser(t, db, accounts.Startup, "Acme")
		mustUser(t, db, accounts.Student, "Ada")
		got, err := s.UsersOfType(context.Background(), accounts.Startup, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].CompanyName != "Acme" || got[1].CompanyName != "zeta" {
			t.Errorf("startups = %v, want Acme then zeta (case-insensitive order)", got)
		}
		if one, _ := s.UsersOfType(context.Background(), accounts.Startup, 1); len(one) != 1 {
			t.Errorf("limit 1 gave %d", len(one))
		}
	})
}
