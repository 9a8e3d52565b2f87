package batch

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestQueue_callsDuringABatchShareTheNext: while a batch runs, the calls that arrive wait, then
// run together as the next batch, each getting its own result.
func TestQueue_callsDuringABatchShareTheNext(t *testing.T) {
	var (
		q       Queue[int]
		mu      sync.Mutex
		batches [][]int
		release = make(chan struct{})
		entered = make(chan struct{}, 1)
	)
	run := func(items []int) []error {
		mu.Lock()
		first := len(batches) == 0
		batches = append(batches, slices.Clone(items))
		mu.Unlock()
		if first {
			entered <- struct{}{}
			<-release // the first batch runs until the others have queued
		}
		errs := make([]error, len(items))
		for i, v := range items {
			if v%2 == 1 {
				errs[i] = fmt.Errorf("odd %d", v)
			}
		}
		return errs
	}
	results := make([]error, 11)
	var wg sync.WaitGroup
	wg.Go(func() { results[0] = q.Do(0, run) })
	<-entered
	for i := 1; i <= 10; i++ {
		wg.Go(func() { results[i] = q.Do(i, run) })
	}
	waitQueued(t, &q, 10)
	close(release)
	wg.Wait()

	if len(batches) != 2 || len(batches[0]) != 1 || len(batches[1]) != 10 {
		t.Fatalf("batches %v: want the first call alone, then the ten others together", batches)
	}
	for i, err := range results {
		if want := i%2 == 1; (err != nil) != want || (want && err.Error() != fmt.Sprint("odd ", i)) {
			t.Errorf("call %d got %v", i, err)
		}
	}
}

// TestQueue_maxBoundsABatch: what queued beyond Max runs in the batches after.
func TestQueue_maxBoundsABatch(t *testing.T) {
	q := Queue[int]{Max: 4}
	var (
		mu      sync.Mutex
		sizes   []int
		release = make(chan struct{})
		entered = make(chan struct{}, 1)
	)
	run := func(items []int) []error {
		mu.Lock()
		first := len(sizes) == 0
		sizes = append(sizes, len(items))
		mu.Unlock()
		if first {
			entered <- struct{}{}
			<-release
		}
		return make([]error, len(items))
	}
	var wg sync.WaitGroup
	wg.Go(func() { _ = q.Do(0, run) })
	<-entered
	for i := range 10 {
		wg.Go(func() { _ = q.Do(i, run) })
	}
	waitQueued(t, &q, 10)
	close(release)
	wg.Wait()
	if !slices.Equal(sizes, []int{1, 4, 4, 2}) {
		t.Errorf("batch sizes %v, want [1 4 4 2]", sizes)
	}
}

// TestQueue_aloneRunsAtOnce: a call with no batch started within the interval does not wait.
func TestQueue_aloneRunsAtOnce(t *testing.T) {
	q := Queue[int]{Interval: time.Hour}
	done := make(chan error, 1)
	go func() { done <- q.Do(1, func(items []int) []error { return []error{errors.New("ran")} }) }()
	select {
	case err := <-done:
		if err == nil || err.Error() != "ran" {
			t.Errorf("got %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a lone call waited for the interval")
	}
}

func waitQueued(t *testing.T, q *Queue[int], n int) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(time.Millisecond) {
		queued := q.Waiting()
		if queued == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d calls queued, want %d", queued, n)
		}
	}
}
