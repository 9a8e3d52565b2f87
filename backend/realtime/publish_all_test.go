package realtime

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/redis/go-redis/v9"
)

// bothBrokers make a broker of each kind for a test.
var bothBrokers = map[string]func(t *testing.T) Broker{
	"memory": func(*testing.T) Broker { return NewMemoryBroker() },
	"redis":  func(t *testing.T) Broker { return newRedisBroker(t, mustRedis(t), randomPrefix(), nil) },
}

// TestHub_PublishAll: each addressed user gets the one event once, on both brokers; nobody else
// gets it.
func TestHub_PublishAll(t *testing.T) {
	for name, newBroker := range bothBrokers {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			ts := startHub(t, newBroker(t), Options{})
			alice, bob, carol := mustConnect(t, ts.url, "alice"), mustConnect(t, ts.url, "bob"), mustConnect(t, ts.url, "carol")
			ev := mustEventT(t, "chat.message", map[string]string{"text": "to both"})
			if err := ts.hub.PublishAll(ctx, []string{"alice", "bob"}, ev); err != nil {
				t.Fatal(err)
			}
			own := mustEventT(t, "chat.message", "next")
			for _, user := range []string{"alice", "bob", "carol"} {
				if err := ts.hub.Publish(ctx, user, own); err != nil {
					t.Fatal(err)
				}
			}
			check := func(user string, got Event, want Event) {
				t.Helper()
				if got.ID != want.ID || string(got.Data) != string(want.Data) {
					t.Errorf("%s got %s %s, want %s", user, got.ID, got.Data, want.Data)
				}
			}
			check("alice", mustRead(t, alice, 5*time.Second), ev)
			check("alice", mustRead(t, alice, 5*time.Second), own)
			check("bob", mustRead(t, bob, 5*time.Second), ev)
			check("bob", mustRead(t, bob, 5*time.Second), own)
			check("carol", mustRead(t, carol, 5*time.Second), own) // never the shared one
		})
	}
}

// TestHub_PublishEach: each user gets their own event once, wherever their socket is: on the
// memory broker, and over Redis with users on two instances, more of them than one batch message
// holds, so that every instance picks its own users out of every batch.
func TestHub_PublishEach(t *testing.T) {
	ctx := context.Background()
	t.Run("memory", func(t *testing.T) {
		ts := startHub(t, NewMemoryBroker(), Options{})
		publishEachTo(t, ctx, ts.hub, map[string]*testServer{"ada": ts, "bo": ts}, []string{"cy"})
	})
	t.Run("redis", func(t *testing.T) {
		rdb, prefix := mustRedis(t), randomPrefix()
		a := startHub(t, newRedisBroker(t, rdb, prefix, nil), Options{})
		b := startHub(t, newRedisBroker(t, rdb, prefix, nil), Options{})
		on := map[string]*testServer{}
		for i := range PublishChunk + 2 { // two batch messages, the second of two events
			on[fmt.Sprint("user", i)] = []*testServer{a, b}[i%2]
		}
		publishEachTo(t, ctx, a.hub, on, []string{"user-not-addressed"})
	})
}

// publishEachTo connects each user of on to their server and the others to on's first, has hub
// send each addressed user an event naming them, then a second event to everyone: an addressed
// user reads their own event, then the second; the others only the second.
func publishEachTo(t *testing.T, ctx context.Context, hub *Hub, on map[string]*testServer, others []string) {
	t.Helper()
	conns := map[string]*websocket.Conn{}
	envs := make([]Envelope, 0, len(on))
	var first *testServer
	for user, ts := range on {
		conns[user] = mustConnect(t, ts.url, user)
		envs = append(envs, Envelope{UserID: user, Type: "task.alert", Data: user})
		first = ts
	}
	for _, user := range others {
		conns[user] = mustConnect(t, first.url, user)
	}
	if err := hub.PublishEach(ctx, envs); err != nil {
		t.Fatal(err)
	}
	after := mustEventT(t, "chat.message", "after")
	for user := range conns {
		if err := hub.Publish(ctx, user, after); err != nil {
			t.Fatal(err)
		}
	}
	for user, conn := range conns {
		if _, addressed := on[user]; addressed {
			if ev := mustRead(t, conn, 5*time.Second); ev.Type != "task.alert" || string(ev.Data) != fmt.Sprintf("%q", user) {
				t.Fatalf("%s got %s %s, want their own alert", user, ev.Type, ev.Data)
			}
		}
		if ev := mustRead(t, conn, 5*time.Second); ev.ID != after.ID {
			t.Fatalf("%s got %s %s, want the event after", user, ev.Type, ev.Data)
		}
	}
}

