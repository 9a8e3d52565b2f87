package realtime

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"bridgework/backend/testenv/tcpproxy"
)

// TestRedis_SurvivesRedisOutage puts a TCP proxy between instance B and
// Redis and cuts it for a second: for B this is Redis going away and coming
// back on the same address, with reconnect attempts failing meanwhile.
func TestRedis_SurvivesRedisOutage(t *testing.T) {
	publisher := mustRedis(t)
	proxy := tcpproxy.New(t, publisher.Options().Addr)
	rdbB := redis.NewClient(&redis.Options{
		Addr: proxy.Addr(), ClientName: "realtime-test-" + uuid.NewString()[:8],
		DialTimeout: 300 * time.Millisecond, MaxRetries: -1,
	})
	t.Cleanup(func() { rdbB.Close() })
	prefix := randomPrefix()
	a := startHub(t, newRedisBroker(t, publisher, prefix, nil), Options{})
	var reconnects atomic.Int32
	var hubB atomic.Pointer[Hub]
	brokerB := newRedisBroker(t, rdbB, prefix, func() {
		reconnects.Add(1)
		hubB.Load().BroadcastLocal(mustEvent(TypeResync, nil))
	})
	b := startHub(t, brokerB, Options{BrokerTimeout: time.Second})
	hubB.Store(b.hub)
	ctx := context.Background()
	publish := func(data string) {
		t.Helper()
		if err := a.hub.Publish(ctx, "bob", mustEventT(t, "chat.message", data)); err != nil {
			t.Fatal(err)
		}
	}

	bob := mustConnect(t, b.url, "bob")
	publish("before")
	mustRead(t, bob, 3*time.Second)

	proxy.Cut()
	publish("lost") // no instance holds bob's channel now: this is what resync is for
	// A user arriving during the outage cannot be subscribed: told to retry.
	carol, _, err := websocket.Dial(ctx, b.url, nil)
	if err != nil {
		t.Fatal(err)
	}
	writeFrame(ctx, carol, ClientAuth, authData{Token: "token-carol"})
	if code := closeStatusWithin(t, carol, 5*time.Second); code != websocket.StatusTryAgainLater {
		t.Fatalf("connecting during the outage: closed with %v, want 1013", code)
	}
	time.Sleep(time.Second) // several failed reconnects
	if reconnects.Load() != 0 {
		t.Fatal("OnReconnect fired while Redis was unreachable")
	}

	proxy.Restore()
	eventually(t, 10*time.Second, "OnReconnect after Redis came back", func() bool { return reconnects.Load() == 1 })
	if ev := mustRead(t, bob, 3*time.Second); ev.Type != TypeResync {
		t.Fatalf("first frame after the outage is %s %s, want resync", ev.Type, ev.Data)
	}
	publish("after")
	if ev := mustRead(t, bob, 3*time.Second); string(ev.Data) != `"after"` {
		t.Fatalf("after the outage got %s %s", ev.Type, ev.Data)
	}
	mustConnect(t, b.url, "carol")
}

// TestRedis_failedPublishOwesAResync: an instance whose publishes fail (its own link to Redis
// cut) loses those events for users on other instances, whose subscriptions never had a gap and
// so never resync by themselves. Once its publishes go through again, it sends those users a
// resync; a user it never failed to publish to gets none.
func TestRedis_failedPublishOwesAResync(t *testing.T) {
	direct := mustRedis(t)
	proxy := tcpproxy.New(t, direct.Options().Addr)
	rdbA := redis.NewClient(&redis.Options{
		Addr: proxy.Addr(), ClientName: "realtime-test-" + uuid.NewString()[:8],
		DialTimeout: 300 * time.Millisecond, ReadTimeout: 300 * time.Millisecond, MaxRetries: -1,
	})
	t.Cleanup(func() { rdbA.Close() })
	prefix := randomPrefix()
	a := startHub(t, newRedisBroker(t, rdbA, prefix, nil), Options{})
	var reconnectsB atomic.Int32
	b := startHub(t, newRedisBroker(t, direct, prefix, func() { reconnectsB.Add(1) }), Options{})
	bob := mustConnect(t, b.url, "bob")
	carol := mustConnect(t, b.url, "carol")
	ctx := context.Background()

	proxy.Cut()
	if err := a.hub.PublishAll(ctx, []string{"bob"}, mustEventT(t, "chat.message", "lost")); err == nil {
		t.Fatal("publishing through a cut link succeeded")
	}
	time.Sleep(300 * time.Millisecond) // a retry or two, refused
	proxy.Restore()

	if ev := mustRead(t, bob, 5*time.Second); ev.Type != TypeResync {
		t.Fatalf("bob's first frame after the failed publish is %s %s, want resync", ev.Type, ev.Data)
	}
	if err := a.hub.Publish(ctx, "carol", mustEventT(t, "chat.message", "after")); err != nil {
		t.Fatal(err)
	}
	if ev := mustRead(t, carol, 3*time.Second); ev.Type != "chat.message" {
		t.Fatalf("carol, owed nothing, got %s %s first, want the message", ev.Type, ev.Data)
	}
	if reconnectsB.Load() != 0 {
		t.Fatal("instance B's subscription had a gap: this test is about the publishing side")
	}
}
