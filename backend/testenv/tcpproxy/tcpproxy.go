// Package tcpproxy is a TCP proxy for tests that cut a service off (Redis, in the outage tests).
// It has no dependencies, so every package's tests may use it, testenv's own dependencies too.
package tcpproxy

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
)

// Proxy forwards TCP to an upstream (Redis, in the outage tests) and can cut every connection
// and refuse new ones until Restore: the service going out of reach of the clients behind it.
type Proxy struct {
	listener net.Listener
	down     atomic.Bool
	mu       sync.Mutex
	conns    []net.Conn
}

// New starts a proxy to upstream on a free local port; the test's cleanup stops it.
func New(t testing.TB, upstream string) *Proxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{listener: l}
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
	t.Cleanup(func() { l.Close(); p.Cut() })
	return p
}

// Addr is where clients connect instead of the upstream.
func (p *Proxy) Addr() string { return p.listener.Addr().String() }

// Cut closes every forwarded connection and refuses new ones.
func (p *Proxy) Cut() {
	p.down.Store(true)
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// Restore forwards new connections again.
func (p *Proxy) Restore() { p.down.Store(false) }
