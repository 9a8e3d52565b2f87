package realtime

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/redis/go-redis/v9"

	"bridgework/backend/batch"
)

// RedisOptions configures a RedisBroker.
type RedisOptions struct {
	// Prefix goes in front of every channel name: a user's channel is
	// Prefix+"user:"+userID. Tests use a random prefix so runs never collide.
	Prefix string
	// OnReconnect is called, on the broker's receive goroutine, the first time
	// the subscription connection works again after it failed. Events published
	// during the gap are lost, so the app should tell its clients to catch up
	// (Hub.BroadcastLocal with a TypeResync event). It must not block.
	OnReconnect func()
	// HealthCheck is how often the subscription connection is pinged; a
	// connection silent for three periods is considered dead and replaced.
	// Default 3 s, like go-redis's own PubSub channel.
	HealthCheck time.Duration
	Logger      *slog.Logger
}

// RedisBroker is the Broker for several instances: one Redis pub/sub channel
// per user, and one PubSub connection per instance subscribed to the channels
// of the users connected to it. go-redis reconnects that connection and
// resubscribes its channels by itself after an error; the broker detects the
// gap so the app can send a resync. A publish that fails loses its event for
// every instance, whose subscriptions may never have had a gap: the broker
// owes its users a resync, published to them once Redis takes publishes again.
type RedisBroker struct {
	rdb  redis.UniversalClient
	ps   *redis.PubSub
	opts RedisOptions
	log  *slog.Logger
	// userPrefix and batchChannel are the channel names' parts, built once: every message
	// received is matched against them.
	userPrefix, batchChannel string

	mu         sync.Mutex
	handler    Handler
	subscribed map[string]struct{} // users; messages for anyone else are dropped
	waiters    map[string][]chan struct{}
	owed       map[string]struct{} // users whose events a failed publish lost
	owedAdded  chan struct{}       // wakes resendResyncs; capacity 1

	stop    context.CancelFunc
	ctx     context.Context
	closed  chan struct{} // receive has returned
	workers sync.WaitGroup

	// small carries the publishes to a few users (a chat message's two parties) made at the same
	// moment in one pipelined round trip.
	small batch.Queue[publication]
}

