package realtime

import (
	"context"
	"log/slog"
	"time"

	"bridgework/backend/fifo"
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
// meanwhile. One goroutine, one FIFO queue (unbounded, so enqueue never blocks
// the hub): an offline transition can never overtake the online one before it,
// for the broker or for the hooks.
type subscriptionWorker struct {
	broker       Broker
	timeout      time.Duration
	onConnect    func(string)
	onDisconnect func(string)
	log          *slog.Logger
	queue        *fifo.Queue[*transition]
}

func newSubscriptionWorker(b Broker, opts Options, log *slog.Logger) *subscriptionWorker {
	w := &subscriptionWorker{
		broker:       b,
		timeout:      opts.BrokerTimeout,
		onConnect:    opts.OnConnect,
		onDisconnect: opts.OnDisconnect,
		log:          log,
	}
	w.queue = fifo.New(w.apply)
	return w
}

// enqueue is called by the hub goroutine only, which stops before close: no
// transition is ever dropped by a closed queue and left without done.
func (w *subscriptionWorker) enqueue(userID string, online bool) *transition {
	t := &transition{userID: userID, online: online, done: make(chan struct{})}
	w.queue.Push(t)
	return t
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
func (w *subscriptionWorker) close() { _ = w.queue.Close(context.Background()) }
