package presence_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"bridgework/backend/presence"
	"bridgework/backend/testenv"
)

// TestTrackers runs one contract on both trackers. "Instances" are trackers sharing a store:
// the same Memory (one process) or the same Redis prefix.
func TestTrackers(t *testing.T) {
	t.Run("memory", func(t *testing.T) {
		m := presence.NewMemory()
		runContract(t, func() presence.Tracker { return m })
	})
	t.Run("redis", func(t *testing.T) {
		rdb, prefix := testenv.Redis(t)
		runContract(t, func() presence.Tracker {
			r := presence.NewRedis(rdb, presence.RedisOptions{Prefix: prefix})
			t.Cleanup(r.Close)
			return r
		})
	})
}

func runContract(t *testing.T, newInstance func() presence.Tracker) {
	ctx := context.Background()
	a, b := newInstance(), newInstance()
	step := func(name string, got bool, err error, want bool) {
		t.Helper()
		if err != nil || got != want {
			t.Fatalf("%s = %v, %v; want %v", name, got, err, want)
		}
	}
	online := func(want bool) {
		t.Helper()
		for _, tr := range []presence.Tracker{a, b} {
			on, err := tr.Online(ctx, []string{"ada", "nobody"})
			if err != nil || on["ada"] != want || on["nobody"] {
				t.Fatalf("Online = %v, %v; want ada %v", on, err, want)
			}
		}
	}
	online(false)
	c, err := a.Connected(ctx, "ada")
	step("first instance connects", c, err, true)
	online(true)
	c, err = b.Connected(ctx, "ada")
	step("second instance connects", c, err, false)
	d, err := a.Disconnected(ctx, "ada")
	step("first instance leaves, second still holds", d, err, false)
	online(true)
	d, err = b.Disconnected(ctx, "ada")
	step("last instance leaves", d, err, true)
	online(false)
	c, err = b.Connected(ctx, "ada")
	step("back again", c, err, true)
}

// TestRedis_killedInstanceExpires: an instance that dies without disconnecting (SIGKILL) stops
// refreshing, and its users go offline after the TTL instead of staying online forever.
func TestRedis_killedInstanceExpires(t *testing.T) {
	ctx := context.Background()
	rdb, prefix := testenv.Redis(t)
	ttl := 300 * time.Millisecond
	alive := presence.NewRedis(rdb, presence.RedisOptions{Prefix: prefix, TTL: ttl})
	defer alive.Close()
	killed := presence.NewRedis(rdb, presence.RedisOptions{Prefix: prefix, TTL: ttl})
	if _, err := killed.Connected(ctx, "ada"); err != nil {
		t.Fatal(err)
	}
	if _, err := alive.Connected(ctx, "bob"); err != nil {
		t.Fatal(err)
	}
	killed.Close() // stops refreshing, as a dead process would
	deadline := time.Now().Add(10 * time.Second)
	for {
		on, err := alive.Online(ctx, []string{"ada", "bob"})
		if err != nil {
			t.Fatal(err)
		}
		if !on["bob"] {
			t.Fatal("bob, held by a live instance, went offline: the refresh does not work")
		}
		if !on["ada"] {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("ada is still online long after her instance died")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Her next connection, elsewhere, is news again.
	if came, err := alive.Connected(ctx, "ada"); err != nil || !came {
		t.Fatalf("reconnect after expiry: %v, %v; want came online", came, err)
	}
}

// TestWatcher_ordersChangesOffTheCallersGoroutine: hooks return at once, and the changes reach
// the tracker, and OnChange, in the order the hub reported them.
func TestWatcher_ordersChangesOffTheCallersGoroutine(t *testing.T) {
	var mu sync.Mutex
	var changes []string
	w := presence.NewWatcher(presence.NewMemory(), func(_ context.Context, userID string, online bool) {
		mu.Lock()
		defer mu.Unlock()
		state := "offline"
		if online {
			state = "online"
		}
		changes = append(changes, userID+" "+state)
	}, nil)
	for range 100 {
		w.Connected("ada")
		w.Disconnected("ada")
	}
	w.Connected("bob")
	if err := w.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	w.Connected("late") // after Close: ignored, not a panic
	if len(changes) != 201 || changes[0] != "ada online" || changes[1] != "ada offline" || changes[200] != "bob online" {
		t.Fatalf("changes = %v… (%d)", changes[:min(4, len(changes))], len(changes))
	}
	for i := 0; i < 200; i += 2 {
		if changes[i] != "ada online" || changes[i+1] != "ada offline" {
			t.Fatalf("change %d and %d: %q %q", i, i+1, changes[i], changes[i+1])
		}
	}
}

// TestRedis_refreshRestoresLostEntries: after Redis loses its data (a restart without
// persistence), the next refresh puts this instance's users back online.
func TestRedis_refreshRestoresLostEntries(t *testing.T) {
	ctx := context.Background()
	rdb, prefix := testenv.Redis(t)
	tr := presence.NewRedis(rdb, presence.RedisOptions{Prefix: prefix, TTL: 300 * time.Millisecond})
	defer tr.Close()
	if _, err := tr.Connected(ctx, "ada"); err != nil {
		t.Fatal(err)
	}
	if err := rdb.Del(ctx, prefix+"presence:ada").Err(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		on, err := tr.Online(ctx, []string{"ada"})
		if err != nil {
			t.Fatal(err)
		}
		if on["ada"] {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("ada never came back online after her entry was lost")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
