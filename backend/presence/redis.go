package presence

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is the Tracker shared by instances. Each user has a sorted set whose members are the
// instances holding a connection of that user, scored by when the entry expires. One more sorted
// set, for the whole cluster, holds every entry again as "instance|user" with the same score, so
// that a Sweeper finds the expired entries without scanning users. Instances refresh their
// entries every heartbeat while they hold the connections; the entries of a killed instance
// expire after the TTL, and the sweep announces its users offline.
//
// Every script keeps the two sets in step: an entry is in the expiry set exactly as long as it is
// in its user's set (or the user's set expired as a whole), which is what lets the sweep announce
// each user once.
type Redis struct {
	client    redis.UniversalClient
	keyPrefix string // RedisOptions.Prefix
	prefix    string // of the users' sets
	expiry    string // the cluster's expiry set
	instance  string
	ttl       time.Duration
	heartbeat time.Duration
	log       *slog.Logger
	onChange  atomic.Pointer[func(userID string)]

	// mu guards local and is held across the Redis calls that change this instance's entries,
	// so a heartbeat never re-adds an entry that a disconnect is removing.
	mu    sync.Mutex
	local map[string]struct{} // users this instance holds, refreshed every heartbeat

	stop context.CancelFunc
	done chan struct{}
}

// RedisOptions configures a Redis tracker. TTL, Heartbeat and SweepInterval bound how long a
// killed instance's users stay online for their partners: at most TTL + SweepInterval.
type RedisOptions struct {
	Prefix string        // key prefix; a user's set is Prefix+"presence:"+userID
	TTL    time.Duration // how long an entry outlives its instance's last heartbeat; default 10 s
	// Heartbeat is how often an instance refreshes its entries; default 2/5 of TTL, so that one
	// late heartbeat takes nobody offline.
	Heartbeat time.Duration
	Logger    *slog.Logger
}

// NewRedis starts a tracker with a random instance id and its heartbeat; Close stops it.
func NewRedis(client redis.UniversalClient, opts RedisOptions) *Redis {
	if opts.TTL <= 0 {
		opts.TTL = 10 * time.Second
	}
	if opts.Heartbeat <= 0 {
		opts.Heartbeat = opts.TTL * 2 / 5
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	ctx, stop := context.WithCancel(context.Background())
	r := &Redis{
		client: client, keyPrefix: opts.Prefix, prefix: opts.Prefix + "presence:", expiry: opts.Prefix + "presence-expiry",
		instance: hex.EncodeToString(b), ttl: opts.TTL, heartbeat: opts.Heartbeat,
		log: opts.Logger.With("component", "presence"), local: map[string]struct{}{}, stop: stop, done: make(chan struct{}),
	}
	go r.refresh(ctx)
	return r
}

// SetOnChange is how the Watcher hears of the changes no hook reports: a heartbeat that had to
// put back this instance's entry of a user nobody else held (Redis lost it, or a sweep took it
// after this instance's heartbeats failed for a TTL), and the users the Sweeper took offline.
func (r *Redis) SetOnChange(f func(userID string)) { r.onChange.Store(&f) }

func (r *Redis) changed(userIDs []string) {
	if f := r.onChange.Load(); f != nil {
		for _, id := range userIDs {
			(*f)(id)
		}
	}
}

// dropDead removes the user's expired entries from both sets; KEYS[1] is the user's set, KEYS[2]
// the expiry set, ARGV[1] now and ARGV[5] the user. Whoever drops them reports the user's state
// (connect and disconnect count what is left), so the sweep must not find them again.
const dropDead = `
for _, instance in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])) do
  redis.call('ZREM', KEYS[2], instance .. '|' .. ARGV[5])
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
`

// connectScript drops expired instances, adds this one and returns how many held the user before.
// ARGV: now, expires, instance, the user set's lifetime in ms, user.
var connectScript = redis.NewScript(dropDead + `
local before = redis.call('ZCARD', KEYS[1])
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then before = before - 1 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3] .. '|' .. ARGV[5])
return before`)

// disconnectScript removes this instance and expired ones and returns how many still hold the
// user. ARGV as connectScript's.
var disconnectScript = redis.NewScript(dropDead + `
redis.call('ZREM', KEYS[1], ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[3] .. '|' .. ARGV[5])
return redis.call('ZCARD', KEYS[1])`)

// heartbeatScript pushes this instance's entries forward, re-adding those that are gone, and
// returns the users it re-added while no other instance held them live: someone announced them
// offline (a sweep, or another instance's disconnect that dropped the entry as expired), or Redis
// lost them. An entry merely expired was taken by nobody, so nobody was told. KEYS: the expiry
// set, then the users' sets; ARGV: now, expires, instance, the sets' lifetime in ms, then the
// users, in the order of their keys.
var heartbeatScript = redis.NewScript(`
local back = {}
for i = 2, #KEYS do
  local user = ARGV[i + 3]
  if not redis.call('ZSCORE', KEYS[i], ARGV[3])
    and redis.call('ZCOUNT', KEYS[i], '(' .. ARGV[1], '+inf') == 0 then
    table.insert(back, user)
  end
  redis.call('ZADD', KEYS[i], ARGV[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[i], ARGV[4])
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3] .. '|' .. user)
end
return back`)

func (r *Redis) key(userID string) string { return r.prefix + userID }

// setLifetime is how long a user's set outlives its last refresh, in ms: longer than the TTL, so
// that an entry that merely expired (no sweep took it yet, as during a Redis outage) can be told
// from one that is gone, yet the set still goes by itself when no sweep ever runs again.
func (r *Redis) setLifetime() int64 { return 3 * r.ttl.Milliseconds() }

func ms(t time.Time) string { return strconv.FormatInt(t.UnixMilli(), 10) }

func (r *Redis) Connected(ctx context.Context, userID string) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.local[userID] = struct{}{}
	now := time.Now()
	before, err := connectScript.Run(ctx, r.client, []string{r.key(userID), r.expiry},
		ms(now), ms(now.Add(r.ttl)), r.instance, r.setLifetime(), userID).Int()
	return before == 0 && err == nil, err
}