// TestHub_PublishEach_dataThatDoesNotEncode: data that cannot be encoded is PublishEach's error,
// on both brokers, and nobody gets an event from that chunk half written.
func TestHub_PublishEach_dataThatDoesNotEncode(t *testing.T) {
	for name, newBroker := range bothBrokers {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			ts := startHub(t, newBroker(t), Options{})
			bad := mustConnect(t, ts.url, "bad")
			envs := []Envelope{{UserID: "bad", Type: "task.alert", Data: make(chan int)}}
			if err := ts.hub.PublishEach(ctx, envs); err == nil {
				t.Fatal("PublishEach took data that does not encode")
			}
			next := mustEventT(t, "chat.message", "next")
			if err := ts.hub.Publish(ctx, "bad", next); err != nil {
				t.Fatal(err)
			}
			if ev := mustRead(t, bad, 5*time.Second); ev.ID != next.ID {
				t.Fatalf("got %s %s, want only the event after", ev.Type, ev.Data)
			}
		})
	}
}

// pipelineGate is a go-redis hook that, once armed, counts pipelined round trips of publishes
// and holds the first one until released.
type pipelineGate struct {
	armed   atomic.Bool
	count   atomic.Int32
	entered chan struct{}
	release chan struct{}
}

func (g *pipelineGate) DialHook(next redis.DialHook) redis.DialHook          { return next }
func (g *pipelineGate) ProcessHook(next redis.ProcessHook) redis.ProcessHook { return next }
func (g *pipelineGate) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if g.armed.Load() && cmds[0].Name() == "publish" && g.count.Add(1) == 1 {
			close(g.entered)
			<-g.release
		}
		return next(ctx, cmds)
	}
}

// TestRedisBroker_smallPublishesShareARoundTrip: publishes to a few users made while one is on
// its way to Redis go together in the next round trip, and each user gets theirs.
func TestRedisBroker_smallPublishesShareARoundTrip(t *testing.T) {
	ctx := context.Background()
	rdb := mustRedis(t)
	gate := &pipelineGate{entered: make(chan struct{}), release: make(chan struct{})}
	rdb.AddHook(gate)
	b := newRedisBroker(t, rdb, randomPrefix(), nil)
	rec := newRecorder(b)
	const n = 10
	for i := range n + 1 {
		if err := b.Subscribe(ctx, fmt.Sprint("u", i)); err != nil {
			t.Fatal(err)
		}
	}
	gate.armed.Store(true) // the subscriptions' own commands are not publishes

	errs := make(chan error, n+1)
	go func() { errs <- b.Publish(ctx, "u0", mustEventT(t, "chat.message", "first")) }()
	<-gate.entered
	for i := 1; i <= n; i++ {
		go func() {
			ev := mustEventT(t, "chat.message", fmt.Sprint("to ", i))
			if i%2 == 0 { // a message's two parties, as chat publishes it
				errs <- b.PublishAll(ctx, []string{fmt.Sprint("u", i), fmt.Sprint("u", i-1)}, ev)
				return
			}
			errs <- b.Publish(ctx, fmt.Sprint("u", i), ev)
		}()
	}
	for deadline := time.Now().Add(10 * time.Second); b.small.Waiting() < n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d publishes waiting, want %d", b.small.Waiting(), n)
		}
	}
	close(gate.release)
	for range n + 1 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got := gate.count.Load(); got != 2 {
		t.Errorf("%d round trips for %d publishes, want 2: the first, then the others together", got, n+1)
	}
	for i := range n + 1 {
		want := 1
		if i%2 == 1 && i < n {
			want = 2 // its own, and the next even one's
		}
		rec.waitFor(t, fmt.Sprint("u", i), want)
	}
}
