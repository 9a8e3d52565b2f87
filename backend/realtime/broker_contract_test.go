package realtime

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"
)

// The same contract runs against every Broker (grafana's store-test style):
// the hub relies on exactly these properties, whichever broker is wired.

func TestMemoryBroker(t *testing.T) {
	runBrokerContract(t, func(t *testing.T) Broker { return NewMemoryBroker() })
}

func TestRedisBroker(t *testing.T) {
	runBrokerContract(t, func(t *testing.T) Broker {
		return newRedisBroker(t, mustRedis(t), randomPrefix(), nil)
	})
}

// recorder is a Handler that keeps what it received, per user.
type recorder struct {
	mu     sync.Mutex
	events map[string][]Event
	signal chan struct{}
}

func newRecorder(b Broker) *recorder {
	r := &recorder{events: map[string][]Event{}, signal: make(chan struct{}, 1)}
	b.SetHandler(func(userID string, received Event) {
		// What counts is what the sockets get: the event's frame, decoded for comparing.
		var ev Event
		if frame, err := received.frame(); err == nil {
			_ = json.Unmarshal(frame, &ev)
		}
		r.mu.Lock()
		r.events[userID] = append(r.events[userID], ev)
		r.mu.Unlock()
		select {
		case r.signal <- struct{}{}:
		default:
		}
	})
	return r
}

func (r *recorder) of(userID string) []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Event(nil), r.events[userID]...)
}

// waitFor waits until userID has at least n events and returns them.
func (r *recorder) waitFor(t *testing.T, userID string, n int) []Event {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		if got := r.of(userID); len(got) >= n {
			return got
		}
		select {
		case <-r.signal:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			t.Fatalf("%s received %d events, want %d", userID, len(r.of(userID)), n)
		}
	}
}

func runBrokerContract(t *testing.T, newBroker func(t *testing.T) Broker) {
	ctx := context.Background()
	mustDo := func(t *testing.T, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	publish := func(t *testing.T, b Broker, userID string, data any) Event {
		t.Helper()
		ev := mustEventT(t, "chat.message", data)
		mustDo(t, b.Publish(ctx, userID, ev))
		return ev
	}

	t.Run("delivers the event unchanged to a subscribed user", func(t *testing.T) {
		b := newBroker(t)
		rec := newRecorder(b)
		mustDo(t, b.Subscribe(ctx, "alice"))
		sent := publish(t, b, "alice", map[string]any{"text": "héllo", "n": 1})
		got := rec.waitFor(t, "alice", 1)[0]
		if got.Type != sent.Type || got.ID != sent.ID || !got.At.Equal(sent.At) || !bytes.Equal(got.Data, sent.Data) {
			t.Fatalf("got %+v, want %+v", got, sent)
		}
	})

	t.Run("does not deliver to users without subscription", func(t *testing.T) {
		b := newBroker(t)
		rec := newRecorder(b)
		mustDo(t, b.Subscribe(ctx, "alice"))
		publish(t, b, "bob", "for bob")
		publish(t, b, "alice", "sentinel") // published after bob's, so delivered after it
		rec.waitFor(t, "alice", 1)
		if got := rec.of("bob"); len(got) != 0 {
			t.Fatalf("bob received %d events without subscribing", len(got))
		}
	})

	t.Run("stops delivering after unsubscribe", func(t *testing.T) {
		b := newBroker(t)
		rec := newRecorder(b)
		mustDo(t, b.Subscribe(ctx, "alice"))
		mustDo(t, b.Subscribe(ctx, "carol"))
		publish(t, b, "alice", 1)
		rec.waitFor(t, "alice", 1)
		mustDo(t, b.Unsubscribe(ctx, "alice"))
		publish(t, b, "alice", 2)
		publish(t, b, "carol", "sentinel")
		rec.waitFor(t, "carol", 1)
		if got := rec.of("alice"); len(got) != 1 {
			t.Fatalf("alice received %d events, want 1", len(got))
		}
	})

	t.Run("subscribe is idempotent", func(t *testing.T) {
		b := newBroker(t)
		rec := newRecorder(b)
		mustDo(t, b.Subscribe(ctx, "alice"))
		mustDo(t, b.Subscribe(ctx, "alice"))
		publish(t, b, "alice", 1)
		publish(t, b, "alice", "sentinel")
		if got := rec.waitFor(t, "alice", 2); len(got) != 2 {
			t.Fatalf("alice received %d events, want 2", len(got))
		}
		mustDo(t, b.Unsubscribe(ctx, "alice"))
		mustDo(t, b.Unsubscribe(ctx, "alice")) // unsubscribing twice is harmless too
	})

	t.Run("keeps one publisher's order", func(t *testing.T) {
		b := newBroker(t)
		rec := newRecorder(b)
		mustDo(t, b.Subscribe(ctx, "alice"))
		var sent []Event
		for i := range 100 {
			sent = append(sent, publish(t, b, "alice", i))
		}
		got := rec.waitFor(t, "alice", len(sent))
		for i := range sent {
			if got[i].ID != sent[i].ID {
				t.Fatalf("event %d is %s, want %s", i, got[i].Data, sent[i].Data)
			}
		}
	})

	t.Run("concurrent publishers reach only their recipients", func(t *testing.T) {
		b := newBroker(t)
		rec := newRecorder(b)
		const users, each = 20, 25
		for u := range users {
			mustDo(t, b.Subscribe(ctx, fmt.Sprint("user", u)))
		}
		var wg sync.WaitGroup
		for u := range users {
			wg.Go(func() {
				for i := range each {
					ev := mustEventT(t, "notification.new", map[string]any{"to": fmt.Sprint("user", u), "i": i})
					if err := b.Publish(ctx, fmt.Sprint("user", u), ev); err != nil {
						t.Error(err)
					}
				}
			})
		}
		wg.Wait()
		for u := range users {
			userID := fmt.Sprint("user", u)
			got := rec.waitFor(t, userID, each)
			if len(got) != each {
				t.Fatalf("%s received %d events, want %d", userID, len(got), each)
			}
			want := fmt.Sprintf(`"to":%q`, userID)
			for _, ev := range got {
				if !bytes.Contains(ev.Data, []byte(want)) {
					t.Fatalf("%s received %s", userID, ev.Data)
				}
			}
		}
	})
}
