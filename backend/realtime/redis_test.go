package realtime

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/redis/go-redis/v9"
)

// Two hubs on one Redis stand for two instances behind the load balancer.
func TestRedis_EventCrossesInstances(t *testing.T) {
	rdb := mustRedis(t)
	prefix := randomPrefix()
	hooksB := newHookLog()
	optsB := Options{}
	hooksB.install(&optsB)
	a := startHub(t, newRedisBroker(t, rdb, prefix, nil), Options{})
	brokerB := newRedisBroker(t, rdb, prefix, nil)
	b := startHub(t, brokerB, optsB)
	ctx := context.Background()
	subscribers := func() int64 {
		n, err := rdb.PubSubNumSub(ctx, brokerB.Channel("alice")).Result()
		if err != nil {
			t.Fatal(err)
		}
		return n[brokerB.Channel("alice")]
	}
	publish := func(via *testServer, data string) {
		t.Helper()
		if err := via.hub.Publish(ctx, "alice", mustEventT(t, "chat.message", data)); err != nil {
			t.Fatal(err)
		}
	}
	expect := func(conn *websocket.Conn, data string) {
		t.Helper()
		if ev := mustRead(t, conn, 3*time.Second); string(ev.Data) != fmt.Sprintf("%q", data) {
			t.Fatalf("got %s, want %q", ev.Data, data)
		}
	}

	if n := subscribers(); n != 0 {
		t.Fatalf("%d subscribers before anyone connected", n)
	}
	onB := mustConnect(t, b.url, "alice")
	if n := subscribers(); n != 1 {
		t.Fatalf("%d subscribers with alice on instance B only, want 1", n)
	}
	publish(a, "via A")
	expect(onB, "via A")

	// Alice opens a second tab, which lands on instance A: both tabs get each
	// event exactly once (the second event proves nothing else was queued).
	onA := mustConnect(t, a.url, "alice")
	if n := subscribers(); n != 2 {
		t.Fatalf("%d subscribers with alice on both instances, want 2", n)
	}
	publish(b, "one")
	publish(a, "two")
	for _, conn := range []*websocket.Conn{onA, onB} {
		expect(conn, "one")
		expect(conn, "two")
	}

	onB.Close(websocket.StatusNormalClosure, "")
	eventually(t, 5*time.Second, "B unsubscribed after alice's last socket there", func() bool { return subscribers() == 1 })
	eventually(t, 5*time.Second, "OnDisconnect on B", func() bool { _, d := hooksB.counts("alice"); return d == 1 })
	if b.hub.OnlineLocal("alice") || !a.hub.OnlineLocal("alice") {
		t.Fatal("OnlineLocal does not follow the sockets")
	}
	publish(b, "after B left")
	expect(onA, "after B left")
	onA.Close(websocket.StatusNormalClosure, "")
	eventually(t, 5*time.Second, "no subscriber left", func() bool { return subscribers() == 0 })
}

// Killing the subscription connection stands in for a Redis restart. Only
// this test's connection is killed (CLIENT KILL TYPE pubsub plus its ID), so
// other test runs sharing the Redis are not disturbed.
func TestRedis_ResumesAfterConnectionLoss(t *testing.T) {
	publisher := mustRedis(t)
	rdbB := mustRedis(t)
	prefix := randomPrefix()
	a := startHub(t, newRedisBroker(t, publisher, prefix, nil), Options{})

	var reconnects atomic.Int32
	var hubB atomic.Pointer[Hub]
	brokerB := newRedisBroker(t, rdbB, prefix, func() {
		reconnects.Add(1)
		hubB.Load().BroadcastLocal(mustEvent(TypeResync, nil))
	})
	b := startHub(t, brokerB, Options{})
	hubB.Store(b.hub)
	ctx := context.Background()

	bob := mustConnect(t, b.url, "bob")
	if err := a.hub.Publish(ctx, "bob", mustEventT(t, "chat.message", "before")); err != nil {
		t.Fatal(err)
	}
	mustRead(t, bob, 3*time.Second)

	killed := killPubSubConns(t, rdbB)
	if killed != 1 {
		t.Fatalf("killed %d pub/sub connections, want 1", killed)
	}
	eventually(t, 10*time.Second, "OnReconnect after the connection came back", func() bool { return reconnects.Load() == 1 })
	if ev := mustRead(t, bob, 3*time.Second); ev.Type != TypeResync {
		t.Fatalf("first frame after the gap is %s, want resync", ev.Type)
	}
	// go-redis resubscribed on its own: delivery resumes.
	if err := a.hub.Publish(ctx, "bob", mustEventT(t, "chat.message", "after")); err != nil {
		t.Fatal(err)
	}
	if ev := mustRead(t, bob, 3*time.Second); string(ev.Data) != `"after"` {
		t.Fatalf("after reconnect got %s %s", ev.Type, ev.Data)
	}
	n, err := publisher.PubSubNumSub(ctx, brokerB.Channel("bob")).Result()
	if err != nil || n[brokerB.Channel("bob")] != 1 {
		t.Fatalf("subscribers after reconnect: %v %v", n, err)
	}
}

