package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"bridgework/backend/accounts"
	"bridgework/backend/chat"
	"bridgework/backend/config"
	"bridgework/backend/digest"
	"bridgework/backend/presence"
	"bridgework/backend/ratelimit"
	"bridgework/backend/realtime"
)

// Publisher sends events to every open connection of their users, on any instance: the one
// implementation of the domains' Publisher. The change it announces is already committed, and
// the broker sends the users of a failed publish a resync once it can, so a failure is logged,
// never returned. Its zero value publishes nothing.
//
// It hands events to the broker, not to the hub: every publish goes through the broker anyway
// (realtime.Broker), and so the services that publish are built before the hub, which calls
// them for the frames and presence changes of its sockets.
type Publisher struct {
	broker realtime.Broker
	log    *slog.Logger
}

// publishTimeout bounds one publish: a broker that does not answer (Redis down) must not hold
// the request.
const publishTimeout = time.Second

// publishContext bounds a publish by publishTimeout but not by the request: the change is
// committed, and a client that went away (a closed tab, a proxy's timeout) must not cancel its
// announcement to everyone else.
func publishContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), publishTimeout)
}

// Publish wraps data in an event frame and hands it to the broker, for every user in userIDs in
// one go (both parties of a chat message).
func (p Publisher) Publish(ctx context.Context, eventType string, data any, userIDs ...string) {
	if p.broker == nil || len(userIDs) == 0 {
		return
	}
	ev, err := realtime.NewEvent(eventType, data)
	if err == nil {
		ctx, cancel := publishContext(ctx)
		defer cancel()
		if len(userIDs) == 1 {
			err = p.broker.Publish(ctx, userIDs[0], ev)
		} else {
			err = realtime.PublishAll(ctx, p.broker, userIDs, ev)
		}
	}
	if err != nil {
		p.log.WarnContext(ctx, "publish failed", "type", eventType, "users", userIDs, "err", err)
	}
}

// PublishEach sends each user their own event of one type (dataByUser: user id → the event's
// data), batched: one round trip per realtime.PublishChunk users rather than one per user, so
// thousands of task alerts take a few round trips rather than thousands. Each chunk leaves as soon
// as its events are built, so the first users do not wait for the last ones' events.
func (p Publisher) PublishEach(ctx context.Context, eventType string, dataByUser map[string]any) {
	if p.broker == nil || len(dataByUser) == 0 {
		return
	}
	chunk := make([]realtime.Envelope, 0, min(len(dataByUser), realtime.PublishChunk))
	failed := false
	send := func() {
		// publishTimeout a round trip: a whole audience in one second would cut off the last
		// thousands of students on a busy machine.
		ctx, cancel := publishContext(ctx)
		defer cancel()
		// After a failure the next chunks are still handed over, so that the broker owes each
		// of their users a resync; with Redis gone its circuit breaker refuses them at once.
		if err := realtime.PublishEach(ctx, p.broker, chunk); err != nil && !failed {
			failed = true
			p.log.WarnContext(ctx, "publish failed", "type", eventType, "users", len(dataByUser), "err", err)
		}
		chunk = chunk[:0]
	}
	for userID, data := range dataByUser {
		chunk = append(chunk, realtime.Envelope{UserID: userID, Type: eventType, Data: data})
		if len(chunk) == realtime.PublishChunk {
			send()
		}
	}
	if len(chunk) > 0 {
		send()
	}
}

// live is the realtime side of the app: the hub on its broker, presence across instances, and
// chat's handlers for the frames clients send.
type live struct {
	hub      *realtime.Hub
	presence *presence.Watcher
	// sweep takes the users of dead instances offline (Redis only). Build starts it once
	// everything it announces through is wired; shutdown stops it before presence closes, so
	// that none of its announcements is dropped.
	sweep    *presence.Sweeper
	sweeping *jobs
	// closers run last, in order, once no socket is left to publish for.
	closers []func() error
}

// presenceTracker is who is online: in memory, or in Redis shared by the instances, with the
// sweeper that takes the users of dead instances offline and how to close the tracker.
func presenceTracker(cfg config.Config, rdb *redis.Client, logger *slog.Logger) (presence.Tracker, *presence.Sweeper, func() error) {
	if rdb == nil {
		return presence.NewMemory(), nil, func() error { return nil }
	}
	tracker := presence.NewRedis(rdb, presence.RedisOptions{
		Prefix: cfg.RedisPrefix, TTL: cfg.PresenceTTL, Heartbeat: cfg.PresenceHeartbeat, Logger: logger,
	})
	return tracker, presence.NewSweeper(tracker, cfg.PresenceSweepInterval), func() error { tracker.Close(); return nil }
}

