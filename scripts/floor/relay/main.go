// Command relay is the floor of scripts/bench-realtime.sh: the least program that does chat
// delivery's work, to measure Bridgework against (docs/performance.md, "Chat"
// and "Fan-out"). It speaks Bridgework's protocol as far as scripts/wsload needs it:
//
//	GET  /api/ws          first frame {"type":"auth","data":{"token":"<jwt>"}}, answered with
//	                      "ready" once the user's Redis channel is subscribed
//	POST /api/chat/send   bearer JWT; {"receiver","content","clientId"} → the same INSERT into
//	                      PostgreSQL's messages table → one pipelined PUBLISH to the receiver's and
//	                      the sender's channels → 201 with the message
//	POST /api/fanout      bearer JWT; one event to every user connected to this instance, one
//	                      PUBLISH per user (pipelined) on the users' channels
//
// What it leaves out, and Bridgework does: the session and partner checks (database reads,
// cached), the rate limit, validation beyond decoding, gin's middleware, and for the fan-out the
// task insert, the saved-search match and the notifications.
//
//	relay -listen 127.0.0.1:18421   (DATABASE_URL, REDIS_URL, REDIS_PREFIX and JWT_* as the server's)
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"bridgework/backend/accounts"
	"bridgework/backend/chat"
	"bridgework/backend/config"
	"bridgework/backend/heapfloor"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:18421", "address to serve on")
	flag.Parse()
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	// The collector paced as Bridgework's is (GC_HEAP_MIN_MB): a runtime setting rather than a
	// design, so the floor has it too.
	defer heapfloor.Keep(cfg.GCHeapMinMB)()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	opt, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		log.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()

	r := &relay{
		db: db, rdb: rdb, prefix: cfg.RedisPrefix + "floor:user:",
		tokens: &accounts.Tokens{Secret: []byte(cfg.JWTSecret), Issuer: cfg.JWTIssuer, Audience: cfg.JWTAudience},
		users:  map[string]map[*socket]struct{}{}, waiters: map[string]chan struct{}{},
	}
	r.ps = rdb.Subscribe(ctx)
	go r.receive(ctx)

	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/ws", r.serveWS)
	mux.HandleFunc("POST /api/chat/send", r.send)
	mux.HandleFunc("POST /api/fanout", r.fanout)
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	srv := &http.Server{Addr: *listen, Handler: mux}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}

type relay struct {
	db     *pgxpool.Pool
	rdb    *redis.Client
	ps     *redis.PubSub
	prefix string
	tokens *accounts.Tokens

	mu      sync.Mutex
	users   map[string]map[*socket]struct{}
	waiters map[string]chan struct{} // channel → closed when Redis confirms the subscription
}

// socket is one connection with its writer's queue.
type socket struct {
	conn *websocket.Conn
	send chan []byte
}

// frame is Bridgework's event shape.
type frame struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
	ID   string          `json:"id,omitempty"`
	At   time.Time       `json:"at,omitzero"`
}

func newFrame(typ string, data any) []byte {
	raw, _ := json.Marshal(data)
	out, _ := json.Marshal(frame{Type: typ, Data: raw, ID: uuid.Must(uuid.NewV7()).String(), At: time.Now().UTC()})
	return out
}

func (r *relay) serveWS(w http.ResponseWriter, req *http.Request) {
	conn, err := websocket.Accept(w, req, nil)
	if err != nil {
		return
	}
	defer conn.CloseNow()
	ctx := req.Context()
	_, data, err := conn.Read(ctx)
	if err != nil {
		return
	}
	var auth struct {
		Data struct {
			Token string `json:"token"`
		} `json:"data"`
	}
	_ = json.Unmarshal(data, &auth)
	userID, _, _, err := r.tokens.Verify(auth.Data.Token)
	if err != nil {
		conn.Close(websocket.StatusPolicyViolation, "unauthorized")
		return
	}
	s := &socket{conn: conn, send: make(chan []byte, 64)}
	if err := r.add(ctx, userID, s); err != nil {
		conn.Close(websocket.StatusTryAgainLater, "subscribe failed")
		return
	}
	defer r.remove(userID, s)
	if err := conn.Write(ctx, websocket.MessageText, newFrame("ready", map[string]string{"userId": userID})); err != nil {
		return
	}
	go func() {
		for msg := range s.send {
			if conn.Write(ctx, websocket.MessageText, msg) != nil {
				return
			}
		}
	}()
	for { // reads until the peer goes; coder/websocket answers pings while reading
		if _, _, err := conn.Read(ctx); err != nil {
			return
		}
	}
}

