package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"

	"bridgework/backend/realtime"
)

// recordingBroker records what reaches it, and whether the publish's context was still live.
type recordingBroker struct {
	realtime.MemoryBroker
	fail bool

	mu        sync.Mutex
	users     []string
	cancelled int
}

func (b *recordingBroker) record(ctx context.Context, users ...string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.users = append(b.users, users...)
	if ctx.Err() != nil {
		b.cancelled++
	}
	if b.fail {
		return errors.New("redis unavailable")
	}
	return nil
}

func (b *recordingBroker) Publish(ctx context.Context, userID string, _ realtime.Event) error {
	return b.record(ctx, userID)
}

func (b *recordingBroker) PublishEach(ctx context.Context, envs []realtime.Envelope) error {
	users := make([]string, 0, len(envs))
	for _, e := range envs {
		users = append(users, e.UserID)
	}
	return b.record(ctx, users...)
}

func publisherOn(t *testing.T, b realtime.Broker) Publisher {
	t.Helper()
	hub, err := realtime.NewHub(b, realtime.Options{
		Authenticate: func(context.Context, string) (string, string, error) { return "", "", errors.New("no sockets here") },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = hub.Shutdown(context.Background()) })
	return Publisher{broker: b, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// TestPublisher_announcesWhatTheClientLeftBehind: the change is committed when the publisher
// runs, so a request whose client went away (its context cancelled) still announces it.
func TestPublisher_announcesWhatTheClientLeftBehind(t *testing.T) {
	b := &recordingBroker{}
	p := publisherOn(t, b)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p.Publish(ctx, "chat.message", map[string]string{"text": "hi"}, "bob")
	p.PublishEach(ctx, "task.alert", map[string]any{"ada": 1, "cy": 2})
	if b.cancelled != 0 || len(b.users) != 3 {
		t.Fatalf("broker got %v, %d of them with a cancelled context; want 3 live publishes", b.users, b.cancelled)
	}
}

// TestPublisher_handsEveryChunkOverAfterAFailure: after a chunk fails, the next ones still reach
// the broker, which owes each of their users a resync (the Redis broker does).
func TestPublisher_handsEveryChunkOverAfterAFailure(t *testing.T) {
	b := &recordingBroker{fail: true}
	p := publisherOn(t, b)
	n := 2*realtime.PublishChunk + 1
	audience := make(map[string]any, n)
	for i := range n {
		audience[fmt.Sprintf("student-%d", i)] = i
	}
	p.PublishEach(context.Background(), "task.alert", audience)
	slices.Sort(b.users)
	if len(b.users) != len(audience) || len(slices.Compact(b.users)) != len(audience) {
		t.Fatalf("broker got %d users, want all %d once", len(b.users), len(audience))
	}
}
