package realtime

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"
)

// ServeHTTP serves the websocket endpoint (GET /api/ws). The JWT never
// travels in the URL, where logs would keep it: the client's first frame is
// {"type":"auth","data":{"token":"<jwt>"}}, and the server answers
// {"type":"ready","data":{"userId":"..."}} once events for that user flow.
// A foreign Origin gets 403 before any upgrade (cross-site websocket
// hijacking); a missing or bad auth frame closes the socket with 1008.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.track() {
		http.Error(w, "server shutting down", http.StatusServiceUnavailable)
		return
	}
	release, admitted := h.admit(w, r)
	if !admitted {
		h.handlers.Done()
		return
	}
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: h.opts.AllowedOrigins})
	if err != nil {
		// Accept has already answered: 403 for a foreign Origin, 4xx for a non-websocket request.
		h.log.Debug("websocket upgrade refused", "origin", r.Header.Get("Origin"), "err", err)
		release()
		h.handlers.Done()
		return
	}
	conn.SetReadLimit(h.opts.ReadLimit)

	userID, sessionID, ok := h.authenticate(r.Context(), conn)
	if !ok {
		conn.CloseNow()
		release()
		h.handlers.Done()
		return
	}
	// The socket is hijacked, so it may outlive this handler: serving it on a goroutine of its
	// own lets the HTTP server's deep stack (router, middleware) and the request be freed. An
	// idle socket then costs two small goroutines (reader, writer) and its buffers.
	go func() {
		defer h.handlers.Done()
		defer release()
		defer conn.CloseNow()
		h.serve(conn, userID, sessionID)
	}()
}

func (h *Hub) authenticate(ctx context.Context, conn *websocket.Conn) (userID, sessionID string, ok bool) {
	// Timers close the socket with a proper close frame; a deadline on Read
	// would drop it without telling the client why.
	timer := time.AfterFunc(h.opts.AuthTimeout, func() {
		conn.Close(websocket.StatusPolicyViolation, "authentication timeout")
	})
	stopWatch := context.AfterFunc(h.stopCtx, func() {
		conn.Close(websocket.StatusGoingAway, "server shutting down")
	})
	typ, data, err := conn.Read(h.killCtx)
	timerStopped, watchStopped := timer.Stop(), stopWatch()
	if err != nil || !timerStopped || !watchStopped {
		return "", "", false
	}

	var (
		ev   Event
		auth authData
	)
	if typ != websocket.MessageText || json.Unmarshal(data, &ev) != nil || ev.Type != ClientAuth ||
		json.Unmarshal(ev.Data, &auth) != nil || auth.Token == "" {
		conn.Close(websocket.StatusPolicyViolation, "first frame must be auth")
		return "", "", false
	}
	actx, cancel := context.WithTimeout(ctx, h.opts.AuthTimeout)
	userID, sessionID, err = h.opts.Authenticate(actx, auth.Token)
	cancel()
	if err != nil || userID == "" {
		conn.Close(websocket.StatusPolicyViolation, "unauthorized")
		return "", "", false
	}
	return userID, sessionID, true
}

// serve runs an authenticated connection: this goroutine reads, a drain
// goroutine writes while there is something to write, and a timer sends
// heartbeats.
func (h *Hub) serve(conn *websocket.Conn, userID, sessionID string) {
	c := newClient(conn, userID, sessionID, h.opts.SendBuffer, h.opts.WriteTimeout)
	defer c.abortWrites()

	reply := make(chan *transition, 1)
	h.register <- registration{client: c, reply: reply}
	sub := <-reply
	if sub == nil {
		conn.Close(websocket.StatusGoingAway, "server shutting down")
		return
	}
	// Ready must mean "events published from now on reach you", so wait
	// until the broker subscription is in place. Events arriving meanwhile
	// for this user's other sockets queue up in c.send, behind ready.
	<-sub.done
	if sub.err != nil {
		h.unregister <- c
		conn.Close(websocket.StatusTryAgainLater, "events unavailable, try again later")
		return
	}
	ready, _ := mustEvent(TypeReady, map[string]string{"userId": userID}).frame() // encoded by NewEvent
	if err := c.write(ready); err != nil {
		h.unregister <- c
		return
	}

	c.writing.Store(false) // from now on drains write, beginning with what queued behind ready
	c.wake()
	stopHeartbeat := c.startHeartbeat(h.opts.PingInterval, h.opts.PingTimeout)
	h.readLoop(c)
	h.unregister <- c
	c.kick(websocket.StatusNormalClosure, "", false) // closes the socket if the reader ended first
	<-c.closed
	stopHeartbeat()
}

func (h *Hub) readLoop(c *client) {
	for {
		typ, data, err := c.conn.Read(h.killCtx)
		if err != nil {
			return // peer gone, socket closed by the writer, or frame over ReadLimit (closed with 1009)
		}
		var ev Event
		if typ != websocket.MessageText || json.Unmarshal(data, &ev) != nil {
			c.kick(websocket.StatusUnsupportedData, "frames must be JSON text", false)
			return
		}
		switch ev.Type {
		case ClientPing:
			pong, _ := mustEvent(TypePong, ev.Data).frame() // encoded by NewEvent, not again here
			select {
			case c.send <- pong:
				c.wake()
			default: // buffer full: the hub is about to drop this client anyway
			}
		default:
			if h.opts.OnClientEvent == nil || !slices.Contains(h.opts.ClientFrames, ev.Type) {
				h.log.Debug("ignoring client frame", "type", ev.Type, "userId", c.userID)
				break
			}
			if ev.ID == "" {
				ev.ID = uuid.NewString()
			}
			ev.At = time.Now().UTC() // the client's clock is not to be trusted
			h.opts.OnClientEvent(c.userID, ev)
		}
	}
}
