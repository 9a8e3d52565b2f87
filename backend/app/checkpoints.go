package app

import (
	"context"
	"log/slog"
	"time"

	"bridgework/backend/audit"
	"bridgework/backend/lease"
)

// auditCheckpoints logs the audit trail's head, signed, every interval (audit.WriteCheckpoint),
// so that the log shipped off the box keeps what the database held. Every instance runs the loop;
// with Redis a lease lets one of them write each interval's checkpoint.
type auditCheckpoints struct {
	trail    *audit.Service
	lease    *lease.Lease // nil: one instance
	interval time.Duration
	logger   *slog.Logger
}

func (j *auditCheckpoints) run(ctx context.Context) {
	every(ctx, j.interval, func(ctx context.Context) {
		if j.lease != nil {
			if won, err := j.lease.Take(ctx); err != nil || !won {
				return
			}
		}
		if err := j.trail.WriteCheckpoint(ctx, time.Now()); err != nil && ctx.Err() == nil {
			j.logger.Error("audit checkpoint", "err", err)
		}
	})
}