func (r *Redis) Disconnected(ctx context.Context, userID string) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.local, userID)
	after, err := disconnectScript.Run(ctx, r.client, []string{r.key(userID), r.expiry},
		ms(time.Now()), "", r.instance, "", userID).Int()
	return after == 0 && err == nil, err
}

func (r *Redis) Online(ctx context.Context, userIDs []string) (map[string]bool, error) {
	out := make(map[string]bool, len(userIDs))
	if len(userIDs) == 0 {
		return out, nil
	}
	now := ms(time.Now())
	pipe := r.client.Pipeline()
	counts := make([]*redis.IntCmd, len(userIDs))
	for i, id := range userIDs {
		counts[i] = pipe.ZCount(ctx, r.key(id), "("+now, "+inf")
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, err
	}
	for i, id := range userIDs {
		out[id] = counts[i].Val() > 0
	}
	return out, nil
}

// refresh beats while the tracker is open.
func (r *Redis) refresh(ctx context.Context) {
	defer close(r.done)
	t := time.NewTicker(r.heartbeat)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		r.changed(r.beat(ctx))
	}
}

// heartbeatBatch bounds the users one heartbeat script handles, so that Redis, which runs a
// script alone, never stalls on an instance holding many users.
const heartbeatBatch = 500

// beat pushes every local entry's expiry forward and returns the users whose entries it had to
// put back while no other instance held them.
func (r *Redis) beat(ctx context.Context) (back []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	users := make([]string, 0, len(r.local))
	for id := range r.local {
		users = append(users, id)
	}
	now := time.Now()
	for len(users) > 0 {
		batch := users[:min(heartbeatBatch, len(users))]
		users = users[len(batch):]
		keys := []string{r.expiry}
		args := []any{ms(now), ms(now.Add(r.ttl)), r.instance, r.setLifetime()}
		for _, id := range batch {
			keys = append(keys, r.key(id))
			args = append(args, id)
		}
		got, err := heartbeatScript.Run(ctx, r.client, keys, args...).StringSlice()
		if err != nil {
			if ctx.Err() == nil {
				r.log.Warn("presence heartbeat failed", "users", len(batch), "err", err)
			}
			continue
		}
		back = append(back, got...)
	}
	return back
}

// Close stops the heartbeat. Entries of users still connected expire after the TTL.
func (r *Redis) Close() {
	r.stop()
	<-r.done
}
