package ratelimit

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is a Limiter whose counters live in Redis, shared by every instance.
type Redis struct {
	client *redis.Client
	prefix string
}

// NewRedis returns a limiter storing its keys under prefix.
func NewRedis(client *redis.Client, prefix string) *Redis {
	return &Redis{client: client, prefix: prefix + "rl:"}
}

func (r *Redis) Hit(ctx context.Context, key string, n int, window time.Duration) (int, time.Duration, error) {
	key = r.prefix + key
	if n == 0 {
		pipe := r.client.Pipeline()
		get := pipe.Get(ctx, key)
		ttl := pipe.PTTL(ctx, key)
		if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
			return 0, 0, err
		}
		count, err := get.Int()
		if errors.Is(err, redis.Nil) {
			return 0, 0, nil
		}
		return count, max(ttl.Val(), 0), err
	}
	pipe := r.client.TxPipeline()
	incr := pipe.IncrBy(ctx, key, int64(n))
	// NX keeps the window fixed: only the hit that creates the key starts the clock.
	pipe.ExpireNX(ctx, key, window)
	ttl := pipe.PTTL(ctx, key)
	if _, err := pipe.Exec(ctx); err != nil {
		return 0, 0, err
	}
	return int(incr.Val()), max(ttl.Val(), 0), nil
}

func (r *Redis) Reset(ctx context.Context, key string) error {
	return r.client.Del(ctx, r.prefix+key).Err()
}
