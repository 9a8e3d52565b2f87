package lease_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bridgework/backend/lease"
	"bridgework/backend/testenv"
)

// TestLease_oneWinnerPerInterval: instances asking at the same moment get one winner, the winner
// itself does not win again within the interval, and once the interval is over someone does.
func TestLease_oneWinnerPerInterval(t *testing.T) {
	ctx := context.Background()
	rdb, prefix := testenv.Redis(t)
	const interval = 400 * time.Millisecond
	var won atomic.Int32
	var wg sync.WaitGroup
	for range 8 { // eight instances, each with its own Lease on the same key
		l := lease.New(rdb, prefix+"lease:job", interval)
		wg.Go(func() {
			ok, err := l.Take(ctx)
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if won.Load() != 1 {
		t.Fatalf("%d instances won the same interval, want 1", won.Load())
	}
	again := lease.New(rdb, prefix+"lease:job", interval)
	if ok, err := again.Take(ctx); ok || err != nil {
		t.Fatalf("Take within the interval = %v, %v; want false", ok, err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		ok, err := again.Take(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the lease was never free again: a dead holder would stop the job for good")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
