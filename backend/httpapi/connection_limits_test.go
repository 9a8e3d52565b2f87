package httpapi_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"bridgework/backend/app"
	"bridgework/backend/config"
	"bridgework/backend/realtime"
)

// One account or address cannot hold more than its share of connections (docs/security.md, "What
// holds each row").

// connectFrom is connect from the client address ip (through the trusted proxy).
func (e *env) connectFrom(u user, ip string) *socket {
	e.t.Helper()
	conn, res, err := e.dial(http.Header{"X-Forwarded-For": {ip}})
	if err != nil {
		e.t.Fatalf("dial from %s: %v (%v)", ip, err, res)
	}
	s := &socket{t: e.t, conn: conn, user: u}
	e.t.Cleanup(func() { conn.CloseNow() })
	s.write("auth", map[string]string{"token": u.Token})
	if ev := s.read(); ev.Type != realtime.TypeReady {
		e.t.Fatalf("first frame %s, want ready", ev.Type)
	}
	return s
}

// dialStatus is the HTTP status of a handshake from ip: 101 when a socket opened.
func (e *env) dialStatus(ip string) int {
	e.t.Helper()
	conn, res, err := e.dial(http.Header{"X-Forwarded-For": {ip}})
	if err == nil {
		e.t.Cleanup(func() { conn.CloseNow() })
		return http.StatusSwitchingProtocols
	}
	if res == nil {
		e.t.Fatalf("dial from %s: %v", ip, err)
	}
	return res.StatusCode
}

func TestSockets_perUserCapClosesTheOldest(t *testing.T) {
	const limit = 3
	onBothDeploymentsWith(t, func(c *config.Config) { c.WSMaxPerUser = limit }, func(t *testing.T, e *env) {
		many, other, startup := e.registerStudent("Many"), e.registerStudent("Other"), e.registerStartup("Sender")
		var tabs []*socket
		for range limit {
			tabs = append(tabs, e.connect(many))
		}
		bystander := e.connect(other)
		tabs = append(tabs, e.connect(many))
		if code := closeStatus(t, tabs[0].conn, 5*time.Second); code != realtime.CloseTooManyConnections {
			t.Fatalf("the oldest socket closed with %d, want %d", code, realtime.CloseTooManyConnections)
		}
		e.send(startup, many, "to every open tab")
		for _, tab := range tabs[1:] {
			tab.readUntil("chat.message", "to every open tab")
		}
		e.send(startup, other, "to the bystander")
		bystander.readUntil("chat.message", "to the bystander")
	})
}

func TestSockets_perAddressCap(t *testing.T) {
	const limit = 2
	onBothDeploymentsWith(t, func(c *config.Config) { trustLoopbackProxy(c); c.WSMaxPerIP = limit }, func(t *testing.T, e *env) {
		a, b := e.registerStudent("Addr"), e.registerStudent("Else")
		for range limit {
			e.connectFrom(a, "198.51.100.60")
		}
		if status := e.dialStatus("198.51.100.60"); status != http.StatusTooManyRequests {
			t.Errorf("a socket past the address cap: %d, want 429", status)
		}
		e.connectFrom(b, "198.51.100.61")
	})
}

func TestSockets_handshakeRatePerAddress(t *testing.T) {
	const limit = 3
	onBothDeploymentsWith(t, func(c *config.Config) { trustLoopbackProxy(c); c.WSHandshakesPerIP = limit }, func(t *testing.T, e *env) {
		for i := range limit {
			if status := e.dialStatus("198.51.100.70"); status != http.StatusSwitchingProtocols {
				t.Fatalf("handshake %d: %d", i+1, status)
			}
		}
		_, res, err := e.dial(http.Header{"X-Forwarded-For": {"198.51.100.70"}})
		if err == nil || res == nil || res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Errorf("a handshake past the rate: %v %v, want 429 with Retry-After", err, res)
		}
		if status := e.dialStatus("198.51.100.71"); status != http.StatusSwitchingProtocols {
			t.Errorf("another address: %d", status)
		}
	})
}

func TestSockets_descriptorHeadroom(t *testing.T) {
	// A reserve larger than the process's limit: every upgrade is past the headroom.
	onBothDeploymentsWith(t, func(c *config.Config) { c.FDReserve = 1 << 30 }, func(t *testing.T, e *env) {
		s := e.registerStudent("Heidi")
		if status := e.dialStatus(""); status != http.StatusServiceUnavailable {
			t.Errorf("an upgrade without headroom: %d, want 503", status)
		}
		if res := e.do("GET", "/healthz", "", nil); res.Status != http.StatusOK {
			t.Errorf("/healthz: %d", res.Status)
		}
		if res := e.do("POST", "/api/login", "", map[string]any{"email": s.Email, "password": "secret123"}); res.Status != http.StatusOK {
			t.Errorf("sign-in: %d", res.Status)
		}
	})
}

func TestServer_cutsOffStalledRequests(t *testing.T) {
	const readTimeout = 300 * time.Millisecond
	onBothDeployments(t, func(t *testing.T, e *env) {
		listener, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := app.HTTPServer("", e.app.Handler, readTimeout)
		go srv.Serve(listener)
		t.Cleanup(func() { srv.Close() })
		base := "http://" + listener.Addr().String()

		// A sign-in whose body never arrives in full.
		stalled, err := net.Dial("tcp", listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer stalled.Close()
		fmt.Fprint(stalled, "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
		start := time.Now()
		stalled.SetReadDeadline(time.Now().Add(10 * time.Second))
		reply, _ := bufio.NewReader(stalled).ReadString(0) // whatever arrives until the server closes
		if took := time.Since(start); took > 5*time.Second {
			t.Fatalf("the stalled request was held %s", took)
		}
		if strings.HasPrefix(reply, "HTTP/1.1 200") {
			t.Errorf("the stalled request was answered 200: %q", reply)
		}
		if res, err := http.Get(base + "/healthz"); err != nil || res.StatusCode != http.StatusOK {
			t.Errorf("/healthz beside it: %v %v", res, err)
		}

		// A websocket on the same server outlives the read deadline of its upgrade request.
		student, startup := e.registerStudent("Wendy"), e.registerStartup("Longlived")
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/ws", nil)
		if err != nil {
			t.Fatal(err)
		}
		s := &socket{t: t, conn: conn, user: student}
		defer conn.CloseNow()
		s.write("auth", map[string]string{"token": student.Token})
		if ev := s.read(); ev.Type != realtime.TypeReady {
			t.Fatalf("first frame %s", ev.Type)
		}
		time.Sleep(3 * readTimeout)
		e.send(startup, student, "still here")
		s.readUntil("chat.message", "still here")
	})
}
