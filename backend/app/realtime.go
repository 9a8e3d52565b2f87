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
type Publisher struct {
	hub *realtime.Hub
	log *slog.Logger
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
	if p.hub == nil || len(userIDs) == 0 {
		return
	}
	ev, err := realtime.NewEvent(eventType, data)
	if err == nil {
		ctx, cancel := publishContext(ctx)
		defer cancel()
		if len(userIDs) == 1 {
			err = p.hub.Publish(ctx, userIDs[0], ev)
		} else {
			err = p.hub.PublishAll(ctx, userIDs, ev)
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
	if p.hub == nil || len(dataByUser) == 0 {
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
		if err := p.hub.PublishEach(ctx, chunk); err != nil && !failed {
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
	tracker  presence.Tracker
	// sweep takes the users of dead instances offline (Redis only). Build starts it once
	// everything it announces through is wired; shutdown stops it before presence closes, so
	// that none of its announcements is dropped.
	sweep    *presence.Sweeper
	sweeping *jobs
	// closers run last, in order, once no socket is left to publish for.
	closers []func() error
}

// newLive builds the hub with chat's hooks: a user's first and last socket on this instance
// feed the presence tracker (memory, or Redis shared by instances), whose online/offline
// changes chat announces to the user's partners; "typing" and "read" frames go to chat.
func newLive(cfg config.Config, rdb *redis.Client, acc *accounts.Service, chatService *chat.Service, digests *digest.Service, limiter ratelimit.Limiter, logger *slog.Logger) (*live, error) {
	l := &live{tracker: presence.NewMemory(), sweeping: newJobs()}
	if rdb != nil {
		tracker := presence.NewRedis(rdb, presence.RedisOptions{
			Prefix: cfg.RedisPrefix, TTL: cfg.PresenceTTL, Heartbeat: cfg.PresenceHeartbeat, Logger: logger,
		})
		l.tracker = tracker
		l.closers = append(l.closers, func() error { tracker.Close(); return nil })
		l.sweep = presence.NewSweeper(tracker, cfg.PresenceSweepInterval)
	}
	l.presence = presence.NewWatcher(l.tracker, func(ctx context.Context, userID string, online bool) {
		chatService.AnnouncePresence(ctx, userID, online)
		if !online {
			digests.Seen(ctx, userID) // a digest waits DIGEST_OFFLINE_AFTER from the last tab's close
		}
	}, logger)
	hub, closeBroker, err := newHub(cfg, rdb, acc, logger, realtime.Options{
		OnConnect:     l.presence.Connected,
		OnDisconnect:  l.presence.Disconnected,
		ClientFrames:  chat.ClientFrames,
		OnClientEvent: func(userID string, ev realtime.Event) { chatService.HandleClientEvent(userID, ev.Type, ev.Data) },
		MaxPerUser:    cfg.WSMaxPerUser,
		MaxPerIP:      cfg.WSMaxPerIP,
		PingInterval:  cfg.WSPingInterval,
		Admit:         admitSockets(newHeadroom(cfg.FDReserve), limiter, cfg.WSHandshakesPerIP),
	})
	if err != nil {
		return nil, err
	}
	l.hub = hub
	l.closers = append(l.closers, closeBroker)
	return l, nil
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

// newHub builds the websocket hub on the in-process broker, or on Redis when configured, and
// returns how to close that broker. hooks carries the app's presence and client-frame handlers.
func newHub(cfg config.Config, rdb *redis.Client, acc *accounts.Service, logger *slog.Logger, hooks realtime.Options) (*realtime.Hub, func() error, error) {
	var broker realtime.Broker = realtime.NewMemoryBroker()
	closeBroker := func() error { return nil }
	var hub *realtime.Hub
	if rdb != nil {
		redisBroker := realtime.NewRedisBroker(rdb, realtime.RedisOptions{
			Prefix: cfg.RedisPrefix,
			Logger: logger,
			// Events published while this instance's subscription was down are lost to its
			// clients; tell them to refetch what they show.
			OnReconnect: func() { hub.BroadcastLocal(realtime.NewResync()) },
		})
		broker, closeBroker = redisBroker, redisBroker.Close
	}
	opts := hooks
	opts.Logger = logger
	opts.AllowedOrigins = cfg.AllowedOrigins
	opts.Authenticate = func(ctx context.Context, token string) (string, string, error) {
		u, err := acc.Authenticate(ctx, token)
		if err != nil {
			return "", "", err
		}
		if u.Type == accounts.Admin {
			// The admin has read-only oversight and no live features.
			return "", "", errAdminNoRealtime
		}
		return u.ID, u.SessionID, nil
	}
	var err error
	hub, err = realtime.NewHub(broker, opts)
	if err != nil {
		_ = closeBroker()
		return nil, nil, err
	}
	return hub, closeBroker, nil
}

type adminError struct{}

func (adminError) Error() string { return "admin accounts have no realtime connection" }

var errAdminNoRealtime = adminError{}
