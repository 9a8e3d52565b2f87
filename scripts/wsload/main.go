// Command wsload is the realtime load generator of scripts/bench-realtime.sh (figures in
// docs/performance.md, "Chat"). It talks to running instances over loopback only.
//
//	wsload idle -ws ws://127.0.0.1:18411/api/ws -metrics http://127.0.0.1:18411/metrics -conns 10000
//	    opens N authenticated, idle websockets and reports the instance's memory per connection
//	    (resident set and Go heap, from its /metrics, before and after).
//	wsload chat -send http://127.0.0.1:18411 -ws ws://127.0.0.1:18412/api/ws -pairs 200 -rate 1000 -duration 30s -warmup 5s
//	    students POST /api/chat/send to one instance at a fixed total rate while their startups
//	    listen on another (the event crosses Redis); reports delivery latency from the commit
//	    (the event's "at", stamped after the commit) to the frame's arrival, p50/p99/max, and loss.
//	    The first seconds (-warmup: connection pools, caches) are left out of the latency figures.
//	    -rate 0 sends flat out; -cpu a=PID,b=PID,redis=PID adds CPU time per message.
//	wsload fanout -target bridgework|floor -api http://127.0.0.1:18411 -ws ws://127.0.0.1:18411/api/ws -users 10000
//	    one event to every connected student (a task alert, or the floor relay's /api/fanout):
//	    deliveries per second and arrival percentiles from the trigger; -turns waits for a line on
//	    stdin before each round (bench-realtime.sh alternates Bridgework's rounds with the floor's).
//
// Users are inserted straight into the database (DATABASE_URL) and their tokens signed with the
// server's JWT_SECRET: registering thousands through the API would measure argon2id, not the hub.
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/coder/websocket"
	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/config"
	"bridgework/backend/store"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: wsload idle|chat|fanout|capacity [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "idle":
		err = idle(os.Args[2:])
	case "chat":
		err = chat(os.Args[2:])
	case "fanout":
		err = fanout(os.Args[2:])
	case "capacity": // scripts/capacity.sh
		err = capacity(os.Args[2:])
	default:
		err = fmt.Errorf("unknown mode %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wsload:", err)
		os.Exit(1)
	}
}

// account is a seeded user with a signed token.
type account struct {
	id, token string
}

// seed creates n users of one type directly in the database and signs a token for each.
func seed(ctx context.Context, typ accounts.UserType, n int) ([]account, error) {
	cfg, err := config.Load()
	if err != nil {
		return nil, err
	}
	if cfg.DatabaseURL == "" || cfg.JWTSecret == "" {
		return nil, errors.New("DATABASE_URL and JWT_SECRET must be those of the server under test")
	}
	db, closeDB, err := openDB(ctx, cfg.DatabaseURL, 8)
	if err != nil {
		return nil, err
	}
	defer closeDB()
	tokens := &accounts.Tokens{Secret: []byte(cfg.JWTSecret), Issuer: cfg.JWTIssuer, Audience: cfg.JWTAudience, TTL: 2 * time.Hour}
	users, sessions := store.Users{DB: db}, store.Sessions{DB: db}
	out := make([]account, n)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	tag := fmt.Sprintf("%x", time.Now().UnixNano())
	for i := range n {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			u := &accounts.User{Type: typ, Email: fmt.Sprintf("wsload-%s-%s-%d@bench.local", tag, typ, i),
				PasswordHash: "not-a-password", FirstName: "Load", LastName: fmt.Sprint(i), CompanyName: fmt.Sprint("Load ", i)}
			if err := users.CreateUser(ctx, u); err != nil {
				errs <- err
				return
			}
			session := &accounts.SessionInfo{UserID: u.ID, Device: "wsload"}
			if err := sessions.CreateSession(ctx, session); err != nil {
				errs <- err
				return
			}
			token, err := tokens.Issue(u, session.ID)
			if err != nil {
				errs <- err
				return
			}
			out[i] = account{id: u.ID, token: token}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return out, nil
}

// openDB opens the benchmark's database with exactly conns connections, all opened up front and
// kept, waiting up to two minutes for free ones: the PostgreSQL server is shared, and the
// servers under test (and other benchmarks) may hold all of its max_connections at any moment.
func openDB(ctx context.Context, url string, conns int) (db *gorm.DB, closeDB func(), err error) {
	deadline := time.Now().Add(2 * time.Minute)
	for db, err = store.Open(url, "", time.Second); err != nil; db, err = store.Open(url, "", time.Second) {
		if time.Now().After(deadline) {
			return nil, nil, err
		}
		time.Sleep(time.Second)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, nil, err
	}
	sqlDB.SetMaxOpenConns(conns)
	sqlDB.SetMaxIdleConns(conns)
	sqlDB.SetConnMaxIdleTime(0)
	held := make([]*sql.Conn, 0, conns)
	for len(held) < conns {
		c, err := sqlDB.Conn(ctx)
		if err == nil {
			err = c.PingContext(ctx)
		}
		if err == nil {
			held = append(held, c)
			continue
		}
		if time.Now().After(deadline) {
			sqlDB.Close()
			return nil, nil, fmt.Errorf("open postgres: %w", err)
		}
		if c != nil {
			c.Close()
		}
		time.Sleep(time.Second)
	}
	for _, c := range held {
		c.Close() // back to the pool, idle, for good
	}
	return db, func() { sqlDB.Close() }, nil
}

// frame is the socket's one frame shape.
type frame struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
	At   time.Time       `json:"at"`
}

// connect opens a socket, authenticates with the first frame and waits for "ready".
func connect(ctx context.Context, url, token string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	auth, _ := json.Marshal(map[string]any{"type": "auth", "data": map[string]string{"token": token}})
	if err := conn.Write(ctx, websocket.MessageText, auth); err != nil {
		conn.CloseNow()
		return nil, err
	}
	_, data, err := conn.Read(ctx)
	if err != nil {
		conn.CloseNow()
		return nil, err
	}
	var f frame
	if json.Unmarshal(data, &f) != nil || f.Type != "ready" {
		conn.CloseNow()
		return nil, fmt.Errorf("first frame %s, want ready", data)
	}
	return conn, nil
}

// connectAll opens one socket per account, at most parallel at a time.
func connectAll(ctx context.Context, url string, accs []account, parallel int) ([]*websocket.Conn, error) {
	conns := make([]*websocket.Conn, len(accs))
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	sem := make(chan struct{}, parallel)
	for i, a := range accs {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			conn, err := connect(ctx, url, a.token)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && firstErr == nil {
				firstErr = fmt.Errorf("socket %d: %w", i, err)
			}
			conns[i] = conn
		})
	}
	wg.Wait()
	return conns, firstErr
}

func closeAll(conns []*websocket.Conn) {
	var wg sync.WaitGroup
	for _, c := range conns {
		if c != nil {
			wg.Go(func() { c.Close(websocket.StatusNormalClosure, "done") })
		}
	}
	wg.Wait()
}

func flags(name string, args []string, define func(fs *flag.FlagSet)) error {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	define(fs)
	return fs.Parse(args)
}
