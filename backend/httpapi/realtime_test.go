package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"bridgework/backend/chat"
	"bridgework/backend/realtime"
)

// socket is a test client of /api/ws.
type socket struct {
	t    testing.TB
	conn *websocket.Conn
	user user
	seen []realtime.Event // every frame read so far
}

func (e *env) wsURL() string { return "ws" + strings.TrimPrefix(e.server.URL, "http") + "/api/ws" }

// dial opens /api/ws with optional headers and returns the connection and the handshake answer.
func (e *env) dial(header http.Header) (*websocket.Conn, *http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return websocket.Dial(ctx, e.wsURL(), &websocket.DialOptions{HTTPHeader: header})
}

// connect opens a socket for u, authenticates with the first frame and waits for "ready".
func (e *env) connect(u user) *socket {
	e.t.Helper()
	conn, _, err := e.dial(nil)
	if err != nil {
		e.t.Fatalf("dial: %v", err)
	}
	s := &socket{t: e.t, conn: conn, user: u}
	e.t.Cleanup(func() { conn.CloseNow() })
	s.write("auth", map[string]string{"token": u.Token})
	if ev := s.read(); ev.Type != realtime.TypeReady {
		e.t.Fatalf("first frame %s %s, want ready", ev.Type, ev.Data)
	}
	return s
}

func (s *socket) write(typ string, data any) {
	s.t.Helper()
	raw, _ := json.Marshal(data)
	frame, _ := json.Marshal(realtime.Event{Type: typ, Data: raw})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.conn.Write(ctx, websocket.MessageText, frame); err != nil {
		s.t.Fatalf("write %s: %v", typ, err)
	}
}

// read returns the next frame; a test that expects one fails after 10 s without it.
func (s *socket) read() realtime.Event {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, data, err := s.conn.Read(ctx)
	if err != nil {
		s.t.Fatalf("%s: read: %v", s.user.Email, err)
	}
	var ev realtime.Event
	if err := json.Unmarshal(data, &ev); err != nil {
		s.t.Fatalf("frame %s: %v", data, err)
	}
	s.seen = append(s.seen, ev)
	return ev
}

// readUntil reads frames until one of type typ whose data contains substr, and returns the
// frames before it.
func (s *socket) readUntil(typ, substr string) []realtime.Event {
	s.t.Helper()
	var before []realtime.Event
	for {
		ev := s.read()
		if ev.Type == typ && strings.Contains(string(ev.Data), substr) {
			return before
		}
		before = append(before, ev)
	}
}

// closeStatus waits for the server to close conn and returns the close code.
func closeStatus(t testing.TB, conn *websocket.Conn, within time.Duration) websocket.StatusCode {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	for {
		if _, _, err := conn.Read(ctx); err != nil {
			if ctx.Err() != nil {
				t.Fatalf("socket still open after %s", within)
			}
			return websocket.CloseStatus(err)
		}
	}
}

// TestRealtime_refusesWhatIsNotASignedInUser is acceptance 3's socket half, through the whole
// app: a foreign Origin gets no websocket, and a socket without a valid first auth frame is
// closed with 1008 (policy violation). Admins have no live features.
func TestRealtime_refusesWhatIsNotASignedInUser(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada := e.registerStudent("Ada")
		t.Run("foreign origin", func(t *testing.T) {
			_, res, err := e.dial(http.Header{"Origin": {"https://evil.example"}})
			if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
				t.Fatalf("dial from a foreign origin: %v (response %v), want 403", err, res)
			}
		})
		t.Run("own origin", func(t *testing.T) {
			conn, _, err := e.dial(http.Header{"Origin": {e.server.URL}})
			if err != nil {
				t.Fatalf("dial from the app's own origin: %v", err)
			}
			conn.CloseNow()
		})
		frames := map[string]func(s *socket){
			"no auth frame":     func(*socket) {},
			"not an auth frame": func(s *socket) { s.write("ping", map[string]string{}) },
			"bad token":         func(s *socket) { s.write("auth", map[string]string{"token": "forged"}) },
			"empty token":       func(s *socket) { s.write("auth", map[string]string{}) },
			"admin":             func(s *socket) { s.write("auth", map[string]string{"token": e.admin().Token}) },
		}
		for name, first := range frames {
			t.Run(name, func(t *testing.T) {
				conn, _, err := e.dial(nil)
				if err != nil {
					t.Fatal(err)
				}
				defer conn.CloseNow()
				first(&socket{t: t, conn: conn, user: ada})
				if got := closeStatus(t, conn, 10*time.Second); got != websocket.StatusPolicyViolation {
					t.Errorf("closed with %v, want 1008", got)
				}
			})
		}
	})
}

