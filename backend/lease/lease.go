// Package lease picks, among the instances of a cluster, the one that runs a periodic job in the
// current interval (the presence sweep, the upload sweep): every instance runs the job's loop and
// asks the lease on each tick, and one Redis key decides.
package lease

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Lease is one job's lease, taken per interval with SET NX PX.
type Lease struct {
	client   redis.UniversalClient
	key      string
	interval time.Duration
}

// New returns the lease stored under key for a job that runs every interval.
func New(client redis.UniversalClient, key string, interval time.Duration) *Lease {
	return &Lease{client: client, key: key, interval: interval}
}

// Take reports whether this instance runs the job in this interval. The winner holds the lease
// for nine tenths of the interval and never releases it: its own next tick then finds the lease
// free, so the job runs about once per interval even when the instances' ticks drift, no two
// instances run it within 0.9 interval of each other, and a dead holder is replaced by whoever
// ticks next.
func (l *Lease) Take(ctx context.Context) (bool, error) {
	return l.client.SetNX(ctx, l.key, "1", l.interval*9/10).Result()
}
