// Package batch runs, as one batch, the work that goroutines hand in at the same moment: one
// INSERT and one commit for the chat messages sent together, one pipelined round trip to Redis
// for their events. Each costs about as much for one item as for many.
package batch

import (
	"errors"
	"sync"
	"time"
)

// Queue is a leader and its followers, like PostgreSQL's group commit: a call that arrives while
// a batch runs waits for it to end, and then everything that arrived meanwhile runs as the next
// batch. Batches start at least Interval apart: under load a call waits up to Interval for
// others to join it, while a call with no batch started in the last Interval runs at once and
// waits for nobody. Its zero value is ready: no interval, no bound.
type Queue[T any] struct {
	Interval time.Duration // the least time between two batches' starts
	Max      int           // the most items in one batch; 0: no bound

	mu        sync.Mutex
	queue     []*pending[T]
	running   bool      // a leader is running a batch, or waiting for Interval to pass
	lastStart time.Time // when the last batch was taken from the queue
}

type pending[T any] struct {
	item T
	// done receives errLead (this call runs the next batch) or the call's result.
	done chan error
}

// errLead is handed to the first queued call when the batch before it has run.
var errLead = errors.New("batch: run the next batch")

// Do hands item in and returns its result once a batch that holds it has run. A batch runs on
// the goroutine of one of its callers, with that caller's run: run gets the items in the order
// they arrived and returns one result for each, so every caller of a Queue passes the same work.
func (q *Queue[T]) Do(item T, run func(items []T) []error) error {
	p := &pending[T]{item: item, done: make(chan error, 1)}
	q.mu.Lock()
	q.queue = append(q.queue, p)
	if !q.running {
		q.running = true
		p.done <- errLead
	}
	q.mu.Unlock()
	for {
		err := <-p.done
		if err != errLead {
			return err
		}
		q.runNext(run)
	}
}

// Waiting is the number of calls waiting for a batch to take them.
func (q *Queue[T]) Waiting() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.queue)
}

// runNext runs the next batch, this caller's among its items, and hands the lead on.
func (q *Queue[T]) runNext(run func(items []T) []error) {
	q.mu.Lock()
	if wait := time.Until(q.lastStart.Add(q.Interval)); wait > 0 {
		// Those who arrive meanwhile queue behind this call and join its batch.
		q.mu.Unlock()
		time.Sleep(wait)
		q.mu.Lock()
	}
	q.lastStart = time.Now()
	n := len(q.queue)
	if q.Max > 0 {
		n = min(n, q.Max)
	}
	batch := q.queue[:n:n]
	q.queue = q.queue[n:]
	q.mu.Unlock()

	items := make([]T, n)
	for i, p := range batch {
		items[i] = p.item
	}
	for i, err := range run(items) {
		batch[i].done <- err
	}

	q.mu.Lock()
	if len(q.queue) > 0 {
		q.queue[0].done <- errLead
	} else {
		q.running = false
	}
	q.mu.Unlock()
}