// add registers s and, for the user's first socket, subscribes their channel and waits for
// Redis's confirmation, so that "ready" means events reach the socket.
func (r *relay) add(ctx context.Context, userID string, s *socket) error {
	r.mu.Lock()
	conns := r.users[userID]
	first := conns == nil
	if first {
		conns = map[*socket]struct{}{}
		r.users[userID] = conns
	}
	conns[s] = struct{}{}
	confirmed := make(chan struct{})
	if first {
		r.waiters[r.prefix+userID] = confirmed
	}
	r.mu.Unlock()
	if !first {
		return nil
	}
	if err := r.ps.Subscribe(ctx, r.prefix+userID); err != nil {
		return err
	}
	select {
	case <-confirmed:
		return nil
	case <-time.After(5 * time.Second):
		return errors.New("no subscription confirmation")
	}
}

func (r *relay) remove(userID string, s *socket) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.users[userID], s)
	close(s.send) // receive sends only under mu, so never on a closed queue
	if len(r.users[userID]) == 0 {
		delete(r.users, userID)
		_ = r.ps.Unsubscribe(context.Background(), r.prefix+userID)
	}
}

// receive delivers what Redis hands over to the user's local sockets, without blocking: a full
// queue drops the frame, as Bridgework drops a slow socket.
func (r *relay) receive(ctx context.Context) {
	for {
		msg, err := r.ps.Receive(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			continue
		}
		switch m := msg.(type) {
		case *redis.Subscription:
			r.mu.Lock()
			if c, ok := r.waiters[m.Channel]; ok && m.Kind == "subscribe" {
				close(c)
				delete(r.waiters, m.Channel)
			}
			r.mu.Unlock()
		case *redis.Message:
			userID := strings.TrimPrefix(m.Channel, r.prefix)
			payload := []byte(m.Payload)
			r.mu.Lock()
			for s := range r.users[userID] {
				select {
				case s.send <- payload:
				default:
				}
			}
			r.mu.Unlock()
		}
	}
}

func (r *relay) authenticate(w http.ResponseWriter, req *http.Request) (string, bool) {
	token, _ := strings.CutPrefix(req.Header.Get("Authorization"), "Bearer ")
	userID, _, _, err := r.tokens.Verify(token)
	if err != nil {
		http.Error(w, `{"error":"unauthorized"}`, http.StatusUnauthorized)
		return "", false
	}
	return userID, true
}

func (r *relay) send(w http.ResponseWriter, req *http.Request) {
	sender, ok := r.authenticate(w, req)
	if !ok {
		return
	}
	var in struct{ Receiver, Content, ClientID string }
	if err := json.NewDecoder(req.Body).Decode(&in); err != nil || in.Receiver == "" || in.Content == "" {
		http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
		return
	}
	m := chat.MessageData{ID: uuid.Must(uuid.NewV7()).String(), Sender: sender, Receiver: in.Receiver, Content: in.Content,
		ClientID: in.ClientID, CreatedAt: time.Now().UTC(), Attachments: []chat.AttachmentData{}}
	var clientID *string
	if in.ClientID != "" {
		clientID = &in.ClientID
	}
	// Bridgework's statement: one INSERT that commits on its own.
	_, err := r.db.Exec(req.Context(),
		`INSERT INTO messages (id, sender_id, receiver_id, content, client_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		m.ID, m.Sender, m.Receiver, m.Content, clientID, m.CreatedAt)
	if err != nil {
		http.Error(w, fmt.Sprintf(`{"error":%q}`, err.Error()), http.StatusInternalServerError)
		return
	}
	payload := newFrame("chat.message", m)
	pipe := r.rdb.Pipeline()
	pipe.Publish(req.Context(), r.prefix+m.Receiver, payload)
	pipe.Publish(req.Context(), r.prefix+m.Sender, payload)
	if _, err := pipe.Exec(req.Context()); err != nil {
		log.Print("publish: ", err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	_ = json.NewEncoder(w).Encode(m)
}

// fanout publishes the posted data as one "task.alert" event to every user connected here.
func (r *relay) fanout(w http.ResponseWriter, req *http.Request) {
	if _, ok := r.authenticate(w, req); !ok {
		return
	}
	var data json.RawMessage
	if err := json.NewDecoder(req.Body).Decode(&data); err != nil {
		http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	users := make([]string, 0, len(r.users))
	for id := range r.users {
		users = append(users, id)
	}
	r.mu.Unlock()
	payload := newFrame("task.alert", data)
	const batch = 1000 // bounded pipelines, so Redis starts delivering before the last PUBLISH
	for start := 0; start < len(users); start += batch {
		pipe := r.rdb.Pipeline()
		for _, id := range users[start:min(start+batch, len(users))] {
			pipe.Publish(req.Context(), r.prefix+id, payload)
		}
		if _, err := pipe.Exec(req.Context()); err != nil {
			http.Error(w, `{"error":"publish"}`, http.StatusInternalServerError)
			return
		}
	}
	w.WriteHeader(http.StatusNoContent)
}
