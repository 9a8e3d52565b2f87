package ratelimit

import (
	"context"
	"time"
)

// Fallback counts in Primary (Redis, shared by every instance) and, while Primary fails, in
// Secondary (this instance's memory). During a Redis outage a limit then holds per instance
// instead of every limited request failing: a chat send or a sign-in still works, and still
// cannot be repeated without bound. The outage itself shows on /readyz.
type Fallback struct {
	Primary, Secondary Limiter
}

func (f Fallback) Hit(ctx context.Context, key string, n int, window time.Duration) (int, time.Duration, error) {
	count, resetIn, err := f.Primary.Hit(ctx, key, n, window)
	if err != nil {
		return f.Secondary.Hit(ctx, key, n, window)
	}
	return count, resetIn, nil
}

// Reset forgets key in both. A primary that cannot be reached keeps its count until the window
// ends, which only errs on the strict side.
func (f Fallback) Reset(ctx context.Context, key string) error {
	_ = f.Primary.Reset(ctx, key)
	return f.Secondary.Reset(ctx, key)
}
