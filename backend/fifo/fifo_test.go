package fifo_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"bridgework/backend/fifo"
)

// recorder is an apply function that keeps what it was given.
type recorder struct {
	mu    sync.Mutex
	items []int
}

func (r *recorder) apply(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.items = append(r.items, n)
}

func (r *recorder) got() []int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]int(nil), r.items...)
}

// TestQueue_appliesInPushOrderAndCloseDrains: everything pushed before Close is applied, in
// order, by the time Close returns; a push after Close is refused and never applied.
func TestQueue_appliesInPushOrderAndCloseDrains(t *testing.T) {
	var r recorder
	q := fifo.New(r.apply)
	for i := range 1000 {
		if !q.Push(i) {
			t.Fatalf("push %d refused before Close", i)
		}
	}
	if err := q.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := r.got()
	if len(got) != 1000 {
		t.Fatalf("applied %d items, want 1000", len(got))
	}
	for i, n := range got {
		if n != i {
			t.Fatalf("item %d applied as number %d", n, i)
		}
	}
	if q.Push(1000) {
		t.Error("a push after Close was accepted")
	}
	if err := q.Close(context.Background()); err != nil {
		t.Errorf("a second Close: %v", err)
	}
	if len(r.got()) != 1000 {
		t.Errorf("a push after Close was applied")
	}
}

// TestQueue_pushNeverWaitsForApply: while apply is stuck (a network call hanging), pushes still
// return at once and count as pending, and the queue catches up once apply is released.
func TestQueue_pushNeverWaitsForApply(t *testing.T) {
	release := make(chan struct{})
	var r recorder
	q := fifo.New(func(n int) {
		<-release
		r.apply(n)
	})
	pushed := make(chan struct{})
	go func() {
		defer close(pushed)
		for i := range 10_000 {
			q.Push(i)
		}
	}()
	select {
	case <-pushed:
	case <-time.After(10 * time.Second):
		t.Fatal("Push waited for a stuck apply")
	}
	if n := q.Pending(); n != 10_000 { // the one being applied, if taken, counts
		t.Errorf("%d pending while apply is stuck, want 10000", n)
	}
	close(release)
	if err := q.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := q.Pending(); n != 0 {
		t.Errorf("%d pending once drained", n)
	}
	if got := r.got(); len(got) != 10_000 || got[0] != 0 || got[9999] != 9999 {
		t.Fatalf("applied %d items after release", len(got))
	}
}

// TestQueue_closeGivesUpWithItsContext: Close returns ctx's error when apply takes longer; the
// queue still drains afterwards.
func TestQueue_closeGivesUpWithItsContext(t *testing.T) {
	release := make(chan struct{})
	var r recorder
	q := fifo.New(func(n int) {
		<-release
		r.apply(n)
	})
	q.Push(1)
	q.Push(2)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := q.Close(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Close with a stuck apply: %v, want the deadline", err)
	}
	close(release)
	if err := q.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := r.got(); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("applied %v, want [1 2]", got)
	}
}

// TestQueue_concurrentPushersKeepTheirOwnOrder: with many goroutines pushing at once (run it
// with -race), every item is applied exactly once and each pusher's items in its own order.
func TestQueue_concurrentPushersKeepTheirOwnOrder(t *testing.T) {
	const pushers, each = 8, 500
	var r recorder
	q := fifo.New(r.apply)
	var wg sync.WaitGroup
	for p := range pushers {
		wg.Go(func() {
			for i := range each {
				q.Push(p*each + i)
			}
		})
	}
	wg.Wait()
	if err := q.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := r.got()
	if len(got) != pushers*each {
		t.Fatalf("applied %d items, want %d", len(got), pushers*each)
	}
	next := make([]int, pushers) // the next item expected from each pusher
	for _, n := range got {
		p, i := n/each, n%each
		if i != next[p] {
			t.Fatalf("pusher %d: item %d applied before item %d", p, i, next[p])
		}
		next[p]++
	}
}
