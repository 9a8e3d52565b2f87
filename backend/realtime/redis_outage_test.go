package realtime

import (
	"context"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// TestRedis_SurvivesRedisOutage puts a TCP proxy between instance B and
// Redis and cuts it for a second: for B this is Redis going away and coming
// back on the same address, with reconnect attempts failing meanwhile.
func TestRedis_SurvivesRedisOutage(t *testing.T) {
	publisher := mustRedis(t)
	proxy := startTCPProxy(t, publisher.Options().Addr)
	rdbB := redis.NewClient(&redis.Options{
		Addr: proxy.addr, ClientName: "realtime-test-" + uuid.NewString()[:8],
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
		if err := a.hub.Publish(ctx, "bob", mustEventT(t, TypeChatMessage, data)); err != nil {
			t.Fatal(err)
		}
	}

	bob := mustConnect(t, b.url, "bob")
	publish("before")
	mustRead(t, bob, 3*time.Second)

	proxy.stop()
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

	proxy.start()
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

// tcpProxy forwards a local address to Redis and can be cut and restored.
type tcpProxy struct {
	t      *testing.T
	target string
	addr   string

	mu    sync.Mutex
	ln    net.Listener
	conns []net.Conn
}

func startTCPProxy(t *testing.T, target string) *tcpProxy {
	p := &tcpProxy{t: t, target: target, addr: "127.0.0.1:0"}
	p.start()
	p.addr = p.ln.Addr().String()
	t.Cleanup(p.stop)
	return p
}

func (p *tcpProxy) start() {
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			server, err := net.Dial("tcp", p.target)
			if err != nil {
				client.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, client, server)
			p.mu.Unlock()
			go func() { io.Copy(server, client); server.Close() }()
			go func() { io.Copy(client, server); client.Close() }()
		}
	}()
}

// stop closes the listener and every forwarded connection, like a dying Redis.
func (p *tcpProxy) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ln.Close()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}
