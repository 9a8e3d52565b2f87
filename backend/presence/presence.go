// Package presence knows which users have an open websocket on any instance, for the online
// dots of chat. The hub reports a user's first and last connection on this instance; a Tracker
// combines the instances (in memory for the single-process default, in Redis when scaled) and
// says when a user came online or went offline everywhere. A Watcher feeds a Tracker from the
// hub's hooks in order, off the hub's goroutine. In Redis, entries expire unless their instance
// keeps beating, and a Sweeper announces offline the users of an instance that died without
// saying goodbye (SIGKILL, a lost machine).
package presence

import (
	"context"
	"sync"
)

// Tracker records which instances hold a user's connections.
type Tracker interface {
	// Connected records that this instance holds a connection of userID and reports whether
	// no instance did before.
	Connected(ctx context.Context, userID string) (cameOnline bool, err error)
	// Disconnected records that this instance no longer does and reports whether no instance
	// does now.
	Disconnected(ctx context.Context, userID string) (wentOffline bool, err error)
	// Online reports, for each id, whether some instance holds a connection of that user.
	Online(ctx context.Context, userIDs []string) (map[string]bool, error)
}

// Memory is the Tracker of a single instance.
type Memory struct {
	mu     sync.Mutex
	online map[string]int
}

// NewMemory returns an empty in-process tracker.
func NewMemory() *Memory { return &Memory{online: map[string]int{}} }

func (m *Memory) Connected(_ context.Context, userID string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.online[userID]++
	return m.online[userID] == 1, nil
}

func (m *Memory) Disconnected(_ context.Context, userID string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.online[userID] == 0 {
		return false, nil
	}
	m.online[userID]--
	if m.online[userID] > 0 {
		return false, nil
	}
	delete(m.online, userID)
	return true, nil
}

func (m *Memory) Online(_ context.Context, userIDs []string) (map[string]bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]bool, len(userIDs))
	for _, id := range userIDs {
		out[id] = m.online[id] > 0
	}
	return out, nil
}
