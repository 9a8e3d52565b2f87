package app

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"
)

// invalidations carries accounts' "forget this user, these sessions ended" to every instance,
// so that a revoked session is refused at once everywhere and its sockets close wherever they
// are: through one Redis channel all instances subscribe to, or, on the embedded setup, straight
// to this instance. While Redis is down the message reaches only this instance; the caches'
// USER_CACHE_TTL bounds how long the others may still accept a revoked session.
//
// Accounts forgets on this instance before it invalidates (accounts.Service.ForgetLocal), so what
// is left to do here, on the embedded setup or when Redis cannot take the broadcast, is local:
// closing this instance's sockets of the ended sessions. Every instance, this one included,
// applies the broadcast in full (listen).
type invalidations struct {
	rdb     *redis.Client // nil: one instance
	channel string
	local   func(userID string, endedSessions []string)
	logger  *slog.Logger
}

type invalidation struct {
	UserID        string   `json:"u"`
	EndedSessions []string `json:"s,omitempty"`
}

func (i *invalidations) Invalidate(ctx context.Context, userID string, endedSessions []string) {
	if i.rdb == nil {
		i.local(userID, endedSessions)
		return
	}
	payload, _ := json.Marshal(invalidation{UserID: userID, EndedSessions: endedSessions})
	if err := i.rdb.Publish(ctx, i.channel, payload).Err(); err != nil {
		i.logger.Warn("invalidation not broadcast; other instances catch up within USER_CACHE_TTL", "err", err)
		i.local(userID, endedSessions)
	}
}

// subscribe joins the channel before Build returns, so that nothing broadcast after the instance
// started is missed; nil on the embedded setup. A failure is logged: go-redis subscribes again
// when Redis answers, and until then the TTL bounds staleness.
func (i *invalidations) subscribe() *redis.PubSub {
	if i.rdb == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	sub := i.rdb.Subscribe(ctx, i.channel)
	if _, err := sub.Receive(ctx); err != nil {
		i.logger.Warn("invalidations: not subscribed yet", "err", err)
	}
	return sub
}

// listen applies the invalidations every instance broadcasts, its own included, until ctx ends.
func (i *invalidations) listen(sub *redis.PubSub, apply func(userID string, endedSessions []string)) func(ctx context.Context) {
	return func(ctx context.Context) {
		if sub == nil {
			return
		}
		defer sub.Close()
		messages := sub.Channel()
		for {
			select {
			case <-ctx.Done():
				return
			case m, ok := <-messages:
				if !ok {
					// go-redis closes the channel for good once the client is closed (a crash
					// or shutdown of this instance tearing Redis down first): nothing more can
					// arrive, and reading on would spin on nil messages.
					return
				}
				var inv invalidation
				if json.Unmarshal([]byte(m.Payload), &inv) == nil && inv.UserID != "" {
					apply(inv.UserID, inv.EndedSessions)
				}
			}
		}
	}
}
