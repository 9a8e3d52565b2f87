package presence

import (
	"context"
	"log/slog"
	"time"

	"bridgework/backend/fifo"
)

// Watcher turns the hub's OnConnect and OnDisconnect hooks into Tracker calls and, when a user
// comes online or goes offline everywhere, into OnChange calls. Hooks must return at once, and a
// disconnect must never overtake the connect before it, so one goroutine works through a queue.
type Watcher struct {
	tracker  Tracker
	onChange func(ctx context.Context, userID string, online bool)
	log      *slog.Logger
	queue    *fifo.Queue[change]
}

type change struct {
	userID string
	kind   changeKind
}

type changeKind int

const (
	connected changeKind = iota
	disconnected
	recheck // the tracker found a change by itself: announce the user's current state
)

func (k changeKind) String() string { return [...]string{"connected", "disconnected", "recheck"}[k] }

// callTimeout bounds one tracker call plus its announcement.
const callTimeout = 5 * time.Second

// selfChanging is a Tracker that also finds changes by itself (Redis: a sweep took a dead
// instance's users offline, a heartbeat put back an entry that was gone).
type selfChanging interface {
	SetOnChange(func(userID string))
}

// NewWatcher starts a watcher; Close drains and stops it. The changes a tracker finds by itself
// go through the same queue, so they are announced in order with the hub's.
func NewWatcher(t Tracker, onChange func(ctx context.Context, userID string, online bool), log *slog.Logger) *Watcher {
	if log == nil {
		log = slog.Default()
	}
	w := &Watcher{tracker: t, onChange: onChange, log: log}
	w.queue = fifo.New(w.apply)
	if s, ok := t.(selfChanging); ok {
		s.SetOnChange(w.Recheck)
	}
	return w
}

// Connected is the hub's OnConnect.
func (w *Watcher) Connected(userID string) { w.queue.Push(change{userID, connected}) }

// Disconnected is the hub's OnDisconnect.
func (w *Watcher) Disconnected(userID string) { w.queue.Push(change{userID, disconnected}) }

// Recheck announces userID's state as the tracker has it when its turn comes. The state, not the
// change that was found, is announced: a hook queued before may have changed it since.
func (w *Watcher) Recheck(userID string) { w.queue.Push(change{userID, recheck}) }

func (w *Watcher) apply(c change) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	var (
		changed, online bool
		err             error
	)
	switch c.kind {
	case connected:
		changed, err = w.tracker.Connected(ctx, c.userID)
		online = true
	case disconnected:
		changed, err = w.tracker.Disconnected(ctx, c.userID)
	case recheck:
		var states map[string]bool
		states, err = w.tracker.Online(ctx, []string{c.userID})
		changed, online = true, states[c.userID]
	}
	if err != nil {
		w.log.Warn("presence update failed", "userId", c.userID, "change", c.kind, "err", err)
		return
	}
	if changed && w.onChange != nil {
		w.onChange(ctx, c.userID, online)
	}
}

// Close applies what is queued (the hub's last disconnects on shutdown) and stops, or gives up
// when ctx ends. Changes reported after Close are dropped.
func (w *Watcher) Close(ctx context.Context) error { return w.queue.Close(ctx) }

// Pending is how many changes wait to be applied: thousands for a while after a burst of
// connects (an instance's clients reconnecting), each a few round trips to Redis and the database.
func (w *Watcher) Pending() int { return w.queue.Pending() }
