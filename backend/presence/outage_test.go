package presence_test

import (
	"context"
	"io"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"bridgework/backend/presence"
	"bridgework/backend/testenv"
)

// TestRedis_outageDoesNotFlapPresence: Redis is out of reach for longer than the TTL, for the
// instance's heartbeat and sweep alike, so every entry expires though its instance lives. When
// Redis is back, the heartbeat refreshes the live user's entry before a sweep could take it: her
// partners are told nothing, while the user of an instance that really died is announced.
func TestRedis_outageDoesNotFlapPresence(t *testing.T) {
	ctx := context.Background()
	direct, prefix := testenv.Redis(t)
	proxy := startProxy(t, direct.Options().Addr)
	rdb := redis.NewClient(&redis.Options{Addr: proxy.addr(), MaxRetries: -1,
		DialTimeout: 200 * time.Millisecond, ReadTimeout: 200 * time.Millisecond, WriteTimeout: 200 * time.Millisecond})
	defer rdb.Close()
	opts := presence.RedisOptions{Prefix: prefix, TTL: time.Second} // heartbeat 400 ms
	tracker := presence.NewRedis(rdb, opts)
	defer tracker.Close()
	observer := presence.NewRedis(direct, opts) // reads Redis past the cut, holds nobody
	defer observer.Close()
	killed := presence.NewRedis(direct, opts)
	if _, err := killed.Connected(ctx, "zed"); err != nil {
		t.Fatal(err)
	}
	killed.Close()

	var announced recorder
	watcher := presence.NewWatcher(tracker, announced.onChange, nil)
	watcher.Connected("ada")
	announced.waitFor(t, "ada online")
	sweeping, stop := context.WithCancel(ctx)
	var done sync.WaitGroup
	done.Go(func() { presence.NewSweeper(tracker, 200*time.Millisecond).Run(sweeping) })

	proxy.cut()
	online := func(want bool) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			on, err := observer.Online(ctx, []string{"ada"})
			if err != nil {
				t.Fatal(err)
			}
			if on["ada"] == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("ada online = %v, want %v", on["ada"], want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	online(false) // her entry expired during the outage
	proxy.restore()
	online(true) // the heartbeat put it back
	announced.waitFor(t, "zed offline")
	stop()
	done.Wait()
	if err := watcher.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if got := announced.seen(); !slices.Equal(got, []string{"ada online", "zed offline"}) {
		t.Errorf("announced %v, want ada online, then zed offline only", got)
	}
}

// proxy forwards TCP to Redis and can cut every connection and refuse new ones, which is Redis
// going out of reach for the clients behind it.
type proxy struct {
	listener net.Listener
	down     atomic.Bool
	mu       sync.Mutex
	conns    []net.Conn
}

func startProxy(t *testing.T, upstream string) *proxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{listener: l}
	go func() {
		for {
			client, err := l.Accept()
			if err != nil {
				return
			}
			if p.down.Load() {
				client.Close()
				continue
			}
			server, err := net.Dial("tcp", upstream)
			if err != nil {
				client.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, client, server)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(server, client); server.Close() }()
			go func() { _, _ = io.Copy(client, server); client.Close() }()
		}
	}()
	t.Cleanup(func() { l.Close(); p.cut() })
	return p
}

func (p *proxy) addr() string { return p.listener.Addr().String() }

func (p *proxy) cut() {
	p.down.Store(true)
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *proxy) restore() { p.down.Store(false) }
