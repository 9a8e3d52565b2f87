package realtime

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Options configures a Hub. Only Authenticate is required.
type Options struct {
	// Authenticate turns the token of the client's first frame into a user id and the session
	// the token belongs to (EndSessions closes a session's sockets).
	Authenticate func(ctx context.Context, token string) (userID, sessionID string, err error)
	// AllowedOrigins are coder/websocket OriginPatterns: host patterns such as
	// "app.example.com" or "*.example.com", or "https://app.example.com" to pin
	// the scheme. A page served by this same host needs no entry: an Origin
	// whose host equals the request's Host is always accepted (behind a proxy,
	// forward the original Host header). Requests without Origin (not from a
	// browser) are accepted too; they still have to authenticate.
	AllowedOrigins []string

	SendBuffer    int           // frames queued per connection before it counts as slow; default 64
	ReadLimit     int64         // largest client frame in bytes; default 4096
	AuthTimeout   time.Duration // time allowed for the auth frame; default 5 s
	PingInterval  time.Duration // heartbeat period; default 25 s
	PingTimeout   time.Duration // time allowed for the pong; default 10 s
	WriteTimeout  time.Duration // time allowed for a frame write; default 10 s
	BrokerTimeout time.Duration // time allowed for Subscribe/Unsubscribe; default 5 s

	// MaxPerUser caps one user's sockets on this instance (a new one closes the oldest with
	// CloseTooManyConnections); MaxPerIP caps the sockets of one client address (the upgrade is
	// refused with 429). 0: no cap.
	MaxPerUser, MaxPerIP int
	// Admit, when set, may refuse a client address's handshake before the upgrade (a handshake
	// rate, descriptor headroom) with the status of its Refusal.
	Admit func(ctx context.Context, ip string) *Refusal

	// OnConnect and OnDisconnect fire when a user's first connection on this
	// instance opens and after its last one closes (for presence). They run
	// in order on one goroutine, the one that (un)subscribes the broker, so
	// they must be quick.
	OnConnect    func(userID string)
	OnDisconnect func(userID string)
	// OnClientEvent receives the client frames whose type is in ClientFrames
	// (chat's "typing" and "read"), stamped with the server's time, on that
	// connection's reading goroutine: while it runs, that socket reads nothing
	// (throttle or hand off if it may block). Other frames are ignored.
	OnClientEvent func(userID string, ev Event)
	ClientFrames  []string

	Logger *slog.Logger
}

func (o *Options) setDefaults() {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.AuthTimeout, 5*time.Second)
	def(&o.PingInterval, 25*time.Second)
	def(&o.PingTimeout, 10*time.Second)
	def(&o.WriteTimeout, 10*time.Second)
	def(&o.BrokerTimeout, 5*time.Second)
	if o.SendBuffer <= 0 {
		o.SendBuffer = 64
	}
	if o.ReadLimit <= 0 {
		o.ReadLimit = 4096
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
}

// Hub holds this instance's websocket connections in an index userID → connections. One
// goroutine (run) changes it, in order, as sockets register and unregister and sessions end, and
// starts each user's broker (un)subscription. Events are delivered by whoever hands them over (the
// broker's receiving goroutine, BroadcastLocal's caller) under a read lock: a delivery only offers
// a frame to each socket's buffer, never waits for a socket (see client.send), so a slow one
// stalls nobody. The hop through run's channel was 5 % of an instance's CPU when one task alerted
// 10,000 students (docs/performance.md, "Fan-out").
type Hub struct {
	broker Broker
	opts   Options
	log    *slog.Logger
	subs   *subscriptionWorker

	register   chan registration
	unregister chan *client
	endings    chan sessionEnding
	usersMu    sync.RWMutex          // written by run only, which alone needs no lock to read
	users      map[string]*localUser // guarded by usersMu
	counters   counters

	ipMu  sync.Mutex
	perIP map[string]int // open or opening sockets per client address
	seq   uint64         // owned by run: numbers sockets in the order they registered

	mu       sync.Mutex // guards closing, so handlers.Add never races handlers.Wait
	closing  bool
	handlers sync.WaitGroup // ServeHTTP calls in flight

	stopCtx  context.Context // done once Shutdown starts
	stop     context.CancelFunc
	killCtx  context.Context // done if Shutdown's deadline passes: sockets are dropped
	kill     context.CancelFunc
	quit     chan struct{} // tells run to return
	runDone  chan struct{}
	shutDone chan struct{}
}

type localUser struct {
	conns map[*client]struct{}
	// subscribed is done once the broker subscription for this user settled.
	subscribed *transition
}

type registration struct {
	client *client
	reply  chan *transition // nil: the hub is shutting down
}

type sessionEnding struct {
	userID     string
	sessionIDs []string
}

// NewHub starts a hub on broker and installs the hub's handler in it.
func NewHub(broker Broker, opts Options) (*Hub, error) {
	if broker == nil || opts.Authenticate == nil {
		return nil, errors.New("realtime: NewHub needs a broker and Options.Authenticate")
	}
	opts.setDefaults()
	h := &Hub{
		broker:     broker,
		opts:       opts,
		log:        opts.Logger.With("component", "realtime.hub"),
		register:   make(chan registration),
		unregister: make(chan *client),
		endings:    make(chan sessionEnding),
		users:      make(map[string]*localUser),
		perIP:      make(map[string]int),
		quit:       make(chan struct{}),
		runDone:    make(chan struct{}),
		shutDone:   make(chan struct{}),
	}
	h.subs = newSubscriptionWorker(broker, opts, h.log)
	h.stopCtx, h.stop = context.WithCancel(context.Background())
	h.killCtx, h.kill = context.WithCancel(context.Background())
	broker.SetHandler(h.handle)
	go h.run()
	return h, nil
}

