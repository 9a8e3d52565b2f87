package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"bridgework/backend/breaker"
)

// errRedisUnavailable answers a Redis command while the breaker is open. Every caller already
// copes with Redis failing: limits count in memory, events reach local sockets and clients catch
// up, presence is kept locally, /readyz says 503.
var errRedisUnavailable = errors.New("redis unavailable (circuit open)")

// redisTimeouts bound one command when Redis hangs instead of refusing: the breaker opens after
// a few of them, and the request that met them waited this long at most.
const redisTimeouts = 500 * time.Millisecond

// tuneRedis sets the client's timeouts and retries for failing fast; REDIS_URL's own values win
// when they are shorter.
func tuneRedis(opts *redis.Options) {
	for _, d := range []*time.Duration{&opts.DialTimeout, &opts.ReadTimeout, &opts.WriteTimeout} {
		if *d <= 0 || *d > redisTimeouts {
			*d = redisTimeouts
		}
	}
	// No retries, of commands or of dials (go-redis dials up to five times with backoff): a call
	// that failed is Redis failing, and the breaker counts it.
	opts.MaxRetries, opts.DialerRetries = -1, 1
}

// redisGuard puts every command and pipeline through a breaker, so that while Redis is gone a
// request does not wait on it (DESIGN.md §6: sign-in took 3.5 s and a chat send 4 s with Redis
// stopped, every call retrying first). Dials are not guarded: a command's dial happens inside
// it, and the subscriber's reconnect loop has a backoff of its own.
type redisGuard struct {
	breaker  *breaker.Breaker
	open     prometheus.Gauge
	rejected prometheus.Counter
}

// guardRedis installs the breaker on rdb and registers its metrics.
func guardRedis(rdb *redis.Client, logger *slog.Logger, reg prometheus.Registerer) {
	open := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "bridgework_redis_circuit_open", Help: "1 while Redis calls are refused at once after failures (circuit open or probing).",
	})
	g := &redisGuard{
		open: open,
		rejected: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "bridgework_redis_circuit_rejected_total", Help: "Redis calls refused without trying while the circuit was open.",
		}),
		breaker: &breaker.Breaker{OnChange: func(from, to breaker.State) {
			logger.Debug("redis circuit", "from", from.String(), "to", to.String())
			if to == breaker.Closed {
				open.Set(0)
				logger.Info("redis is back: circuit closed")
			} else if from == breaker.Closed {
				open.Set(1)
				logger.Warn("redis unreachable: circuit open, limits count in memory meanwhile")
			}
		}},
	}
	reg.MustRegister(g.open, g.rejected)
	rdb.AddHook(g)
}

func (g *redisGuard) DialHook(next redis.DialHook) redis.DialHook { return next }

// guardedKey marks a context already inside a guarded call: a command's new connection runs its
// own setup commands (HELLO, AUTH, SELECT) through the hooks, and those belong to the outer call.
// Guarded again, they would be refused while the outer call is the breaker's one probe.
type guardedKey struct{}

func (g *redisGuard) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if ctx.Value(guardedKey{}) != nil {
			return next(ctx, cmd)
		}
		ctx = context.WithValue(ctx, guardedKey{}, true)
		if !g.breaker.Allow() {
			g.rejected.Inc()
			cmd.SetErr(errRedisUnavailable)
			return errRedisUnavailable
		}
		err := next(ctx, cmd)
		g.breaker.Done(isOutage(err))
		return err
	}
}

func (g *redisGuard) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if ctx.Value(guardedKey{}) != nil {
			return next(ctx, cmds)
		}
		ctx = context.WithValue(ctx, guardedKey{}, true)
		if !g.breaker.Allow() {
			g.rejected.Inc()
			for _, cmd := range cmds {
				cmd.SetErr(errRedisUnavailable)
			}
			return errRedisUnavailable
		}
		err := next(ctx, cmds)
		g.breaker.Done(isOutage(err))
		return err
	}
}

// isOutage tells Redis being unreachable from answers: a missing key or a command Redis refused
// is Redis working, and a caller that gave up proves nothing.
func isOutage(err error) bool {
	var reply redis.Error
	return err != nil && !errors.Is(err, redis.Nil) && !errors.Is(err, context.Canceled) && !errors.As(err, &reply)
}
