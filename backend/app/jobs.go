package app

import (
	"context"
	"sync"
	"time"
)

// jobs are background loops (the mail worker, the upload sweep, the presence sweep): started by
// Build, stopped and waited for by Shutdown.
type jobs struct {
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

func newJobs() *jobs {
	ctx, cancel := context.WithCancel(context.Background())
	return &jobs{ctx: ctx, cancel: cancel}
}

func (j *jobs) start(run func(ctx context.Context)) {
	j.wg.Add(1)
	go func() {
		defer j.wg.Done()
		run(j.ctx)
	}()
}

// stop ends every job and waits for them, or for ctx.
func (j *jobs) stop(ctx context.Context) error {
	j.cancel()
	done := make(chan struct{})
	go func() { j.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// every calls fn each interval until ctx ends (a periodic job's loop).
func every(ctx context.Context, interval time.Duration, fn func(ctx context.Context)) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			fn(ctx)
		}
	}
}
