package realtime

import (
	"context"
	"testing"
	"time"
)

// TestHub_PublishAll: each addressed user gets the one event once, on both brokers; nobody else
// gets it.
func TestHub_PublishAll(t *testing.T) {
	brokers := map[string]func(t *testing.T) Broker{
		"memory": func(*testing.T) Broker { return NewMemoryBroker() },
		"redis":  func(t *testing.T) Broker { return newRedisBroker(t, mustRedis(t), randomPrefix(), nil) },
	}
	for name, newBroker := range brokers {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			ts := startHub(t, newBroker(t), Options{})
			alice, bob, carol := mustConnect(t, ts.url, "alice"), mustConnect(t, ts.url, "bob"), mustConnect(t, ts.url, "carol")
			ev := mustEventT(t, "chat.message", map[string]string{"text": "to both"})
			if err := ts.hub.PublishAll(ctx, []string{"alice", "bob"}, ev); err != nil {
				t.Fatal(err)
			}
			own := mustEventT(t, "chat.message", "next")
			for _, user := range []string{"alice", "bob", "carol"} {
				if err := ts.hub.Publish(ctx, user, own); err != nil {
					t.Fatal(err)
				}
			}
			check := func(user string, got Event, want Event) {
				t.Helper()
				if got.ID != want.ID || string(got.Data) != string(want.Data) {
					t.Errorf("%s got %s %s, want %s", user, got.ID, got.Data, want.Data)
				}
			}
			check("alice", mustRead(t, alice, 5*time.Second), ev)
			check("alice", mustRead(t, alice, 5*time.Second), own)
			check("bob", mustRead(t, bob, 5*time.Second), ev)
			check("bob", mustRead(t, bob, 5*time.Second), own)
			check("carol", mustRead(t, carol, 5*time.Second), own) // never the shared one
		})
	}
}
