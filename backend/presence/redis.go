package presence

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is the Tracker shared by instances. Each user has a sorted set whose members are the
// instances holding a connection of that user, scored by when the entry expires. Instances
// refresh their entries while they hold the connections, so a killed instance's users drop out
// after the TTL instead of staying online forever.
type Redis struct {
	client   redis.UniversalClient
	prefix   string
	instance string
	ttl      time.Duration
	log      *slog.Logger

	// mu guards local and is held across the Redis calls that change this instance's entries,
	// so a refresh never re-adds an entry that a disconnect is removing.
	mu    sync.Mutex
	local map[string]struct{} // users this instance holds, refreshed every ttl/3

	stop context.CancelFunc
	done chan struct{}
}

// RedisOptions configures a Redis tracker.
type RedisOptions struct {
	Prefix string        // key prefix; a user's set is Prefix+"presence:"+userID
	TTL    time.Duration // how long an entry outlives a silent instance; default 30 s
	Logger *slog.Logger
}

// NewRedis starts a tracker with a random instance id and its refresh loop; Close stops it.
func NewRedis(client redis.UniversalClient, opts RedisOptions) *Redis {
	if opts.TTL <= 0 {
		opts.TTL = 30 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	ctx, stop := context.WithCancel(context.Background())
	r := &Redis{
		client: client, prefix: opts.Prefix + "presence:", instance: hex.EncodeToString(b), ttl: opts.TTL,
		log: opts.Logger.With("component", "presence"), local: map[string]struct{}{}, stop: stop, done: make(chan struct{}),
	}
	go r.refresh(ctx)
	return r
}

// connectScript drops expired instances, adds this one and returns how many held the user before.
var connectScript = redis.NewScript(`
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local before = redis.call('ZCARD', KEYS[1])
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then before = before - 1 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return before`)

// disconnectScript removes this instance and expired ones and returns how many still hold the user.
var disconnectScript = redis.NewScript(`
redis.call('ZREM', KEYS[1], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local after = redis.call('ZCARD', KEYS[1])
if after == 0 then redis.call('DEL', KEYS[1]) end
return after`)

func (r *Redis) key(userID string) string { return r.prefix + userID }

func ms(t time.Time) string { return strconv.FormatInt(t.UnixMilli(), 10) }

func (r *Redis) Connected(ctx context.Context, userID string) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.local[userID] = struct{}{}
	now := time.Now()
	before, err := connectScript.Run(ctx, r.client, []string{r.key(userID)},
		ms(now), ms(now.Add(r.ttl)), r.instance, r.ttl.Milliseconds()).Int()
	return before == 0 && err == nil, err
}

func (r *Redis) Disconnected(ctx context.Context, userID string) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.local, userID)
	after, err := disconnectScript.Run(ctx, r.client, []string{r.key(userID)}, ms(time.Now()), r.instance).Int()
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

// refresh pushes this instance's entries forward while it holds the users.
func (r *Redis) refresh(ctx context.Context) {
	defer close(r.done)
	t := time.NewTicker(r.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		r.refreshOnce(ctx)
	}
}

// refreshOnce pushes every local entry's expiry forward, re-adding entries Redis lost (a
// restart without persistence).
func (r *Redis) refreshOnce(ctx context.Context) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.local) == 0 {
		return
	}
	expires := float64(time.Now().Add(r.ttl).UnixMilli())
	pipe := r.client.Pipeline()
	for id := range r.local {
		pipe.ZAdd(ctx, r.key(id), redis.Z{Score: expires, Member: r.instance})
		pipe.PExpire(ctx, r.key(id), r.ttl)
	}
	if _, err := pipe.Exec(ctx); err != nil && ctx.Err() == nil {
		r.log.Warn("presence refresh failed", "users", len(r.local), "err", err)
	}
}

// Close stops refreshing. Entries of users still connected expire after the TTL.
func (r *Redis) Close() {
	r.stop()
	<-r.done
}
