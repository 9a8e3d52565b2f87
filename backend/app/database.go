package app

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/config"
	"bridgework/backend/store"
)

// The waits between attempts to reach the database at start: they double from the first to the
// last, so a database that is a moment late costs a moment, and one down for longer is asked
// every few seconds, not hammered by every instance waiting on it.
const (
	firstDatabaseWait = 250 * time.Millisecond
	maxDatabaseWait   = 5 * time.Second
)

// openDatabase opens the database. An instance may start before PostgreSQL answers (both
// started together, or the database restarting), so while it cannot be reached openDatabase
// tries again, logging each failure, until DATABASE_START_TIMEOUT has passed; any other error
// (a malformed DATABASE_URL) ends it at once.
func openDatabase(ctx context.Context, cfg config.Config, logger *slog.Logger) (*gorm.DB, error) {
	giveUp := time.Now().Add(cfg.DatabaseStartTimeout)
	wait := firstDatabaseWait
	for attempt := 1; ; attempt++ {
		db, err := store.Open(cfg.DatabaseURL, cfg.DataDir, cfg.DatabaseRetryAfter)
		if err == nil || !store.Unreachable(err) {
			return db, err
		}
		left := time.Until(giveUp)
		if left <= 0 {
			return nil, fmt.Errorf("database not reachable within DATABASE_START_TIMEOUT (%s, %d attempts): %w",
				cfg.DatabaseStartTimeout, attempt, err)
		}
		// Half the wait, plus up to as much again at random: instances started together spread
		// out instead of asking in step. The last attempt is at the timeout.
		next := min(wait/2+rand.N(wait/2+1), left)
		logger.Warn("database not reachable, trying again", "attempt", attempt, "next_attempt_in", next.String(), "err", err)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(next):
		}
		wait = min(2*wait, maxDatabaseWait)
	}
}
