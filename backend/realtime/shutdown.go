package realtime

import "context"

// track counts a ServeHTTP call in, unless Shutdown has begun.
func (h *Hub) track() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closing {
		return false
	}
	h.handlers.Add(1)
	return true
}

// Shutdown drains the hub: new requests get 503, every socket is closed with
// 1001 (going away) so clients reconnect to another instance, and Shutdown
// waits for the connection goroutines, then for the broker unsubscriptions
// and OnDisconnect hooks of the users that were connected. If ctx ends first,
// the remaining sockets are dropped without a close handshake and ctx's error
// is returned. The broker is left open: it belongs to the caller.
func (h *Hub) Shutdown(ctx context.Context) error {
	h.mu.Lock()
	first := !h.closing
	h.closing = true
	h.mu.Unlock()
	if first {
		h.stop()
		go func() {
			h.handlers.Wait()
			close(h.quit)
			<-h.runDone
			h.subs.close()
			close(h.shutDone)
		}()
	}
	select {
	case <-h.shutDone:
		return nil
	case <-ctx.Done():
		h.kill()
		return ctx.Err()
	}
}
