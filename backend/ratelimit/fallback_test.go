package ratelimit_test

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"bridgework/backend/ratelimit"
	"bridgework/backend/testenv"
)

// TestFallback_sharedWhileRedisAnswers: with Redis up, two instances' limiters count together.
func TestFallback_sharedWhileRedisAnswers(t *testing.T) {
	rdb, prefix := testenv.Redis(t)
	ctx := context.Background()
	a := ratelimit.Fallback{Primary: ratelimit.NewRedis(rdb, prefix), Secondary: ratelimit.NewMemory()}
	b := ratelimit.Fallback{Primary: ratelimit.NewRedis(rdb, prefix), Secondary: ratelimit.NewMemory()}
	for want := 1; want <= 4; want++ {
		l := a
		if want%2 == 0 {
			l = b
		}
		if got, _, err := l.Hit(ctx, "k", 1, time.Minute); err != nil || got != want {
			t.Fatalf("hit %d: count %d, %v", want, got, err)
		}
	}
}

// TestFallback_countsInMemoryWhileRedisIsDown: with Redis unreachable the limit still counts,
// on this instance, instead of failing every request; Reset clears it.
func TestFallback_countsInMemoryWhileRedisIsDown(t *testing.T) {
	down := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialerRetries: 1})
	t.Cleanup(func() { _ = down.Close() })
	l := ratelimit.Fallback{Primary: ratelimit.NewRedis(down, "test:"), Secondary: ratelimit.NewMemory()}
	ctx := context.Background()
	if _, _, err := ratelimit.NewRedis(down, "test:").Hit(ctx, "k", 1, time.Minute); err == nil {
		t.Fatal("the unreachable Redis answered; the test proves nothing")
	}
	for want := 1; want <= 3; want++ {
		got, resetIn, err := l.Hit(ctx, "k", 1, time.Minute)
		if err != nil || got != want || resetIn <= 0 {
			t.Fatalf("hit %d: count %d reset in %v, %v", want, got, resetIn, err)
		}
	}
	if err := l.Reset(ctx, "k"); err != nil {
		t.Fatal(err)
	}
	if got, _, err := l.Hit(ctx, "k", 0, time.Minute); err != nil || got != 0 {
		t.Errorf("after Reset: count %d, %v", got, err)
	}
}
