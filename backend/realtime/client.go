package realtime

import (
	"context"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// client is one authenticated socket.
type client struct {
	conn   *websocket.Conn
	userID string
	// send is the bounded buffer between the hub and the writer. The hub
	// only ever offers to it without blocking; nobody closes it, so the
	// reader can queue pongs on it too.
	send chan []byte

	kickOnce    sync.Once
	kicked      chan struct{} // closed when the socket is to be closed
	closeCode   websocket.StatusCode
	closeReason string
	writeCtx    context.Context // cancelled to abort a write stuck on a slow or dead peer
	abortWrites context.CancelFunc
}

func newClient(conn *websocket.Conn, userID string, buffer int) *client {
	c := &client{conn: conn, userID: userID, send: make(chan []byte, buffer), kicked: make(chan struct{})}
	c.writeCtx, c.abortWrites = context.WithCancel(context.Background())
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
}

func (c *client) isKicked() bool {
	select {
	case <-c.kicked:
		return true
	default:
		return false
	}
}

func (c *client) write(frame []byte, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(c.writeCtx, timeout)
	defer cancel()
	// A write that times out or is aborted makes coder/websocket close the socket.
	return c.conn.Write(ctx, websocket.MessageText, frame)
}

func (c *client) writeLoop(timeout time.Duration) {
	for {
		if c.isKicked() { // checked first so a kick is not stuck behind queued frames
			c.conn.Close(c.closeCode, c.closeReason)
			return
		}
		select {
		case frame := <-c.send:
			if err := c.write(frame, timeout); err != nil {
				c.kick(websocket.StatusAbnormalClosure, "write failed", true)
				c.conn.CloseNow()
				return
			}
		case <-c.kicked:
		}
	}
}

// heartbeat pings the peer; coder/websocket reads the pong in readLoop.
// A peer that does not answer in time is dropped without a close handshake,
// which would only wait for it a little longer.
func (c *client) heartbeat(interval, timeout time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-c.kicked:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(c.writeCtx, timeout)
			err := c.conn.Ping(ctx)
			cancel()
			if err != nil {
				c.kick(websocket.StatusPolicyViolation, "heartbeat timeout", true)
				c.conn.CloseNow()
				return
			}
		}
	}
}
