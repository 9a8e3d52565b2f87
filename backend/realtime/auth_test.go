package realtime

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func TestHub_Authentication(t *testing.T) {
	const authTimeout = 300 * time.Millisecond
	ts := startHub(t, NewMemoryBroker(), Options{AuthTimeout: authTimeout, AllowedOrigins: []string{"app.example.com"}})
	ctx := context.Background()
	dial := func(t *testing.T) *websocket.Conn {
		t.Helper()
		conn, _, err := websocket.Dial(ctx, ts.url, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.CloseNow() })
		return conn
	}
	expectClose := func(t *testing.T, conn *websocket.Conn, want websocket.StatusCode) {
		t.Helper()
		if got := closeStatusWithin(t, conn, 3*time.Second); got != want {
			t.Fatalf("closed with %v, want %v", got, want)
		}
	}

	t.Run("no auth frame: closed with 1008 after the timeout", func(t *testing.T) {
		conn := dial(t)
		start := time.Now()
		expectClose(t, conn, websocket.StatusPolicyViolation)
		if took := time.Since(start); took < authTimeout-50*time.Millisecond || took > authTimeout+2*time.Second {
			t.Fatalf("closed after %v, want about %v", took, authTimeout)
		}
	})

	cases := []struct {
		name  string
		typ   string
		data  any
		close websocket.StatusCode
	}{
		{"bad token", ClientAuth, authData{Token: "forged"}, websocket.StatusPolicyViolation},
		{"empty token", ClientAuth, authData{}, websocket.StatusPolicyViolation},
		{"first frame is not auth", "typing", map[string]string{"token": "token-alice"}, websocket.StatusPolicyViolation},
		{"auth frame over the read limit", ClientAuth, authData{Token: "token-" + strings.Repeat("a", 5000)}, websocket.StatusMessageTooBig},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			conn := dial(t)
			if err := writeFrame(ctx, conn, tc.typ, tc.data); err != nil {
				t.Fatal(err)
			}
			expectClose(t, conn, tc.close)
		})
	}

	t.Run("not JSON: closed", func(t *testing.T) {
		conn := dial(t)
		conn.Write(ctx, websocket.MessageText, []byte("hello"))
		expectClose(t, conn, websocket.StatusPolicyViolation)
	})

	t.Run("frame over the read limit after auth: closed with 1009", func(t *testing.T) {
		conn := mustConnect(t, ts.url, "alice")
		writeFrame(ctx, conn, "typing", map[string]string{"text": strings.Repeat("x", 5000)})
		expectClose(t, conn, websocket.StatusMessageTooBig)
	})

	origins := []struct {
		name   string
		origin string
		status int // 0: upgrade accepted
	}{
		{"foreign origin refused", "https://evil.example", http.StatusForbidden},
		{"look-alike origin refused", "https://app.example.com.evil.example", http.StatusForbidden},
		{"allow-listed origin", "https://app.example.com", 0},
		{"same host as the server", "http://" + strings.TrimPrefix(ts.srv.URL, "http://"), 0},
		{"no origin (not a browser)", "", 0},
	}
	for _, tc := range origins {
		t.Run(tc.name, func(t *testing.T) {
			header := http.Header{}
			if tc.origin != "" {
				header.Set("Origin", tc.origin)
			}
			conn, resp, err := websocket.Dial(ctx, ts.url, &websocket.DialOptions{HTTPHeader: header})
			if tc.status != 0 {
				if err == nil || resp == nil || resp.StatusCode != tc.status {
					t.Fatalf("err %v, response %v; want HTTP %d", err, resp, tc.status)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			conn.CloseNow()
		})
	}
}

func TestHub_ClientFrames(t *testing.T) {
	var (
		mu  sync.Mutex
		got []Event
		who []string
	)
	ts := startHub(t, NewMemoryBroker(), Options{ClientFrames: []string{"typing", "read"}, OnClientEvent: func(userID string, ev Event) {
		mu.Lock()
		got, who = append(got, ev), append(who, userID)
		mu.Unlock()
	}})
	conn := mustConnect(t, ts.url, "alice")
	ctx := context.Background()

	writeFrame(ctx, conn, ClientPing, map[string]int{"n": 7})
	if pong := mustRead(t, conn, 2*time.Second); pong.Type != TypePong || string(pong.Data) != `{"n":7}` {
		t.Fatalf("answer to ping: %+v", pong)
	}

	writeFrame(ctx, conn, "typing", map[string]string{"to": "bob"})
	writeFrame(ctx, conn, "unknown", nil) // ignored
	writeFrame(ctx, conn, "read", map[string]string{"with": "bob"})
	eventually(t, 2*time.Second, "two client events", func() bool { mu.Lock(); defer mu.Unlock(); return len(got) == 2 })
	mu.Lock()
	defer mu.Unlock()
	if got[0].Type != "typing" || got[1].Type != "read" || who[0] != "alice" || who[1] != "alice" ||
		string(got[0].Data) != `{"to":"bob"}` || got[0].At.IsZero() || got[0].ID == "" {
		t.Fatalf("client events %+v from %v", got, who)
	}
}