// NewRedisBroker opens the subscription connection and starts receiving.
// The caller keeps ownership of rdb; Close stops the broker but not rdb.
func NewRedisBroker(rdb redis.UniversalClient, opts RedisOptions) *RedisBroker {
	if opts.HealthCheck <= 0 {
		opts.HealthCheck = 3 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	ctx, stop := context.WithCancel(context.Background())
	b := &RedisBroker{
		rdb:          rdb,
		ps:           rdb.Subscribe(ctx), // no channels yet: the connection is dialled lazily
		opts:         opts,
		log:          opts.Logger.With("component", "realtime.redis"),
		userPrefix:   opts.Prefix + "user:",
		batchChannel: opts.Prefix + "batch",
		subscribed:   make(map[string]struct{}),
		waiters:      make(map[string][]chan struct{}),
		owed:         make(map[string]struct{}),
		owedAdded:    make(chan struct{}, 1),
		small:        batch.Queue[publication]{Max: maxSmallBatch},
		stop:         stop,
		ctx:          ctx,
		closed:       make(chan struct{}),
	}
	go b.receive()
	b.workers.Go(b.healthCheck)
	b.workers.Go(b.resendResyncs)
	return b
}

// Channel returns the Redis channel name carrying userID's events.
func (b *RedisBroker) Channel(userID string) string { return b.userPrefix + userID }

// BatchChannel is the channel every instance reads, carrying PublishEach's events for many users
// in one message each.
func (b *RedisBroker) BatchChannel() string { return b.batchChannel }

// SetHandler implements Broker.
func (b *RedisBroker) SetHandler(h Handler) {
	b.mu.Lock()
	b.handler = h
	b.mu.Unlock()
}

// Publish implements Broker.
func (b *RedisBroker) Publish(ctx context.Context, userID string, ev Event) error {
	payload, err := ev.frame()
	if err != nil {
		return fmt.Errorf("realtime: marshal event: %w", err)
	}
	return b.publishSmall(ctx, []string{userID}, payload)
}

// owe records that events for userIDs may be lost: a publish to them failed (Redis down, the
// breaker open, a timeout), perhaps after Redis had taken part of it.
func (b *RedisBroker) owe(userIDs ...string) {
	b.mu.Lock()
	for _, id := range userIDs {
		b.owed[id] = struct{}{}
	}
	b.mu.Unlock()
	select {
	case b.owedAdded <- struct{}{}:
	default: // already woken
	}
}

// resyncRetry bounds how often resendResyncs tries Redis while it fails: the app's circuit
// breaker refuses the tries at no cost while open, and lets one through as its probe after its
// cooldown (a second), so the resyncs leave about as soon as Redis is back.
const resyncRetry = time.Second

// resendResyncs publishes a resync to every owed user once Redis takes publishes again, so
// that their clients, on whatever instance, refetch what the lost events would have changed.
func (b *RedisBroker) resendResyncs() {
	for {
		select {
		case <-b.owedAdded:
		case <-b.ctx.Done():
			return
		}
		for {
			b.mu.Lock()
			users := make([]string, 0, len(b.owed))
			for id := range b.owed {
				users = append(users, id)
			}
			clear(b.owed)
			b.mu.Unlock()
			if len(users) == 0 {
				break
			}
			ctx, cancel := context.WithTimeout(b.ctx, b.opts.HealthCheck)
			err := b.PublishAll(ctx, users, NewResync())
			cancel()
			if err == nil {
				continue // more may have been owed meanwhile
			}
			// PublishAll owed them again.
			select {
			case <-time.After(resyncRetry):
			case <-b.ctx.Done():
				return
			}
		}
	}
}

// Subscribe implements Broker. It returns once Redis has confirmed the
// subscription, so an event published after it returns is delivered. If it
// fails, go-redis may still subscribe after a reconnect; Unsubscribe undoes it.
//
// The batch channel is subscribed again with every user's: Redis confirms it at no cost, and a
// user's first socket is then ready for PublishEach's events too, however long ago the instance
// first subscribed it and whatever happened to the connection since.
func (b *RedisBroker) Subscribe(ctx context.Context, userID string) error {
	b.mu.Lock()
	b.subscribed[userID] = struct{}{}
	b.mu.Unlock()
	return b.call(ctx, "subscribe", b.ps.Subscribe, b.Channel(userID), b.BatchChannel())
}

// Unsubscribe implements Broker. Delivery for userID stops at once, even
// before Redis confirms.
func (b *RedisBroker) Unsubscribe(ctx context.Context, userID string) error {
	b.mu.Lock()
	delete(b.subscribed, userID)
	b.mu.Unlock()
	return b.call(ctx, "unsubscribe", b.ps.Unsubscribe, b.Channel(userID))
}

// call sends a (un)subscribe command for channels and waits for Redis's confirmation of each,
// which the receive goroutine reads off the same connection.
func (b *RedisBroker) call(ctx context.Context, kind string, send func(context.Context, ...string) error,
	channels ...string) error {
	keys := make([]string, len(channels))
	confirmed := make([]chan struct{}, len(channels))
	b.mu.Lock()
	for i, channel := range channels {
		keys[i], confirmed[i] = kind+" "+channel, make(chan struct{})
		b.waiters[keys[i]] = append(b.waiters[keys[i]], confirmed[i])
	}
	b.mu.Unlock()
	defer func() {
		for i := range keys {
			b.dropWaiter(keys[i], confirmed[i])
		}
	}()

	if err := send(ctx, channels...); err != nil {
		return fmt.Errorf("realtime: redis %s %s: %w", kind, channels[0], err)
	}
	for _, c := range confirmed {
		select {
		case <-c:
		case <-ctx.Done():
			return fmt.Errorf("realtime: redis %s %s: no confirmation: %w", kind, channels[0], ctx.Err())
		case <-b.closed:
			return errors.New("realtime: redis broker closed")
		}
	}
	return nil
}

func (b *RedisBroker) dropWaiter(key string, w chan struct{}) {
	b.mu.Lock()
	defer b.mu.Unlock()
	list := b.waiters[key]
	for i, c := range list {
		if c == w {
			list = append(list[:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(b.waiters, key)
	} else {
		b.waiters[key] = list
	}
}

func (b *RedisBroker) confirm(kind, channel string) {
	key := kind + " " + channel
	b.mu.Lock()
	list := b.waiters[key]
	delete(b.waiters, key)
	b.mu.Unlock()
	for _, c := range list {
		close(c)
	}
}

// receive is the only reader of the PubSub connection (go-redis requires a
// single reader). An error marks a gap; the first message after it, usually
// the confirmation of go-redis's automatic resubscribe, ends it.
func (b *RedisBroker) receive() {
	defer close(b.closed)
	gap := false
	backoff := 50 * time.Millisecond
	for {
		// A deadline makes go-redis drop a silent connection: healthCheck
		// pings every period, so a live one always answers in time.
		ctx, cancel := context.WithTimeout(b.ctx, 3*b.opts.HealthCheck)
		msg, err := b.ps.Receive(ctx)
		cancel()
		if err != nil {
			if b.ctx.Err() != nil || errors.Is(err, redis.ErrClosed) {
				return
			}
			if !gap {
				b.log.Warn("redis pubsub connection lost; go-redis will reconnect", "err", err)
			}
			gap = true
			select {
			case <-time.After(backoff):
			case <-b.ctx.Done():
				return
			}
			backoff = min(2*backoff, 2*time.Second)
			continue
		}
		backoff = 50 * time.Millisecond
		if gap {
			gap = false
			b.log.Info("redis pubsub connection restored")
			if b.opts.OnReconnect != nil {
				b.opts.OnReconnect()
			}
		}
		switch m := msg.(type) {
		case *redis.Subscription:
			b.confirm(m.Kind, m.Channel)
		case *redis.Message:
			b.dispatch(m)
		}
	}
}

// eventPrefix is how every encoded Event begins.
var eventPrefix = []byte(`{"type":`)

func (b *RedisBroker) dispatch(m *redis.Message) {
	payload := bytesOf(m.Payload)
	if m.Channel == b.batchChannel {
		// Each frame is a slice of the message.
		for rest := payload; len(rest) > 0; {
			userID, frame, next, ok := nextBatched(rest)
			if !ok {
				b.log.Warn("dropping the rest of a malformed batch", "channel", m.Channel)
				return
			}
			b.deliver(m.Channel, userID, frame)
			rest = next
		}
		return
	}
	if userID, ok := strings.CutPrefix(m.Channel, b.userPrefix); ok {
		b.deliver(m.Channel, userID, payload)
	}
}

// bytesOf is s's bytes, not a copy. go-redis reads each message into a buffer of its own, and a
// frame received is only ever read (written to sockets, which copy it into their buffers):
// copying each message was a tenth of what an instance allocated sending one task's alerts to
// 10,000 students (docs/performance.md, "Fan-out"). Nothing may write to what it
// returns.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// deliver hands a frame for userID to the handler if this instance holds the user.
func (b *RedisBroker) deliver(channel, userID string, frame []byte) {
	// The frame, which our Publish or PublishEach encoded, is what the sockets get: it is only
	// checked to look like an event (an object whose first field is the type, as Event encodes),
	// not decoded, which was a tenth of an instance's CPU when one task alerted 10,000 students,
	// nor validated, which was 6 % (docs/performance.md, "Fan-out"): only they write
	// on these channels.
	if !bytes.HasPrefix(frame, eventPrefix) || !bytes.HasSuffix(frame, []byte("}")) {
		b.log.Warn("dropping undecodable event", "channel", channel)
		return
	}
	b.mu.Lock()
	_, subscribed := b.subscribed[userID]
	h := b.handler
	b.mu.Unlock()
	if subscribed && h != nil {
		h(userID, Event{encoded: frame})
	}
}

func (b *RedisBroker) healthCheck() {
	t := time.NewTicker(b.opts.HealthCheck)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			ctx, cancel := context.WithTimeout(b.ctx, b.opts.HealthCheck)
			// An error needs no handling here: go-redis replaces the
			// connection, and receive notices the gap.
			_ = b.ps.Ping(ctx)
			cancel()
		case <-b.ctx.Done():
			return
		}
	}
}

// Close stops receiving and closes the subscription connection.
func (b *RedisBroker) Close() error {
	b.stop()
	err := b.ps.Close()
	<-b.closed
	b.workers.Wait()
	if errors.Is(err, redis.ErrClosed) {
		return nil
	}
	return err
}
