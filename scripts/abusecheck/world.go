package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// world is the server under attack and the bystander: a student on an address of their own who
// signed in before (so holds a device cookie), keeps a socket open and chats with a startup.
type world struct {
	base, ws string
	redis    *proxy
	opts     options

	bystander        *client
	student, partner account
	socket           *bystanderSocket
	normalSignIn     time.Duration
}

const bystanderIP = "127.0.0.200"

// attack is one row of the table: run plays the attacker and says what it got.
type attack struct {
	name string
	run  func(ctx context.Context) (string, error)
}

func (w *world) setUp(ctx context.Context) error {
	w.bystander = newClient(bystanderIP, true)
	var err error
	if w.student, err = w.register(ctx, w.bystander, student("Bystander")); err != nil {
		return err
	}
	if w.partner, err = w.register(ctx, newClient("127.0.0.201", false), startup("Partner Labs")); err != nil {
		return err
	}
	var took []time.Duration
	for range 5 {
		res := w.signIn(ctx, w.bystander, w.student, w.student.password)
		if res.status != http.StatusOK {
			return fmt.Errorf("bystander sign-in: %d %s", res.status, res.raw)
		}
		took = append(took, res.took)
	}
	w.normalSignIn = median(took)
	return w.reconnect(ctx)
}

func (w *world) reconnect(ctx context.Context) error {
	conn, err := w.dial(ctx, w.bystander, w.student.token)
	if err != nil {
		return fmt.Errorf("bystander socket: %w", err)
	}
	w.socket = watch(conn)
	return nil
}

// replay runs one attack while probing what the bystander sees, and renders its row.
func (w *world) replay(ctx context.Context, a attack) (string, error) {
	probeCtx, stopProbe := context.WithCancel(ctx)
	var seen probeResult
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); seen = w.probe(probeCtx) }()
	got, err := a.run(ctx)
	stopProbe()
	wg.Wait()
	if err != nil {
		return "", err
	}
	socket := "socket kept, chat arrived"
	if !w.socketDelivers(ctx) {
		socket = "**socket lost or chat did not arrive**"
		if err := w.reconnect(ctx); err != nil {
			return "", err
		}
	}
	saw := fmt.Sprintf("sign-in %s median, %s max (normally %s), %s; /healthz %d/%d answered 200; %s",
		ms(median(seen.signIn)), ms(maxOf(seen.signIn)), ms(w.normalSignIn), statusCounts(seen.signInStatus),
		seen.healthOK, seen.healthTotal, socket)
	return fmt.Sprintf("| %s | %s | %s |", a.name, got, saw), nil
}

type probeResult struct {
	signIn                []time.Duration
	signInStatus          []int
	healthOK, healthTotal int
}

// probe signs the bystander in every second and asks /healthz four times a second until ctx
// ends, starting at once so that even an attack over in milliseconds has a sample.
func (w *world) probe(ctx context.Context) probeResult {
	var r probeResult
	health := time.NewTicker(250 * time.Millisecond)
	signIn := time.NewTicker(time.Second)
	defer health.Stop()
	defer signIn.Stop()
	w.sampleHealth(&r)
	w.sampleSignIn(&r)
	for {
		select {
		case <-ctx.Done():
			return r
		case <-health.C:
			w.sampleHealth(&r)
		case <-signIn.C:
			w.sampleSignIn(&r)
		}
	}
}

func (w *world) sampleHealth(r *probeResult) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	r.healthTotal++
	if w.bystander.do(ctx, "GET", w.base+"/healthz", "", nil).status == http.StatusOK {
		r.healthOK++
	}
}

func (w *world) sampleSignIn(r *probeResult) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res := w.signIn(ctx, w.bystander, w.student, w.student.password)
	r.signIn, r.signInStatus = append(r.signIn, res.took), append(r.signInStatus, res.status)
}

// socketDelivers has the partner send the bystander a chat message and waits for it on the
// bystander's socket.
func (w *world) socketDelivers(ctx context.Context) bool {
	content := fmt.Sprintf("still there? %d", time.Now().UnixNano())
	res := newClient("127.0.0.201", false).do(ctx, "POST", w.base+"/api/chat/send", w.partner.token,
		map[string]any{"receiver": w.student.id, "content": content})
	if res.status != http.StatusCreated && res.status != http.StatusOK {
		return false
	}
	return w.socket.waitFor(content, 5*time.Second)
}

// bystanderSocket reads every frame of one socket and remembers them.
type bystanderSocket struct {
	mu     sync.Mutex
	frames []string
	closed bool
	wake   chan struct{}
}

func watch(conn *websocket.Conn) *bystanderSocket {
	s := &bystanderSocket{wake: make(chan struct{}, 1)}
	go func() {
		for {
			_, data, err := conn.Read(context.Background())
			s.mu.Lock()
			if err != nil {
				s.closed = true
			} else {
				var f struct{ Type string }
				if json.Unmarshal(data, &f) == nil && f.Type == "chat.message" {
					s.frames = append(s.frames, string(data))
				}
			}
			s.mu.Unlock()
			select {
			case s.wake <- struct{}{}:
			default:
			}
			if err != nil {
				return
			}
		}
	}()
	return s
}

func (s *bystanderSocket) waitFor(content string, timeout time.Duration) bool {
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		closed := s.closed
		for _, f := range s.frames {
			if strings.Contains(f, content) {
				s.mu.Unlock()
				return true
			}
		}
		s.mu.Unlock()
		if closed {
			return false
		}
		select {
		case <-s.wake:
		case <-deadline:
			return false
		}
	}
}
