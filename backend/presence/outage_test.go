package presence_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"bridgework/backend/presence"
	"bridgework/backend/testenv"
	"bridgework/backend/testenv/tcpproxy"
)

// TestRedis_outageDoesNotFlapPresence: Redis is out of reach for longer than the TTL, for the
// instance's heartbeat and sweep alike, so every entry expires though its instance lives. When
// Redis is back, the heartbeat refreshes the live user's entry before a sweep could take it: her
// partners are told nothing, while the user of an instance that really died is announced.
func TestRedis_outageDoesNotFlapPresence(t *testing.T) {
	ctx := context.Background()
	direct, prefix := testenv.Redis(t)
	proxy := tcpproxy.New(t, direct.Options().Addr)
	rdb := redis.NewClient(&redis.Options{Addr: proxy.Addr(), MaxRetries: -1,
		DialTimeout: 200 * time.Millisecond, ReadTimeout: 200 * time.Millisecond, WriteTimeout: 200 * time.Millisecond})
	defer rdb.Close()
	opts := presence.RedisOptions{Prefix: prefix, TTL: time.Second} // heartbeat 400 ms
	tracker := presence.NewRedis(rdb, opts)
	defer tracker.Close()
	observer := presence.NewRedis(direct, opts) // reads Redis past the cut, holds nobody
	defer observer.Close()
	killed := presence.NewRedis(direct, opts)
	if _, err := killed.Connected(ctx, "zed"); err != nil {
		t.Fatal(err)
	}
	killed.Close()

	var announced recorder
	watcher := presence.NewWatcher(tracker, announced.onChange, nil)
	watcher.Connected("ada")
	announced.waitFor(t, "ada online")
	sweeping, stop := context.WithCancel(ctx)
	var done sync.WaitGroup
	done.Go(func() { presence.NewSweeper(tracker, 200*time.Millisecond).Run(sweeping) })

	proxy.Cut()
	online := func(want bool) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			on, err := observer.Online(ctx, []string{"ada"})
			if err != nil {
				t.Fatal(err)
			}
			if on["ada"] == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("ada online = %v, want %v", on["ada"], want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	online(false) // her entry expired during the outage
	proxy.Restore()
	online(true) // the heartbeat put it back
	announced.waitFor(t, "zed offline")
	stop()
	done.Wait()
	if err := watcher.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if got := announced.seen(); !slices.Equal(got, []string{"ada online", "zed offline"}) {
		t.Errorf("announced %v, want ada online, then zed offline only", got)
	}
}
