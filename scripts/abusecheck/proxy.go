package main

import (
	"io"
	"net"
	"sync"
)

// proxy forwards TCP connections to an upstream (Redis) and can be cut, which the server sees as
// Redis going away: connections drop and new ones are refused until it is restored.
type proxy struct {
	upstream string
	mu       sync.Mutex
	listener net.Listener
	address  string
	conns    map[net.Conn]struct{}
}

func newProxy(upstream string) (*proxy, error) {
	p := &proxy{upstream: upstream, conns: map[net.Conn]struct{}{}}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p.address = l.Addr().String()
	p.serve(l)
	return p, nil
}

func (p *proxy) addr() string { return p.address }

func (p *proxy) serve(l net.Listener) {
	p.mu.Lock()
	p.listener = l
	p.mu.Unlock()
	go func() {
		for {
			down, err := l.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", p.upstream)
			if err != nil {
				down.Close()
				continue
			}
			p.mu.Lock()
			p.conns[down], p.conns[up] = struct{}{}, struct{}{}
			p.mu.Unlock()
			go p.pipe(down, up)
			go p.pipe(up, down)
		}
	}()
}

func (p *proxy) pipe(dst, src net.Conn) {
	_, _ = io.Copy(dst, src)
	dst.Close()
	src.Close()
	p.mu.Lock()
	delete(p.conns, dst)
	delete(p.conns, src)
	p.mu.Unlock()
}

// cut closes the listener and every forwarded connection.
func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.listener.Close()
	for c := range p.conns {
		c.Close()
	}
}

// restore listens again on the same address.
func (p *proxy) restore() error {
	l, err := net.Listen("tcp", p.address)
	if err != nil {
		return err
	}
	p.serve(l)
	return nil
}

func (p *proxy) close() { p.cut() }
