package app

import (
	"context"
	"errors"
	"net/http"
	"os"
	"sync"
	"syscall"
	"time"

	"bridgework/backend/apperr"
	"bridgework/backend/ratelimit"
	"bridgework/backend/realtime"
)

// RaiseFileLimit raises this process's soft limit on open files to its hard limit (only this
// process: no system-wide setting changes), so that sockets are bounded by the limits the
// operator configured, not by a distribution's default of 1024. It returns the limit in force.
func RaiseFileLimit() (soft, hard uint64, err error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, 0, err
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err == nil {
			lim = raised
		}
	}
	return lim.Cur, lim.Max, nil
}

// headroom keeps reserve descriptors free: past limit-reserve open files, new websockets are
// refused with 503, so /healthz, sign-in and the users already connected never starve.
type headroom struct {
	limit   uint64
	reserve int

	mu      sync.Mutex
	counted time.Time
	open    int
}

func newHeadroom(reserve int) *headroom {
	var lim syscall.Rlimit
	_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim)
	return &headroom{limit: lim.Cur, reserve: reserve}
}

// full reports whether the process is within reserve of its limit. Counting /proc/self/fd costs
// a directory read, so a count is reused for 200 ms.
func (h *headroom) full() bool {
	if h.reserve <= 0 || h.limit == 0 {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if time.Since(h.counted) > 200*time.Millisecond {
		if n, err := openFiles(); err == nil {
			h.open, h.counted = n, time.Now()
		}
	}
	return uint64(h.open+h.reserve) >= h.limit
}

func openFiles() (int, error) {
	dir, err := os.Open("/proc/self/fd")
	if err != nil {
		return 0, err
	}
	defer dir.Close()
	names, err := dir.Readdirnames(-1)
	return len(names), err
}

// admitSockets is the hub's Admit: descriptor headroom first, then the handshake rate of the
// client's address (WS_MAX_HANDSHAKES_PER_IP a minute, shared through Redis).
func admitSockets(room *headroom, limiter ratelimit.Limiter, perMinute int) func(ctx context.Context, ip string) *realtime.Refusal {
	return func(ctx context.Context, ip string) *realtime.Refusal {
		if room.full() {
			return &realtime.Refusal{Status: http.StatusServiceUnavailable, Message: "server busy, try again later", RetryAfter: 30 * time.Second}
		}
		err := ratelimit.Take(ctx, limiter, "ws:handshake:"+ip, perMinute, time.Minute, "too many connection attempts")
		var throttled *apperr.Error
		if errors.As(err, &throttled) && throttled.Code == apperr.Throttled {
			return &realtime.Refusal{Status: http.StatusTooManyRequests, Message: throttled.Message, RetryAfter: throttled.RetryAfter}
		}
		return nil // a limiter that cannot count lets the handshake through rather than lock everyone out
	}
}

// HTTPServer is the server main runs: request headers and bodies must arrive within
// REQUEST_READ_TIMEOUT, so a client that stalls mid-request is cut off instead of holding a
// descriptor. net/http clears the deadline of a connection it hands over to the websocket.
func HTTPServer(addr string, handler http.Handler, readTimeout time.Duration) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           handler,
		ReadHeaderTimeout: min(10*time.Second, readTimeout),
		ReadTimeout:       readTimeout,
		IdleTimeout:       2 * time.Minute,
	}
}
