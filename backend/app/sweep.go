package app

import (
	"context"
	"log/slog"
	"time"

	"bridgework/backend/lease"
	"bridgework/backend/matching"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
)

// sweepInterval is how often one instance of the cluster deletes unreferenced uploads.
const sweepInterval = time.Hour

// uploadSweep deletes the uploads nothing references (an avatar picked but never saved, a task
// image dropped from the form) once they are older than age. Every instance runs the loop; a
// Redis lease lets one of them sweep per interval. The embedded setup is one instance.
type uploadSweep struct {
	files  store.Files
	lease  *lease.Lease // nil: one instance, no lease needed
	age    time.Duration
	logger *slog.Logger
}

func (s *uploadSweep) run(ctx context.Context) {
	every(ctx, sweepInterval, func(ctx context.Context) {
		if _, _, err := s.sweep(ctx, time.Now()); err != nil && ctx.Err() == nil {
			s.logger.Error("upload sweep", "err", err)
		}
	})
}

// sweep deletes the orphans older than age at now, unless another instance holds this
// interval's lease; it reports whether it ran and how many files it deleted.
func (s *uploadSweep) sweep(ctx context.Context, now time.Time) (ran bool, deleted int64, err error) {
	if s.lease != nil {
		won, err := s.lease.Take(ctx)
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

// deadlineSweepInterval is how often an instance takes the tasks past their deadline off the
// open market (tasks.Service.UnlistPastDeadlines). The update is idempotent and reads one index,
// so every instance may run it; new work is refused at the deadline itself by SubmitLink.
const deadlineSweepInterval = time.Minute

// unlistPastDeadlines runs marketplace.UnlistPastDeadlines every deadlineSweepInterval.
func unlistPastDeadlines(marketplace *tasks.Service, logger *slog.Logger) func(ctx context.Context) {
	return func(ctx context.Context) {
		every(ctx, deadlineSweepInterval, func(ctx context.Context) {
			if n, err := marketplace.UnlistPastDeadlines(ctx); err != nil && ctx.Err() == nil {
				logger.Error("deadline sweep", "err", err)
			} else if n > 0 {
				logger.Info("deadline sweep", "unlisted", n)
			}
		})
	}
}

// releaseInterval is how often an instance makes the automatic approvals due (tasks.Service.
// ReleaseOverdue). Every instance may: an approval locks its task, so of two instances releasing
// the same work one approves and the other finds it decided, and a warning is noted once.
const releaseInterval = time.Minute

// releaseOverdue runs marketplace.ReleaseOverdue every releaseInterval.
func releaseOverdue(marketplace *tasks.Service, logger *slog.Logger) func(ctx context.Context) {
	return func(ctx context.Context) {
		every(ctx, releaseInterval, func(ctx context.Context) {
			if n, err := marketplace.ReleaseOverdue(ctx); err != nil && ctx.Err() == nil {
				logger.Error("automatic approvals", "err", err)
			} else if n > 0 {
				logger.Info("automatic approvals", "approved", n)
			}
		})
	}
}

// refreshMatching rebuilds the signals matches and recommendations rank by at start and then
// every interval, on the instance that takes the interval's lease (nil: one instance).
func refreshMatching(ranking *matching.Service, interval time.Duration, l *lease.Lease, logger *slog.Logger) func(ctx context.Context) {
	refresh := func(ctx context.Context) {
		if l != nil {
			if won, err := l.Take(ctx); err != nil || !won {
				return
			}
		}
		started := time.Now()
		if err := ranking.Refresh(ctx); err != nil && ctx.Err() == nil {
			logger.Error("matching refresh", "err", err)
			return
		}
		logger.Info("matching refresh", "took", time.Since(started).Round(time.Millisecond))
	}
	return func(ctx context.Context) {
		refresh(ctx)
		every(ctx, interval, refresh)
	}
}
