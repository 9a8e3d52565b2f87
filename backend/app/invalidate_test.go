package app

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"bridgework/backend/testenv"
)

// TestInvalidations_listenerEndsWhenRedisClientCloses: once the Redis client is closed under it
// (the instance going down in any order), the listener returns instead of crashing on, or
// spinning over, the nil messages of the closed subscription channel.
func TestInvalidations_listenerEndsWhenRedisClientCloses(t *testing.T) {
	rdb, prefix := testenv.Redis(t)
	applied := make(chan string, 1)
	inv := &invalidations{rdb: rdb, channel: prefix + "invalidate", logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	listen := inv.listen(inv.subscribe(), func(userID string, _ []string) { applied <- userID })
	done := make(chan struct{})
	go func() {
		defer close(done)
		listen(ctx)
	}()
	inv.Invalidate(ctx, "ada", nil)
	select {
	case got := <-applied:
		if got != "ada" {
			t.Fatalf("applied %q, want ada", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the broadcast never came back to this instance")
	}

	if err := rdb.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the listener still runs after its Redis client was closed")
	}
}
