package realtime

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/coder/websocket"
)

// Close codes of this package's own (4000–4999 are the application's).
const (
	// CloseTooManyConnections closes a user's oldest socket when a new one would pass
	// Options.MaxPerUser: the newest tab keeps working, and the SPA does not reconnect the old one.
	CloseTooManyConnections websocket.StatusCode = 4008
	// CloseSessionEnded closes the sockets of a session that ended (sign-out, sign-out
	// everywhere, a password change): the SPA signs out and shows the sign-in page.
	CloseSessionEnded websocket.StatusCode = 4001
)

type clientIPKey struct{}

// WithClientIP records the client's address, as the router decided it behind trusted proxies,
// for the hub's per-address limits.
func WithClientIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, clientIPKey{}, ip)
}

func clientIP(r *http.Request) string {
	if ip, ok := r.Context().Value(clientIPKey{}).(string); ok && ip != "" {
		return ip
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Refusal is an Admit answer that keeps a client from opening a socket now.
type Refusal struct {
	Status     int // 429 or 503
	Message    string
	RetryAfter time.Duration
}

func (r *Refusal) Error() string { return r.Message }

// admit checks, before the upgrade, the caller's own Admit (handshake rate, descriptor headroom)
// and the address's open sockets, and reserves one of them; release gives it back.
func (h *Hub) admit(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	ip := clientIP(r)
	if h.opts.Admit != nil {
		if refusal := h.opts.Admit(r.Context(), ip); refusal != nil {
			refuse(w, refusal)
			return nil, false
		}
	}
	h.ipMu.Lock()
	defer h.ipMu.Unlock()
	if h.opts.MaxPerIP > 0 && h.perIP[ip] >= h.opts.MaxPerIP {
		refuse(w, &Refusal{Status: http.StatusTooManyRequests, Message: "too many connections from your address", RetryAfter: time.Minute})
		return nil, false
	}
	h.perIP[ip]++
	return func() {
		h.ipMu.Lock()
		defer h.ipMu.Unlock()
		if h.perIP[ip]--; h.perIP[ip] <= 0 {
			delete(h.perIP, ip)
		}
	}, true
}

func refuse(w http.ResponseWriter, r *Refusal) {
	if r.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(r.RetryAfter.Round(time.Second).Seconds())))
	}
	http.Error(w, r.Message, r.Status)
}

// oldest is the user's socket opened first, to make room under Options.MaxPerUser.
func (u *localUser) oldest() *client {
	var first *client
	for c := range u.conns {
		if !c.isKicked() && (first == nil || c.seq < first.seq) {
			first = c
		}
	}
	return first
}
