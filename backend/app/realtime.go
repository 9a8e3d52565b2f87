package app

import (
	"context"
	"log/slog"

	"github.com/redis/go-redis/v9"

	"bridgework/backend/accounts"
	"bridgework/backend/config"
	"bridgework/backend/realtime"
)

// Publisher sends one event to every open connection of a user, on any instance. Domain packages
// declare this same method set as their own Publisher interface.
type Publisher struct{ hub *realtime.Hub }

// Publish wraps data in an event frame and hands it to the broker.
func (p Publisher) Publish(ctx context.Context, userID, eventType string, data any) error {
	ev, err := realtime.NewEvent(eventType, data)
	if err != nil {
		return err
	}
	return p.hub.Publish(ctx, userID, ev)
}

// newHub builds the websocket hub on the in-process broker, or on Redis when configured.
// hooks carries the app's presence and client-frame handlers.
func newHub(cfg config.Config, rdb *redis.Client, acc *accounts.Service, logger *slog.Logger, hooks realtime.Options) (*realtime.Hub, error) {
	var broker realtime.Broker = realtime.NewMemoryBroker()
	var hub *realtime.Hub
	if rdb != nil {
		broker = realtime.NewRedisBroker(rdb, realtime.RedisOptions{
			Prefix: cfg.RedisPrefix,
			Logger: logger,
			// Events published while this instance's subscription was down are lost to its
			// clients; tell them to refetch what they show.
			OnReconnect: func() { hub.BroadcastLocal(mustResync()) },
		})
	}
	opts := hooks
	opts.Logger = logger
	opts.AllowedOrigins = cfg.AllowedOrigins
	opts.Authenticate = func(ctx context.Context, token string) (string, error) {
		u, err := acc.Authenticate(ctx, token)
		if err != nil {
			return "", err
		}
		if u.Type == accounts.Admin {
			// The admin has read-only oversight and no live features.
			return "", errAdminNoRealtime
		}
		return u.ID, nil
	}
	var err error
	hub, err = realtime.NewHub(broker, opts)
	return hub, err
}

func mustResync() realtime.Event {
	ev, _ := realtime.NewEvent(realtime.TypeResync, map[string]any{})
	return ev
}

type adminError struct{}

func (adminError) Error() string { return "admin accounts have no realtime connection" }

var errAdminNoRealtime = adminError{}