func (h *Hub) run() {
	defer close(h.runDone)
	stopping := h.stopCtx.Done()
	for {
		select {
		case reg := <-h.register:
			reg.reply <- h.add(reg.client)
		case c := <-h.unregister:
			h.remove(c)
		case e := <-h.endings:
			h.endSessions(e)
		case <-stopping:
			stopping = nil // handled once
			for _, u := range h.users {
				for c := range u.conns {
					c.kick(websocket.StatusGoingAway, "server shutting down", false)
				}
			}
		case <-h.quit:
			return
		}
	}
}

func (h *Hub) add(c *client) *transition {
	if h.stopCtx.Err() != nil {
		return nil
	}
	h.usersMu.Lock()
	defer h.usersMu.Unlock()
	u := h.users[c.userID]
	if u == nil {
		u = &localUser{conns: make(map[*client]struct{}), subscribed: h.subs.enqueue(c.userID, true)}
		h.users[c.userID] = u
	}
	if h.opts.MaxPerUser > 0 && len(u.conns) >= h.opts.MaxPerUser {
		if old := u.oldest(); old != nil {
			old.kick(CloseTooManyConnections, "too many connections", false)
		}
	}
	h.seq++
	c.seq = h.seq
	u.conns[c] = struct{}{}
	h.counters.connected.Add(1)
	return u.subscribed
}

// remove is idempotent: a slow consumer is removed when dropped and again when its reader ends.
func (h *Hub) remove(c *client) {
	h.usersMu.Lock()
	defer h.usersMu.Unlock()
	u := h.users[c.userID]
	if u == nil {
		return
	}
	if _, ok := u.conns[c]; !ok {
		return
	}
	delete(u.conns, c)
	h.counters.connected.Add(-1)
	if len(u.conns) == 0 {
		delete(h.users, c.userID)
		h.subs.enqueue(c.userID, false)
	}
}

// deliver offers frame to every socket of userID on this instance, or to every socket when all.
func (h *Hub) deliver(userID string, all bool, frame []byte) {
	offer := func(c *client) {
		if c.isKicked() {
			return // closing already; its buffer no longer matters, and it unregisters itself
		}
		select {
		case c.send <- frame:
			c.wake()
		default:
			// mattermost's rule: a full buffer means the reader cannot keep up; close it rather
			// than wait and delay everyone else. It leaves the index at once, not after its close
			// handshake, which its full pipe makes wait out the timeout; run removes it (this
			// goroutine holds the read lock), and removes it again, harmlessly, when its reader
			// ends.
			c.kick(websocket.StatusPolicyViolation, "slow consumer", true)
			h.counters.droppedSlow.Add(1)
			h.log.Warn("closing slow websocket client", "userId", c.userID, "buffer", cap(c.send))
			go func() {
				select {
				case h.unregister <- c:
				case <-h.quit:
				}
			}()
		}
	}
	h.usersMu.RLock()
	defer h.usersMu.RUnlock()
	if !all {
		if u := h.users[userID]; u != nil {
			for c := range u.conns {
				offer(c)
			}
		}
		return
	}
	for _, u := range h.users {
		for c := range u.conns {
			offer(c)
		}
	}
}

// handle is the Handler the broker calls for every event of a subscribed user.
func (h *Hub) handle(userID string, ev Event) {
	h.send(userID, false, ev)
}

func (h *Hub) send(userID string, all bool, ev Event) {
	frame, err := ev.frame() // once, not once per socket
	if err != nil {
		h.log.Error("dropping unencodable event", "type", ev.Type, "err", err)
		return
	}
	h.deliver(userID, all, frame)
}

// Publish sends ev to every connection of userID on every instance, through
// the broker. Call it after the database commit the event reports.
func (h *Hub) Publish(ctx context.Context, userID string, ev Event) error {
	return h.broker.Publish(ctx, userID, ev)
}

// BroadcastLocal sends ev to every connection on this instance only, without
// the broker: for news about this instance itself, such as TypeResync after
// the broker lost events.
func (h *Hub) BroadcastLocal(ev Event) {
	h.send("", true, ev)
}

// EndSessions closes this instance's sockets of the user's ended sessions with
// CloseSessionEnded. The app calls it on every instance when sessions end.
func (h *Hub) EndSessions(userID string, sessionIDs []string) {
	select {
	case h.endings <- sessionEnding{userID: userID, sessionIDs: sessionIDs}:
	case <-h.quit:
	}
}

func (h *Hub) endSessions(e sessionEnding) {
	u := h.users[e.userID]
	if u == nil {
		return
	}
	for c := range u.conns {
		if slices.Contains(e.sessionIDs, c.sessionID) {
			// Not aborted: aborting a write in flight drops the connection without a close
			// frame, and the code is what tells the SPA to go to /login rather than reconnect.
			c.kick(CloseSessionEnded, "session ended", false)
		}
	}
}

// OnlineLocal reports whether userID has a connection on this instance.
func (h *Hub) OnlineLocal(userID string) bool {
	h.usersMu.RLock()
	defer h.usersMu.RUnlock()
	return h.users[userID] != nil
}
