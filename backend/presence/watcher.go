package presence

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Watcher turns the hub's OnConnect and OnDisconnect hooks into Tracker calls and, when a user
// comes online or goes offline everywhere, into OnChange calls. Hooks must return at once, and a
// disconnect must never overtake the connect before it, so one goroutine works through a queue.
type Watcher struct {
	tracker  Tracker
	onChange func(ctx context.Context, userID string, online bool)
	log      *slog.Logger

	mu     sync.Mutex
	queue  []change
	closed bool
	wake   chan struct{}
	done   chan struct{}
}

type change struct {
	userID string
	online bool
}

// callTimeout bounds one tracker call plus its announcement.
const callTimeout = 5 * time.Second

// NewWatcher starts a watcher; Close drains and stops it.
func NewWatcher(t Tracker, onChange func(ctx context.Context, userID string, online bool), log *slog.Logger) *Watcher {
	if log == nil {
		log = slog.Default()
	}
	w := &Watcher{tracker: t, onChange: onChange, log: log, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go w.run()
	return w
}

// Connected is the hub's OnConnect.
func (w *Watcher) Connected(userID string) { w.enqueue(change{userID, true}) }

// Disconnected is the hub's OnDisconnect.
func (w *Watcher) Disconnected(userID string) { w.enqueue(change{userID, false}) }

func (w *Watcher) enqueue(c change) {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return
	}
	w.queue = append(w.queue, c)
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *Watcher) run() {
	defer close(w.done)
	for {
		w.mu.Lock()
		if len(w.queue) == 0 {
			closed := w.closed
			w.mu.Unlock()
			if closed {
				return
			}
			<-w.wake
			continue
		}
		c := w.queue[0]
		w.queue = w.queue[1:]
		w.mu.Unlock()
		w.apply(c)
	}
}

func (w *Watcher) apply(c change) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	var (
		changed bool
		err     error
	)
	if c.online {
		changed, err = w.tracker.Connected(ctx, c.userID)
	} else {
		changed, err = w.tracker.Disconnected(ctx, c.userID)
	}
	if err != nil {
		w.log.Warn("presence update failed", "userId", c.userID, "online", c.online, "err", err)
		return
	}
	if changed && w.onChange != nil {
		w.onChange(ctx, c.userID, c.online)
	}
}

// Close applies what is queued (the hub's last disconnects on shutdown) and stops, or gives up
// when ctx ends.
func (w *Watcher) Close(ctx context.Context) error {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
	select {
	case <-w.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
