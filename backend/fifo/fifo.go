// Package fifo is a queue that one goroutine works through in the order items were pushed, while
// whoever pushes never waits. The websocket hub hands it work that makes network calls (broker
// subscriptions, presence updates): the hub must keep running meanwhile, and a user's "offline"
// must never overtake the "online" before it.
package fifo

import (
	"context"
	"sync"
)

// Queue calls apply for every pushed item, one at a time and in push order, on its own
// goroutine. It holds however many items are waiting (it is unbounded), so Push never blocks.
type Queue[T any] struct {
	apply func(T)

	mu       sync.Mutex
	items    []T
	applying bool // an item taken off items is being applied
	closed   bool
	wake     chan struct{} // one pending signal is enough: run looks at items again under mu
	done     chan struct{} // closed when run has returned
}

// New starts a queue that calls apply for each item; Close drains and stops it.
func New[T any](apply func(T)) *Queue[T] {
	q := &Queue[T]{apply: apply, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go q.run()
	return q
}

// Push queues item and returns at once. After Close the item is dropped and Push reports false.
func (q *Queue[T]) Push(item T) bool {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return false
	}
	q.items = append(q.items, item)
	q.mu.Unlock()
	q.signal()
	return true
}

// Close refuses further items, lets the goroutine apply everything already queued and waits for
// it to stop. If ctx ends first Close returns ctx's error; the queue is still drained, later.
// Calling Close again waits again.
func (q *Queue[T]) Close(ctx context.Context) error {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.signal()
	select {
	case <-q.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Pending is how many items are queued or being applied.
func (q *Queue[T]) Pending() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := len(q.items)
	if q.applying {
		n++
	}
	return n
}

func (q *Queue[T]) signal() {
	select {
	case q.wake <- struct{}{}:
	default: // already awake or about to be
	}
}

func (q *Queue[T]) run() {
	defer close(q.done)
	for {
		q.mu.Lock()
		q.applying = false
		if len(q.items) == 0 {
			closed := q.closed
			q.mu.Unlock()
			if closed {
				return
			}
			<-q.wake
			continue
		}
		item := q.items[0]
		var zero T
		q.items[0] = zero // the backing array must not keep an applied item alive
		q.items = q.items[1:]
		q.applying = true
		q.mu.Unlock()
		q.apply(item)
	}
}
