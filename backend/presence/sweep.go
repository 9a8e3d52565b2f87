package presence

import (
	"context"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"bridgework/backend/lease"
)

// Sweeper takes offline the users of instances that stopped beating (killed, or cut off from
// Redis for a TTL): it removes their expired entries and hands the users who have no instance
// left to the function given to the tracker's SetOnChange, that is to the Watcher, which
// announces them. Every instance
// runs one; a lease lets one of them sweep per interval. The in-process tracker needs none: its
// entries die with the process that announces them.
type Sweeper struct {
	tracker  *Redis
	lease    *lease.Lease
	interval time.Duration
}

// NewSweeper returns the sweeper of the cluster that tracker belongs to.
func NewSweeper(tracker *Redis, interval time.Duration) *Sweeper {
	return &Sweeper{tracker: tracker, interval: interval,
		lease: lease.New(tracker.client, tracker.keyPrefix+"lease:presence-sweep", interval)}
}

// Run sweeps every interval, when this instance wins the interval's lease, until ctx ends.
//
// While Redis was out of reach no instance could beat either, so after an outage longer than the
// TTL every entry has expired though its instance lives. Swept at once, every user would flap
// offline and back online for their partners; so after a failed sweep this instance waits two
// heartbeats and an interval, by which time live instances have refreshed their entries (with a
// heartbeat to spare for one that failed on a connection the outage broke).
func (s *Sweeper) Run(ctx context.Context) {
	t := time.NewTicker(s.interval)
	defer t.Stop()
	var quietUntil time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if now.Before(quietUntil) {
				continue
			}
		}
		_, offline, err := s.Sweep(ctx)
		if err != nil && ctx.Err() == nil {
			s.tracker.log.Warn("presence sweep failed", "err", err)
			quietUntil = time.Now().Add(2*s.tracker.heartbeat + s.interval)
		}
		s.tracker.changed(offline)
	}
}

// sweepBatch bounds the entries one sweep script handles, so that Redis, which runs a script
// alone, never stalls after a large instance died.
const sweepBatch = 500

// sweepScript removes the expired entries it is given and returns the users left with none.
// KEYS: the expiry set, then each entry's user set; ARGV: now, then instance and user of each
// entry, in the order of the keys. An entry a heartbeat refreshed since it was read stays.
var sweepScript = redis.NewScript(`
local offline = {}
for i = 2, #KEYS do
  local instance, user = ARGV[2 * i - 2], ARGV[2 * i - 1]
  local member = instance .. '|' .. user
  local expires = redis.call('ZSCORE', KEYS[1], member)
  if expires and tonumber(expires) <= tonumber(ARGV[1]) then
    redis.call('ZREM', KEYS[1], member)
    redis.call('ZREM', KEYS[i], instance)
    if redis.call('ZCARD', KEYS[i]) == 0 then table.insert(offline, user) end
  end
end
return offline`)

// Sweep removes every expired entry, unless another instance holds this interval's lease; it
// reports whether it ran and the users who went offline. Each user is reported by one sweep only,
// even when sweeps overlap: the script decides atomically.
func (s *Sweeper) Sweep(ctx context.Context) (ran bool, offline []string, err error) {
	won, err := s.lease.Take(ctx)
	if err != nil || !won {
		return false, nil, err
	}
	r := s.tracker
	for {
		now := ms(time.Now())
		members, err := r.client.ZRangeArgs(ctx, redis.ZRangeArgs{
			Key: r.expiry, ByScore: true, Start: "-inf", Stop: now, Count: sweepBatch,
		}).Result()
		if err != nil || len(members) == 0 {
			return true, offline, err
		}
		keys := []string{r.expiry}
		args := []any{now}
		for _, m := range members {
			instance, user, _ := strings.Cut(m, "|")
			keys = append(keys, r.key(user))
			args = append(args, instance, user)
		}
		gone, err := sweepScript.Run(ctx, r.client, keys, args...).StringSlice()
		offline = append(offline, gone...)
		if err != nil || len(members) < sweepBatch {
			return true, offline, err
		}
	}
}
