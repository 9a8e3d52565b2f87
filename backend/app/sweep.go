package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"bridgework/backend/store"
)

// sweepInterval is how often one instance of the cluster deletes unreferenced uploads.
const sweepInterval = time.Hour

// uploadSweep deletes the uploads nothing references (an avatar picked but never saved, a task
// image dropped from the form) once they are older than age. Every instance runs the loop; a
// Redis lease lets one of them sweep per interval. The embedded setup is one instance.
type uploadSweep struct {
	files  store.Files
	rdb    *redis.Client // nil: no lease needed
	lease  string
	age    time.Duration
	logger *slog.Logger
}

func (s *uploadSweep) run(ctx context.Context) {
	tick := time.NewTicker(sweepInterval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if _, _, err := s.sweep(ctx, time.Now()); err != nil && ctx.Err() == nil {
				s.logger.Error("upload sweep", "err", err)
			}
		}
	}
}

// sweep deletes the orphans older than age at now, unless another instance holds this
// interval's lease; it reports whether it ran and how many files it deleted.
func (s *uploadSweep) sweep(ctx context.Context, now time.Time) (ran bool, deleted int64, err error) {
	if s.rdb != nil {
		// The lease is not released: it expires a little before the next interval, so each
		// interval has exactly one sweep whichever instance wins it.
		won, err := s.rdb.SetNX(ctx, s.lease, "1", sweepInterval-time.Minute).Result()
		if err != nil || !won {
			return false, 0, err
		}
	}
	for {
		n, err := s.files.DeleteOrphans(ctx, now.Add(-s.age), 500)
		deleted += n
		if err != nil || n < 500 {
			if deleted > 0 {
				s.logger.Info("upload sweep", "deleted", deleted)
			}
			return true, deleted, err
		}
	}
}