// killPubSubConns kills the pub/sub connections opened through rdb (found by
// its unique client name) and returns how many it killed.
func killPubSubConns(t *testing.T, rdb *redis.Client) int {
	t.Helper()
	ctx := context.Background()
	list, err := rdb.ClientList(ctx).Result()
	if err != nil {
		t.Fatal(err)
	}
	killed := 0
	for line := range strings.SplitSeq(strings.TrimSpace(list), "\n") {
		fields := map[string]string{}
		for kv := range strings.FieldsSeq(line) {
			k, v, _ := strings.Cut(kv, "=")
			fields[k] = v
		}
		if fields["name"] != rdb.Options().ClientName || !strings.Contains(fields["flags"], "P") {
			continue
		}
		n, err := rdb.Do(ctx, "CLIENT", "KILL", "TYPE", "pubsub", "ID", fields["id"]).Int()
		if err != nil {
			t.Fatal(err)
		}
		killed += n
	}
	return killed
}

// TestRedisBroker_dropsWhatIsNotAnEvent: the receiving instance relays a payload as it arrived
// without decoding it, so it checks it first: anything on a user's channel, or for a user in a
// batch message, that is not an encoded event (not JSON, cut short, not an object led by its
// type) reaches no socket, nor does a batch message cut short; the good frames of a batch do.
func TestRedisBroker_dropsWhatIsNotAnEvent(t *testing.T) {
	ctx := context.Background()
	rdb := mustRedis(t)
	b := newRedisBroker(t, rdb, randomPrefix(), nil)
	rec := newRecorder(b)
	if err := b.Subscribe(ctx, "alice"); err != nil {
		t.Fatal(err)
	}
	junks := []string{"not json", `{"type":"chat.message","data":{`, `[1,2]`, `{"data":{},"type":"x"}`, ``}
	for _, junk := range junks {
		if err := rdb.Publish(ctx, b.Channel("alice"), junk).Err(); err != nil {
			t.Fatal(err)
		}
		if err := rdb.Publish(ctx, b.BatchChannel(), "alice\x00"+junk+"\x00").Err(); err != nil {
			t.Fatal(err)
		}
	}
	good := mustEventT(t, "task.alert", "in a batch")
	frame, err := good.frame()
	if err != nil {
		t.Fatal(err)
	}
	for _, batch := range []string{
		"alice",                     // no frame
		"alice\x00" + string(frame), // no end
		"alice\x00not json\x00alice\x00" + string(frame) + "\x00", // a bad frame, then a good one
	} {
		if err := rdb.Publish(ctx, b.BatchChannel(), batch).Err(); err != nil {
			t.Fatal(err)
		}
	}
	sent := mustEventT(t, "chat.message", "sentinel")
	if err := b.Publish(ctx, "alice", sent); err != nil {
		t.Fatal(err)
	}
	// One subscription connection keeps the order of what Redis took: whatever was let through
	// came before the sentinel.
	if got := rec.waitFor(t, "alice", 2); len(got) != 2 || got[0].ID != good.ID || got[1].ID != sent.ID {
		t.Fatalf("alice received %d events (%+v), want the good frame of the batch, then the sentinel", len(got), got)
	}
}
