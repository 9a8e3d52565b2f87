package ratelimit

import (
	"context"
	"time"

	"bridgework/backend/apperr"
)

// Take counts one event against key and refuses it with a throttle error carrying message and
// the time until the window resets once more than limit events fell in the window. A limit of 0
// turns the limit off, as every count setting in .env.example does.
func Take(ctx context.Context, l Limiter, key string, limit int, window time.Duration, message string) error {
	if limit <= 0 || l == nil {
		return nil
	}
	count, resetIn, err := l.Hit(ctx, key, 1, window)
	if err != nil {
		return err
	}
	if count > limit {
		return &apperr.Error{Code: apperr.Throttled, Message: message, RetryAfter: resetIn}
	}
	return nil
}
