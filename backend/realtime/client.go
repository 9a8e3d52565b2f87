package realtime

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// client is one authenticated socket.
type client struct {
	conn      *websocket.Conn
	userID    string
	sessionID string
	seq       uint64 // order of registration, set by the hub
	// send is the bounded buffer between the hub and the writer. The hub
	// only ever offers to it without blocking (then calls wake); nobody
	// closes it, so the reader can queue pongs on it too.
	send chan []byte
	// writing is true while a goroutine holds the writer role: serve until
	// the ready frame is out, then one drain at a time. At most one goroutine
	// ever writes, and an idle socket has none.
	writing      atomic.Bool
	closed       chan struct{} // closed by the writer that closed the socket after a kick
	writeTimeout time.Duration
	// watchdog aborts a write that has not ended within writeTimeout: one timer, set again for
	// each write, where a context with its own timer for each write (renewed at most every half
	// timeout, which is every write when a socket's events are seconds apart) was 5 % of an
	// instance's CPU sending one task's alerts to 10,000 sockets (docs/performance.md,
	// "Fan-out").
	watchdog *time.Timer

	kickOnce    sync.Once
	kicked      chan struct{} // closed when the socket is to be closed
	closeCode   websocket.StatusCode
	closeReason string
	writeCtx    context.Context // cancelled to abort a write stuck on a slow or dead peer
	abortWrites context.CancelFunc
}

func newClient(conn *websocket.Conn, userID, sessionID string, buffer int, writeTimeout time.Duration) *client {
	c := &client{conn: conn, userID: userID, sessionID: sessionID, send: make(chan []byte, buffer), kicked: make(chan struct{}),
		closed: make(chan struct{}), writeTimeout: writeTimeout}
	c.writing.Store(true) // serve writes the ready frame first
	c.writeCtx, c.abortWrites = context.WithCancel(context.Background())
	c.watchdog = time.AfterFunc(writeTimeout, c.abortWrites)
	c.watchdog.Stop()
	return c
}

// kick asks the writer to close the socket with code and reason; the first
// call wins. abort also cancels a write in progress, for peers whose full
// pipe would otherwise hold the writer for WriteTimeout.
func (c *client) kick(code websocket.StatusCode, reason string, abort bool) {
	c.kickOnce.Do(func() {
		c.closeCode, c.closeReason = code, reason
		close(c.kicked)
	})
	if abort {
		c.abortWrites()
	}
	c.wake()
}

func (c *client) isKicked() bool {
	select {
	case <-c.kicked:
		return true
	default:
		return false
	}
}

// write writes one frame; only the goroutine holding the writer role calls it.
func (c *client) write(frame []byte) error {
	// A write that times out or is aborted makes coder/websocket close the socket.
	c.watchdog.Reset(c.writeTimeout)
	err := c.conn.Write(c.writeCtx, websocket.MessageText, frame)
	c.watchdog.Stop()
	return err
}

// wake makes sure that queued frames, or a kick, get handled: it starts a
// drain unless a goroutine already holds the writer role. Call it after
// every offer to send.
func (c *client) wake() {
	if c.writing.CompareAndSwap(false, true) {
		go c.drain()
	}
}

// drain writes what is queued and returns once the buffer is empty, so an
// idle socket costs no writer goroutine. After a kick it closes the socket
// instead (skipping queued frames) and keeps the writer role for good, so
// nothing is written after the close.
func (c *client) drain() {
	for {
		if c.isKicked() {
			c.conn.Close(c.closeCode, c.closeReason)
			close(c.closed)
			return
		}
		select {
		case frame := <-c.send:
			if err := c.write(frame); err != nil {
				c.kick(websocket.StatusAbnormalClosure, "write failed", true)
				c.conn.CloseNow()
				close(c.closed)
				return
			}
		default:
			c.writing.Store(false)
			// A frame or a kick that arrived after the check above may have
			// found the role taken: take it back rather than leave it unseen.
			if (len(c.send) == 0 && !c.isKicked()) || !c.writing.CompareAndSwap(false, true) {
				return
			}
		}
	}
}

// startHeartbeat pings the peer every interval from a timer, so an idle socket
// holds no goroutine between pings; coder/websocket reads the pong in readLoop.
// A peer that does not answer in time is dropped without a close handshake,
// which would only wait for it a little longer. The returned function stops it.
func (c *client) startHeartbeat(interval, timeout time.Duration) (stop func()) {
	var (
		mu    sync.Mutex
		timer *time.Timer
	)
	ping := func() {
		if c.isKicked() {
			return
		}
		ctx, cancel := context.WithTimeout(c.writeCtx, timeout)
		err := c.conn.Ping(ctx)
		cancel()
		if err != nil {
			// Closed before the kick: the writer's close handshake would otherwise win the race
			// and wait 5 s for a peer that is gone before the socket is let go.
			c.conn.CloseNow()
			c.kick(websocket.StatusPolicyViolation, "heartbeat timeout", true)
			return
		}
		mu.Lock()
		timer.Reset(interval)
		mu.Unlock()
	}
	mu.Lock()
	timer = time.AfterFunc(interval, ping)
	mu.Unlock()
	return func() {
		mu.Lock()
		timer.Stop()
		mu.Unlock()
	}
}
