package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func TestHub_ConcurrentClients(t *testing.T) {
	t.Run("memory", func(t *testing.T) { testConcurrentClients(t, NewMemoryBroker()) })
	t.Run("redis", func(t *testing.T) {
		testConcurrentClients(t, newRedisBroker(t, mustRedis(t), randomPrefix(), nil))
	})
}

// testConcurrentClients connects 200 real websocket clients for 150 users
// (the first 50 users have two sockets), publishes to every user at once while
// other clients keep connecting and leaving, and checks that each socket got
// exactly its user's events, in order.
func testConcurrentClients(t *testing.T, broker Broker) {
	const clients, users, perUser = 200, 150, 10
	hooks := newHookLog()
	opts := Options{}
	hooks.install(&opts)
	ts := startHub(t, broker, opts)
	userOf := func(i int) string { return fmt.Sprint("user", i%users) }
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	conns := make([]*websocket.Conn, clients)
	var wg sync.WaitGroup
	for i := range clients {
		wg.Go(func() {
			conn, err := connectUser(ctx, ts.url, userOf(i))
			if err != nil {
				t.Error(err)
				return
			}
			conns[i] = conn
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	if got := ts.hub.Stats().Connected; got != clients {
		t.Fatalf("Stats().Connected = %d, want %d", got, clients)
	}

	// Churn: sockets of other users come and go during the whole publish
	// phase; they must never see a frame.
	churnCtx, stopChurn := context.WithCancel(ctx)
	var churn sync.WaitGroup
	for k := range 10 {
		churn.Go(func() {
			for churnCtx.Err() == nil {
				conn, err := connectUser(ctx, ts.url, fmt.Sprint("churn", k))
				if err != nil {
					t.Error(err)
					return
				}
				rctx, rcancel := context.WithTimeout(ctx, 5*time.Millisecond)
				if _, data, err := conn.Read(rctx); err == nil {
					t.Errorf("churn client received %s", data)
				}
				rcancel()
				conn.CloseNow()
			}
		})
	}

	// Every user's events, then (after all of them) one "end" marker each:
	// a misrouted event would have to arrive before its victim's marker.
	publishAll := func(typ string, n int) {
		var pub sync.WaitGroup
		for u := range users {
			pub.Go(func() {
				for seq := range n {
					ev, _ := NewEvent(typ, map[string]any{"to": fmt.Sprint("user", u), "seq": seq})
					if err := ts.hub.Publish(ctx, fmt.Sprint("user", u), ev); err != nil {
						t.Error(err)
					}
				}
			})
		}
		pub.Wait()
	}
	received := make([][]string, clients)
	for i, conn := range conns {
		wg.Go(func() {
			for {
				ev, err := readEvent(ctx, conn)
				if err != nil {
					t.Errorf("client %d: %v", i, err)
					return
				}
				if ev.Type == "task.updated" {
					return // end marker
				}
				received[i] = append(received[i], string(ev.Data))
			}
		})
	}
	publishAll("chat.message", perUser)
	publishAll("task.updated", 1)
	wg.Wait()
	stopChurn()
	churn.Wait()

	for i := range clients {
		var want []string
		for seq := range perUser {
			want = append(want, fmt.Sprintf(`{"seq":%d,"to":%q}`, seq, userOf(i)))
		}
		if strings.Join(received[i], " ") != strings.Join(want, " ") {
			t.Fatalf("client %d (%s) received %v, want %v", i, userOf(i), received[i], want)
		}
	}

	for _, conn := range conns {
		wg.Go(func() { conn.Close(websocket.StatusNormalClosure, "bye") })
	}
	wg.Wait()
	eventually(t, 10*time.Second, "every socket unregistered", func() bool { return ts.hub.Stats().Connected == 0 })
	for u := range users {
		userID := fmt.Sprint("user", u)
		eventually(t, 5*time.Second, userID+" connect/disconnect hooks", func() bool {
			c, d := hooks.counts(userID)
			return c == 1 && d == 1
		})
		if ts.hub.OnlineLocal(userID) {
			t.Fatalf("%s still online", userID)
		}
	}
}

func TestHub_SlowClientIsDroppedOthersKeepReceiving(t *testing.T) {
	hooks := newHookLog()
	opts := Options{SendBuffer: 8, WriteTimeout: 2 * time.Second, PingInterval: time.Hour}
	hooks.install(&opts)
	ts := startHub(t, NewMemoryBroker(), opts)
	ctx := context.Background()

	slow := mustConnect(t, ts.url, "slow") // never reads again
	normal := mustConnect(t, ts.url, "normal")
	big := strings.Repeat("x", 16<<10)

	var worst time.Duration
	check := func(i int) {
		start := time.Now()
		if err := ts.hub.Publish(ctx, "normal", mustEventT(t, "chat.message", i)); err != nil {
			t.Fatal(err)
		}
		ev := mustRead(t, normal, time.Second) // "promptly"
		worst = max(worst, time.Since(start))
		if string(ev.Data) != fmt.Sprint(i) {
			t.Fatalf("normal client got %s, want %d", ev.Data, i)
		}
	}
	// Enough to fill the socket buffers of any kernel, then the send buffer.
	for i := 0; ts.hub.Stats().DroppedSlow == 0; i++ {
		if i == 20000 {
			t.Fatal("slow client never dropped")
		}
		if err := ts.hub.Publish(ctx, "slow", mustEventT(t, "chat.message", big)); err != nil {
			t.Fatal(err)
		}
		if i%10 == 0 {
			check(i)
		}
	}
	t.Logf("slowest delivery to the normal client while the slow one filled up: %v", worst)
	eventually(t, 2*time.Second, "slow user offline", func() bool { return !ts.hub.OnlineLocal("slow") })
	eventually(t, 2*time.Second, "OnDisconnect(slow)", func() bool { _, d := hooks.counts("slow"); return d == 1 })
	for i := range 5 {
		check(-i)
	}
	if !ts.hub.OnlineLocal("normal") || ts.hub.Stats().Connected != 1 {
		t.Fatalf("normal client lost: %+v", ts.hub.Stats())
	}
	// The slow socket is really closed: after what was already in flight,
	// reading ends with an error.
	closeStatusWithin(t, slow, 10*time.Second)
}

// TestHub_StuckWriteTimesOut: a write that a peer does not take within WriteTimeout closes its
// socket, though its buffer is far from full, and a peer that reads is not disturbed by the
// timeout of writes long done.
func TestHub_StuckWriteTimesOut(t *testing.T) {
	timeout := 300 * time.Millisecond
	ts := startHub(t, NewMemoryBroker(), Options{SendBuffer: 64, WriteTimeout: timeout, PingInterval: time.Hour})
	ctx := context.Background()
	stuck := mustConnect(t, ts.url, "stuck") // never reads again
	reader := mustConnect(t, ts.url, "reader")
	// More than any kernel buffers on loopback, in a few frames: the writer blocks on the third.
	huge := strings.Repeat("x", 8<<20)
	for range 3 {
		if err := ts.hub.Publish(ctx, "stuck", mustEventT(t, "chat.message", huge)); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, 10*time.Second, "stuck user offline", func() bool { return !ts.hub.OnlineLocal("stuck") })
	if s := ts.hub.Stats(); s.DroppedSlow != 0 {
		t.Fatalf("stuck socket dropped as slow (%+v): its buffer never filled, the write should have timed out", s)
	}
	closeStatusWithin(t, stuck, 10*time.Second)

	// Writes to the reader, each well within the timeout, spread over several timeouts.
	for i := range 5 {
		if err := ts.hub.Publish(ctx, "reader", mustEventT(t, "chat.message", i)); err != nil {
			t.Fatal(err)
		}
		if ev := mustRead(t, reader, time.Second); string(ev.Data) != fmt.Sprint(i) {
			t.Fatalf("reader got %s, want %d", ev.Data, i)
		}
		time.Sleep(timeout / 2)
	}
	if !ts.hub.OnlineLocal("reader") {
		t.Fatal("the reader's socket was closed")
	}
}

func TestHub_HeartbeatDropsDeadPeer(t *testing.T) {
	// The timeout leaves a live peer a second to answer, so a busy machine running the suite
	// under -race does not make it look dead.
	ts := startHub(t, NewMemoryBroker(), Options{PingInterval: 200 * time.Millisecond, PingTimeout: time.Second})
	mustConnect(t, ts.url, "ghost") // never reads, so never answers a ping
	alive := mustConnect(t, ts.url, "alive")
	go func() { // reading is what makes coder/websocket answer pings
		for {
			if _, _, err := alive.Read(context.Background()); err != nil {
				return
			}
		}
	}()
	// Within a ping interval and timeout plus a margin: never after a close handshake's 5 s.
	eventually(t, 4*time.Second, "ghost dropped", func() bool { return !ts.hub.OnlineLocal("ghost") })
	time.Sleep(time.Second) // several more heartbeats
	if !ts.hub.OnlineLocal("alive") {
		t.Fatal("a peer that answers pings was dropped")
	}
}

func TestHub_ShutdownClosesWithGoingAway(t *testing.T) {
	hooks := newHookLog()
	opts := Options{}
	hooks.install(&opts)
	ts := startHub(t, NewMemoryBroker(), opts)
	conns := []*websocket.Conn{mustConnect(t, ts.url, "a"), mustConnect(t, ts.url, "a"), mustConnect(t, ts.url, "b")}
	unauthenticated, _, err := websocket.Dial(context.Background(), ts.url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer unauthenticated.CloseNow()

	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		done <- ts.hub.Shutdown(ctx)
	}()
	for i, conn := range append(conns, unauthenticated) {
		if code := closeStatusWithin(t, conn, 5*time.Second); code != websocket.StatusGoingAway {
			t.Fatalf("socket %d closed with %v, want 1001", i, code)
		}
	}
	if err := <-done; err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	// Shutdown has waited for the broker unsubscriptions and hooks.
	for _, u := range []string{"a", "b"} {
		if c, d := hooks.counts(u); c != 1 || d != 1 {
			t.Fatalf("%s: %d connects, %d disconnects; want 1 and 1", u, c, d)
		}
	}
	_, resp, err := websocket.Dial(context.Background(), ts.url, nil)
	if err == nil || resp == nil || resp.StatusCode != 503 {
		t.Fatalf("dial after shutdown: err %v, response %v; want 503", err, resp)
	}
}

func TestNewEvent(t *testing.T) {
	ev, err := NewEvent("notification.count", map[string]int{"unread": 3})
	if err != nil {
		t.Fatal(err)
	}
	frame, _ := json.Marshal(ev)
	var wire map[string]any
	json.Unmarshal(frame, &wire)
	at, _ := time.Parse(time.RFC3339, fmt.Sprint(wire["at"]))
	if wire["type"] != "notification.count" || len(ev.ID) != 36 || ev.ID[14] != '7' || at.IsZero() ||
		!strings.HasSuffix(fmt.Sprint(wire["at"]), "Z") || fmt.Sprint(wire["data"]) != "map[unread:3]" {
		t.Fatalf("frame %s", frame)
	}
	if _, err := NewEvent("chat.message", func() {}); err == nil {
		t.Fatal("unmarshalable data accepted")
	}
}
