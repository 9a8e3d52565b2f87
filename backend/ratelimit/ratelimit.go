// Package ratelimit counts events per key in fixed windows. The memory implementation serves the
// embedded single-instance default; the Redis one shares counters between instances, so a client
// cannot multiply its allowance by spreading requests over them.
package ratelimit

import (
	"context"
	"sync"
	"time"
)

// Limiter counts events against keys.
type Limiter interface {
	// Hit adds n events to key's current window (n = 0 only reads) and returns the window's count
	// and the time left until it resets.
	Hit(ctx context.Context, key string, n int, window time.Duration) (count int, resetIn time.Duration, err error)
	// Reset forgets key's count.
	Reset(ctx context.Context, key string) error
}

// Memory is an in-process Limiter.
type Memory struct {
	mu      sync.Mutex
	windows map[string]memoryWindow
	now     func() time.Time
}

type memoryWindow struct {
	count int
	ends  time.Time
}

// NewMemory returns an empty in-process limiter.
func NewMemory() *Memory {
	return &Memory{windows: map[string]memoryWindow{}, now: time.Now}
}

func (m *Memory) Hit(_ context.Context, key string, n int, window time.Duration) (int, time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	w, ok := m.windows[key]
	if !ok || !now.Before(w.ends) {
		if n == 0 {
			return 0, 0, nil
		}
		w = memoryWindow{ends: now.Add(window)}
		m.sweep(now)
	}
	w.count += n
	m.windows[key] = w
	return w.count, w.ends.Sub(now), nil
}

func (m *Memory) Reset(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.windows, key)
	return nil
}

// sweep drops ended windows once the map grows, so many distinct keys cannot grow it unbounded.
func (m *Memory) sweep(now time.Time) {
	if len(m.windows) < 10_000 {
		return
	}
	for k, w := range m.windows {
		if !now.Before(w.ends) {
			delete(m.windows, k)
		}
	}
}
