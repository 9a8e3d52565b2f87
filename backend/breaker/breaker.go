// Package breaker is a circuit breaker: after Threshold failures in a row it opens and refuses
// calls at once for Cooldown, then lets one call through as a probe; the probe's success closes
// it, its failure opens it again. It guards Redis (app/redis.go), so that while Redis is gone a
// request pays nothing for it instead of a dial timeout and retries.
package breaker

import (
	"sync"
	"time"
)

// State is a breaker's state.
type State int

const (
	Closed   State = iota // calls go through
	Open                  // calls are refused until the cooldown ends
	HalfOpen              // one probe is through; the others are refused until it returns
)

func (s State) String() string { return [...]string{"closed", "open", "half-open"}[s] }

// Breaker is safe for concurrent use.
type Breaker struct {
	Threshold int           // failures in a row that open it; default 3
	Cooldown  time.Duration // how long it stays open before a probe; default 1 s
	// OnChange, when set, is called (outside the lock) on every change of state.
	OnChange func(from, to State)
	Now      func() time.Time

	mu       sync.Mutex
	state    State
	failures int
	openedAt time.Time
}

// Allow reports whether a call may go through now; every allowed call must be followed by Done.
func (b *Breaker) Allow() bool {
	b.mu.Lock()
	from := b.state
	allowed := true
	switch b.state {
	case Open:
		if b.now().Sub(b.openedAt) < b.cooldown() {
			allowed = false
		} else {
			b.state = HalfOpen // this call is the probe
		}
	case HalfOpen:
		allowed = false
	}
	to := b.state
	b.mu.Unlock()
	b.changed(from, to)
	return allowed
}

// Done records the outcome of an allowed call.
func (b *Breaker) Done(failed bool) {
	b.mu.Lock()
	from := b.state
	switch {
	case !failed:
		b.state, b.failures = Closed, 0
	case b.state == HalfOpen:
		b.state, b.openedAt = Open, b.now()
	default:
		b.failures++
		if b.failures >= b.threshold() {
			b.state, b.openedAt = Open, b.now()
		}
	}
	to := b.state
	b.mu.Unlock()
	b.changed(from, to)
}

// State is the breaker's state now.
func (b *Breaker) State() State {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.state
}

func (b *Breaker) changed(from, to State) {
	if from != to && b.OnChange != nil {
		b.OnChange(from, to)
	}
}

func (b *Breaker) threshold() int {
	if b.Threshold <= 0 {
		return 3
	}
	return b.Threshold
}

func (b *Breaker) cooldown() time.Duration {
	if b.Cooldown <= 0 {
		return time.Second
	}
	return b.Cooldown
}

func (b *Breaker) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}
