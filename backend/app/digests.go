package app

import (
	"context"
	"log/slog"
	"time"

	"bridgework/backend/digest"
	"bridgework/backend/lease"
)

// digestJob looks for digests to queue every interval. Every instance runs the loop; with Redis a
// lease lets one of them run per interval (two at once could queue one user's digest twice).
type digestJob struct {
	digests  *digest.Service
	lease    *lease.Lease // nil: one instance
	interval time.Duration
	logger   *slog.Logger
}

func (j *digestJob) run(ctx context.Context) {
	every(ctx, j.interval, func(ctx context.Context) {
		if j.lease != nil {
			if won, err := j.lease.Take(ctx); err != nil || !won {
				return
			}
		}
		if n, err := j.digests.Run(ctx, time.Now()); err != nil && ctx.Err() == nil {
			j.logger.Error("digests", "err", err)
		} else if n > 0 {
			j.logger.Info("digests queued", "mails", n)
		}
	})
}
