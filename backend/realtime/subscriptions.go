package realtime

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// transition is one user going online or offline on this instance.
type transition struct {
	userID string
	online bool
	done   chan struct{} // closed once the broker call returned
	err    error         // written before done is closed
}

// subscriptionWorker applies transitions to the broker in the order the hub
// produced them, off the hub goroutine: a broker call is a network round trip
// (and may wait for a Redis reconnect), and the hub must keep delivering
// meanwhile. One goroutine, one FIFO queue: an offline transition can never
// overtake the online one before it, for the broker or for the hooks.
type subscriptionWorker struct {
	broker       Broker
	timeout      time.Duration
	onConnect    func(string)
	onDisconnect func(string)
	log          *slog.Logger

	mu     sync.Mutex
	queue  []*transition // unbounded, so enqueue never blocks the hub
	closed bool
	wake   chan struct{}
	done   chan struct{}
}

func newSubscriptionWorker(b Broker, opts Options, log *slog.Logger) *subscriptionWorker {
	w := &subscriptionWorker{
		broker:       b,
		timeout:      opts.BrokerTimeout,
		onConnect:    opts.OnConnect,
		onDisconnect: opts.OnDisconnect,
		log:          log,
		wake:         make(chan struct{}, 1),
		done:         make(chan struct{}),
	}
	go w.run()
	return w
}

func (w *subscriptionWorker) enqueue(userID string, online bool) *transition {
	t := &transition{userID: userID, online: online, done: make(chan struct{})}
	w.mu.Lock()
	w.queue = append(w.queue, t)
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default: // already awake or about to be
	}
	return t
}

func (w *subscriptionWorker) run() {
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
		t := w.queue[0]
		w.queue[0] = nil
		w.queue = w.queue[1:]
		w.mu.Unlock()
		w.apply(t)
	}
}

func (w *subscriptionWorker) apply(t *transition) {
	ctx, cancel := context.WithTimeout(context.Background(), w.timeout)
	defer cancel()
	if t.online {
		t.err = w.broker.Subscribe(ctx, t.userID)
		if t.err != nil {
			w.log.Error("broker subscribe failed", "userId", t.userID, "err", t.err)
		}
		close(t.done)
		if w.onConnect != nil {
			w.onConnect(t.userID)
		}
		return
	}
	t.err = w.broker.Unsubscribe(ctx, t.userID)
	if t.err != nil {
		w.log.Warn("broker unsubscribe failed", "userId", t.userID, "err", t.err)
	}
	close(t.done)
	if w.onDisconnect != nil {
		w.onDisconnect(t.userID)
	}
}

// close lets the worker finish the queue (the offline transitions of the
// last connections) and waits for it.
func (w *subscriptionWorker) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
	<-w.done
}