// newBroker is the in-process broker, or Redis's when configured, and how to close it.
// onReconnect runs when the Redis subscription works again after it failed.
func newBroker(cfg config.Config, rdb *redis.Client, logger *slog.Logger, onReconnect func()) (realtime.Broker, func() error) {
	if rdb == nil {
		return realtime.NewMemoryBroker(), func() error { return nil }
	}
	broker := realtime.NewRedisBroker(rdb, realtime.RedisOptions{Prefix: cfg.RedisPrefix, Logger: logger, OnReconnect: onReconnect})
	return broker, broker.Close
}

// presenceChanges is what happens when a user's first tab opens or last tab closes on any
// instance: chat tells their partners, and a digest starts waiting for them.
func presenceChanges(chatSvc *chat.Service, digestsSvc *digest.Service) func(ctx context.Context, userID string, online bool) {
	return func(ctx context.Context, userID string, online bool) {
		chatSvc.AnnouncePresence(ctx, userID, online)
		if !online {
			digestsSvc.Seen(ctx, userID) // a digest waits DIGEST_OFFLINE_AFTER from the last tab's close
		}
	}
}

// newHub builds the websocket hub on broker with chat's hooks: a user's first and last socket on
// this instance feed the presence watcher, "typing" and "read" frames go to chat, and accounts
// says whose token a socket carries.
func newHub(cfg config.Config, broker realtime.Broker, accountsSvc *accounts.Service, watcher *presence.Watcher,
	chatSvc *chat.Service, limiter ratelimit.Limiter, logger *slog.Logger) (*realtime.Hub, error) {
	return realtime.NewHub(broker, realtime.Options{
		Authenticate: func(ctx context.Context, token string) (string, string, error) {
			u, err := accountsSvc.Authenticate(ctx, token)
			if err != nil {
				return "", "", err
			}
			if u.Type == accounts.Admin {
				// The admin has read-only oversight and no live features.
				return "", "", errAdminNoRealtime
			}
			return u.ID, u.SessionID, nil
		},
		AllowedOrigins: cfg.AllowedOrigins,
		OnConnect:      watcher.Connected,
		OnDisconnect:   watcher.Disconnected,
		ClientFrames:   chat.ClientFrames,
		OnClientEvent:  func(userID string, ev realtime.Event) { chatSvc.HandleClientEvent(userID, ev.Type, ev.Data) },
		MaxPerUser:     cfg.WSMaxPerUser,
		MaxPerIP:       cfg.WSMaxPerIP,
		PingInterval:   cfg.WSPingInterval,
		Admit:          admitSockets(newHeadroom(cfg.FDReserve), limiter, cfg.WSHandshakesPerIP),
		Logger:         logger,
	})
}

// shutdown closes every socket with 1001, stops the sweep, lets presence announce who went
// offline (through the broker, so before it closes), then closes the broker.
func (l *live) shutdown(ctx context.Context) error {
	err := l.hub.Shutdown(ctx)
	err = errors.Join(err, l.sweeping.stop(ctx), l.presence.Close(ctx))
	for _, c := range l.closers {
		err = errors.Join(err, c())
	}
	return err
}

// startSweep starts the presence sweep of the scaled setup.
func (l *live) startSweep() {
	if l.sweep != nil {
		l.sweeping.start(l.sweep.Run)
	}
}

// registerMetrics exports the hub's counters and the presence backlog on /metrics.
func (l *live) registerMetrics(reg prometheus.Registerer) {
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bridgework_ws_connected_clients", Help: "Authenticated websockets open on this instance.",
		}, func() float64 { return float64(l.hub.Stats().Connected) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "bridgework_ws_slow_clients_dropped_total", Help: "Websockets closed because their send buffer was full.",
		}, func() float64 { return float64(l.hub.Stats().DroppedSlow) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bridgework_presence_pending", Help: "Presence changes (sockets opened or closed) waiting to be applied and announced.",
		}, func() float64 { return float64(l.presence.Pending()) }),
	)
}

type adminError struct{}

func (adminError) Error() string { return "admin accounts have no realtime connection" }

var errAdminNoRealtime = adminError{}
