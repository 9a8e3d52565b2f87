package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/payments"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// TestMoneyJobs_eachJobClaimedOnce: workers claiming at once (on PostgreSQL with SKIP LOCKED)
// take each due job once; a leased job is nobody else's until its lease ends; a released one is
// due again at once, its cut-short attempt not counted; a job queued twice under one idempotency
// key is one job.
func TestMoneyJobs_eachJobClaimedOnce(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		startup := newMarketUser(t, db, accounts.Startup, "Jobs Co")
		market := store.Tasks{DB: db}
		task := newMarketTask(t, market, startup.ID, nil)
		const n = 30
		err := market.InTx(ctx, func(tx tasks.Tx) error {
			for i := range n + 1 {
				j := payments.Job{Kind: payments.JobRefund, TaskID: task.ID, FundingID: store.NewID(), Amount: 100, Currency: "USD",
					IdempotencyKey: fmt.Sprintf("refund:%d", min(i, n-1))} // the last one repeats a key
				if err := tx.EnqueueMoneyJob(j); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		queue := store.MoneyJobs{DB: db}
		now := time.Now().Add(time.Second)
		var mu sync.Mutex
		claimed := map[string]int{}
		var wg sync.WaitGroup
		for range 5 {
			wg.Go(func() {
				for {
					batch, err := queue.Claim(ctx, now, time.Minute, 4)
					if err != nil {
						t.Error(err)
						return
					}
					if len(batch) == 0 {
						return
					}
					mu.Lock()
					for _, j := range batch {
						claimed[j.ID]++
						if j.Attempts != 1 || j.StartupID != startup.ID || j.TaskTitle != task.Title {
							t.Errorf("claimed %+v", j)
						}
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(claimed) != n {
			t.Fatalf("%d jobs claimed, want %d", len(claimed), n)
		}
		for id, times := range claimed {
			if times != 1 {
				t.Errorf("job %s claimed %d times", id, times)
			}
		}
		if again, err := queue.Claim(ctx, now.Add(30*time.Second), time.Minute, 100); err != nil || len(again) != 0 {
			t.Errorf("within the lease: %d claimed, %v", len(again), err)
		}
		var one string
		for id := range claimed {
			one = id
			break
		}
		if err := queue.Release(ctx, one); err != nil {
			t.Fatal(err)
		}
		released, err := queue.Claim(ctx, now.Add(30*time.Second), time.Minute, 100)
		if err != nil || len(released) != 1 || released[0].ID != one || released[0].Attempts != 1 {
			t.Errorf("after a release: %+v, %v", released, err)
		}
		expired, err := queue.Claim(ctx, now.Add(2*time.Minute), time.Minute, 100)
		if err != nil || len(expired) != n || expired[0].Attempts != 2 {
			t.Errorf("after the lease: %d claimed, %v", len(expired), err)
		}
	})
}
