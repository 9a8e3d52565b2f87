package presence_test

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bridgework/backend/presence"
	"bridgework/backend/testenv"
)

// recorder is a Watcher's OnChange that keeps what was announced.
type recorder struct {
	mu      sync.Mutex
	changes []string
}

func (r *recorder) onChange(_ context.Context, userID string, online bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	state := " offline"
	if online {
		state = " online"
	}
	r.changes = append(r.changes, userID+state)
}

func (r *recorder) seen() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.changes)
}

// waitFor waits until the recorder has announced change, or fails after 10 s.
func (r *recorder) waitFor(t *testing.T, change string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !slices.Contains(r.seen(), change) {
		if time.Now().After(deadline) {
			t.Fatalf("never announced %q; announced %v", change, r.seen())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRedis_sweepAnnouncesKilledInstancesUsers: an instance dies without disconnecting anyone
// (its heartbeat stops, its entries stay). The sweep on a live instance announces offline, once,
// the user it held alone, and neither the user another instance still holds nor that instance's
// own users.
func TestRedis_sweepAnnouncesKilledInstancesUsers(t *testing.T) {
	ctx := context.Background()
	rdb, prefix := testenv.Redis(t)
	opts := presence.RedisOptions{Prefix: prefix, TTL: 300 * time.Millisecond}
	killed, alive := presence.NewRedis(rdb, opts), presence.NewRedis(rdb, opts)
	defer alive.Close()
	var announced recorder
	watcher := presence.NewWatcher(alive, announced.onChange, nil)
	for _, id := range []string{"ada", "bob"} {
		if _, err := killed.Connected(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	watcher.Connected("bob")
	watcher.Connected("carl")
	announced.waitFor(t, "carl online")
	killed.Close() // the heartbeat stops, as in a killed process; nothing is disconnected

	sweeping, stop := context.WithCancel(ctx)
	var done sync.WaitGroup
	done.Go(func() { presence.NewSweeper(alive, 50*time.Millisecond).Run(sweeping) })
	announced.waitFor(t, "ada offline")
	stop()
	done.Wait()

	// A later sweep finds nothing more to announce: ada's entry is gone, bob's and carl's live.
	later := presence.NewSweeper(alive, time.Hour)
	deadline := time.Now().Add(10 * time.Second)
	for {
		ran, offline, err := later.Sweep(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ran {
			if len(offline) != 0 {
				t.Errorf("a second sweep announced %v offline again", offline)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the running sweeper's lease never expired")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := watcher.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if got := announced.seen(); !slices.Equal(got, []string{"carl online", "ada offline"}) {
		t.Errorf("announced %v, want carl online, ada offline", got)
	}
	on, err := alive.Online(ctx, []string{"ada", "bob", "carl"})
	if err != nil || on["ada"] || !on["bob"] || !on["carl"] {
		t.Errorf("Online = %v, %v; want bob and carl only", on, err)
	}
}

// TestRedis_oneSweeperAtATime: every instance runs a sweeper; in one interval only one of them
// sweeps, however many ask at the same moment.
func TestRedis_oneSweeperAtATime(t *testing.T) {
	ctx := context.Background()
	rdb, prefix := testenv.Redis(t)
	var sweepers []*presence.Sweeper
	for range 2 {
		tracker := presence.NewRedis(rdb, presence.RedisOptions{Prefix: prefix})
		defer tracker.Close()
		sweepers = append(sweepers, presence.NewSweeper(tracker, time.Hour))
	}
	var ran atomic.Int32
	var wg sync.WaitGroup
	for i := range 10 {
		wg.Go(func() {
			did, _, err := sweepers[i%2].Sweep(ctx)
			if err != nil {
				t.Error(err)
			}
			if did {
				ran.Add(1)
			}
		})
	}
	wg.Wait()
	if ran.Load() != 1 {
		t.Errorf("%d sweeps ran in one interval, want 1", ran.Load())
	}
}

// TestRedis_heartbeatAnnouncesUsersItPutsBack: when a live instance's entry vanished (Redis lost
// its data, or a sweep took it after the instance could not reach Redis for a TTL), partners
// were or will be told the user went offline; the heartbeat that puts the entry back announces
// the user online again.
func TestRedis_heartbeatAnnouncesUsersItPutsBack(t *testing.T) {
	ctx := context.Background()
	rdb, prefix := testenv.Redis(t)
	tracker := presence.NewRedis(rdb, presence.RedisOptions{Prefix: prefix, TTL: 300 * time.Millisecond})
	defer tracker.Close()
	var announced recorder
	watcher := presence.NewWatcher(tracker, announced.onChange, nil)
	defer watcher.Close(ctx)
	watcher.Connected("ada")
	announced.waitFor(t, "ada online")
	if err := rdb.Del(ctx, prefix+"presence:ada", prefix+"presence-expiry").Err(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(announced.seen()) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("announced %v; want ada online again after her entry was lost", announced.seen())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if got := announced.seen(); !slices.Equal(got, []string{"ada online", "ada online"}) {
		t.Errorf("announced %v", got)
	}
}