// TestRealtime_eventsReachOnlyTheirUsers: two conversations run side by side (Ada with Acme,
// Dan with Zeta) with messages, typing and read receipts, plus attempts to type at users one
// may not chat with. Every frame a socket receives must concern its own user.
func TestRealtime_eventsReachOnlyTheirUsers(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, dan := e.registerStudent("Ada"), e.registerStudent("Dan")
		acme, zeta := e.registerStartup("Acme"), e.registerStartup("Zeta")
		partnerOf := map[string]string{ada.ID: acme.ID, acme.ID: ada.ID, dan.ID: zeta.ID, zeta.ID: dan.ID}
		sockets := map[string]*socket{}
		for _, u := range []user{ada, acme, dan, zeta} {
			sockets[u.ID] = e.connect(u)
		}

		for i := range 3 {
			e.send(ada, acme, fmt.Sprint("ada→acme ", i))
			e.send(zeta, dan, fmt.Sprint("zeta→dan ", i))
		}
		// Frames of one socket are handled in order, so once the valid frame after a refused one
		// has shown its effect, the refused one has been handled too.
		sockets[acme.ID].write("typing", map[string]string{"userId": ada.ID})
		sockets[acme.ID].write("read", map[string]string{"userId": ada.ID})
		sockets[dan.ID].write("typing", map[string]string{"userId": ada.ID}) // a student: refused
		sockets[dan.ID].write("read", map[string]string{"userId": acme.ID})  // not a partner: refused
		sockets[dan.ID].write("read", map[string]string{"userId": zeta.ID})
		sockets[zeta.ID].write("typing", map[string]string{"userId": zeta.ID}) // oneself: refused
		sockets[zeta.ID].write("typing", map[string]string{"userId": dan.ID})
		sockets[ada.ID].readUntil(chat.EventRead, ada.ID)
		sockets[zeta.ID].readUntil(chat.EventRead, zeta.ID)
		sockets[dan.ID].readUntil(chat.EventTyping, zeta.ID)

		// The last event each user gets: a message from their partner saying "end:<user id>".
		byID := map[string]user{ada.ID: ada, acme.ID: acme, dan.ID: dan, zeta.ID: zeta}
		for id, partner := range partnerOf {
			e.send(byID[partner], byID[id], "end:"+id)
		}
		for id, s := range sockets {
			s.readUntil(chat.EventMessage, "end:"+id)
			counts := map[string]int{}
			for _, ev := range s.seen {
				counts[ev.Type]++
				var d map[string]any
				_ = json.Unmarshal(ev.Data, &d)
				mine := false
				for _, party := range []any{d["sender"], d["receiver"], d["to"], d["readerId"], d["senderId"]} {
					mine = mine || party == id
				}
				if ev.Type == chat.EventPresence && d["userId"] == partnerOf[id] || ev.Type == realtime.TypeReady {
					mine = true
				}
				if !mine {
					t.Errorf("%s received %s %s, which is not theirs", s.user.Email, ev.Type, ev.Data)
				}
			}
			if counts[chat.EventMessage] < 4 {
				t.Errorf("%s got %d chat messages, want at least 4", s.user.Email, counts[chat.EventMessage])
			}
			if id == ada.ID && (counts[chat.EventTyping] != 1 || counts[chat.EventRead] != 1) {
				t.Errorf("Ada got %v, want one chat.typing (from Acme) and one chat.read", counts)
			}
		}
	})
}

// TestRealtime_typingReadAndPresence follows one conversation's live events.
func TestRealtime_typingReadAndPresence(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")
		first := e.send(ada, acme, "hello")
		adaSocket := e.connect(ada)

		acmeSocket := e.connect(acme)
		adaSocket.readUntil(chat.EventPresence, fmt.Sprintf(`{"userId":%q,"online":true}`, acme.ID))
		res := e.do("GET", "/api/chat/conversations", ada.Token, nil)
		if !strings.Contains(string(res.Raw), `"online":true`) {
			t.Errorf("conversations while Acme is connected: %s", res.Raw)
		}

		acmeSocket.write("typing", map[string]string{"userId": ada.ID})
		adaSocket.readUntil(chat.EventTyping, fmt.Sprintf(`{"from":%q,"to":%q}`, acme.ID, ada.ID))

		acmeSocket.write("read", map[string]string{"userId": ada.ID})
		adaSocket.readUntil(chat.EventRead, fmt.Sprintf(`"upTo":%q`, first.ID))
		acmeSocket.readUntil(chat.EventRead, fmt.Sprintf(`"upTo":%q`, first.ID)) // Acme's other tabs

		metrics := e.do("GET", "/metrics", testMetricsToken, nil)
		if !strings.Contains(string(metrics.Raw), "bridgework_ws_connected_clients 2") {
			t.Errorf("/metrics does not count the 2 sockets")
		}
		// Both connects were announced (the presence frames above): the backlog is empty, or
		// about to be.
		for deadline := time.Now().Add(5 * time.Second); !strings.Contains(string(metrics.Raw), "\nbridgework_presence_pending 0\n"); {
			if time.Now().After(deadline) {
				t.Fatalf("/metrics does not show an empty presence backlog")
			}
			time.Sleep(20 * time.Millisecond)
			metrics = e.do("GET", "/metrics", testMetricsToken, nil)
		}

		acmeSocket.conn.Close(websocket.StatusNormalClosure, "bye")
		adaSocket.readUntil(chat.EventPresence, fmt.Sprintf(`{"userId":%q,"online":false}`, acme.ID))
	})
}
