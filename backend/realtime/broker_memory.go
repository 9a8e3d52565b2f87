package realtime

import (
	"context"
	"sync"
)

// MemoryBroker is the in-process Broker for the embedded default (a single
// instance). Publish hands the event to the handler synchronously, so events
// from one publisher reach a user in the order they were published.
type MemoryBroker struct {
	mu         sync.RWMutex
	handler    Handler
	subscribed map[string]struct{}
}

// NewMemoryBroker returns an empty in-process broker.
func NewMemoryBroker() *MemoryBroker {
	return &MemoryBroker{subscribed: make(map[string]struct{})}
}

// SetHandler implements Broker.
func (b *MemoryBroker) SetHandler(h Handler) {
	b.mu.Lock()
	b.handler = h
	b.mu.Unlock()
}

// Publish implements Broker. An event for a user nobody subscribed to is
// dropped, exactly as Redis drops a message on a channel without subscribers.
func (b *MemoryBroker) Publish(ctx context.Context, userID string, ev Event) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	b.mu.RLock()
	_, ok := b.subscribed[userID]
	h := b.handler
	b.mu.RUnlock()
	// The handler runs outside the lock: it may wait for the hub, and the hub's
	// subscription worker needs the write lock meanwhile.
	if ok && h != nil {
		h(userID, ev)
	}
	return nil
}

// Subscribe implements Broker.
func (b *MemoryBroker) Subscribe(ctx context.Context, userID string) error {
	b.mu.Lock()
	b.subscribed[userID] = struct{}{}
	b.mu.Unlock()
	return nil
}

// Unsubscribe implements Broker.
func (b *MemoryBroker) Unsubscribe(ctx context.Context, userID string) error {
	b.mu.Lock()
	delete(b.subscribed, userID)
	b.mu.Unlock()
	return nil
}
