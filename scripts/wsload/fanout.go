package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"

	"bridgework/backend/accounts"
	"bridgework/backend/alerts"
	"bridgework/backend/config"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
)

// alertPrefix is how a task alert's frame begins, from Bridgework and from the floor relay.
var alertPrefix = []byte(`{"type":"` + alerts.EventAlert + `"`)

// fanout times one event to many sockets of one instance. Every student has a saved search that
// a new web-development task matches, so a startup posting one through Bridgework's API makes a
// task.alert for each; the floor relay gets the same users and one POST /api/fanout. Arrival is
// timed from the moment the POST is sent, on the load generator's clock. With -turns it prints
// "connected" once its sockets are open and then waits for a line on stdin before each round,
// so that a script can alternate Bridgework's rounds with the floor's (each server needs a load
// generator of its own: 20,000 sockets are more descriptors than one process may hold here).
func fanout(args []string) error {
	var (
		srv           fanoutServer
		users, rounds int
		turns         bool
	)
	if err := flags("fanout", args, func(fs *flag.FlagSet) {
		fs.StringVar(&srv.target, "target", "bridgework", "bridgework (a task post) or floor (POST /api/fanout)")
		fs.StringVar(&srv.api, "api", "http://127.0.0.1:18411", "the instance's base URL")
		fs.StringVar(&srv.ws, "ws", "ws://127.0.0.1:18411/api/ws", "its websocket URL")
		fs.StringVar(&srv.cpu, "cpu", "", "as for chat: processes whose CPU time to report per delivery")
		fs.IntVar(&users, "users", 10_000, "connected students, one socket each")
		fs.IntVar(&rounds, "rounds", 3, "events, one after the other")
		fs.BoolVar(&turns, "turns", false, `print "connected", then wait for a line on stdin before each round`)
	}); err != nil {
		return err
	}
	if srv.target != "bridgework" && srv.target != "floor" {
		return fmt.Errorf("unknown target %q", srv.target)
	}
	ctx := context.Background()
	students, err := seed(ctx, accounts.Student, users)
	if err != nil {
		return err
	}
	startups, err := seed(ctx, accounts.Startup, 1)
	if err != nil {
		return err
	}
	if srv.target == "bridgework" {
		if err := saveSearches(ctx, students); err != nil {
			return err
		}
	}
	defer func() { closeAll(srv.conns) }() // the sockets connect opened, even when it fails
	if err := srv.connect(ctx, students); err != nil {
		return err
	}

	client := &http.Client{Timeout: 60 * time.Second}
	stdin := bufio.NewScanner(os.Stdin)
	if turns {
		fmt.Println("connected")
	}
	for r := range rounds {
		if turns && !stdin.Scan() {
			return stdin.Err() // the script stopped early: no more turns
		}
		if err := srv.round(ctx, client, startups[0].token, r); err != nil {
			return err
		}
	}
	if turns {
		// The sockets stay open until the script ends the turns: closing 10,000 of them landed on
		// the other server's last round.
		for stdin.Scan() {
		}
	}
	return nil
}

// fanoutServer is the server fanout times (Bridgework or the floor relay): its sockets, one a
// student, and their alerts' arrivals.
type fanoutServer struct {
	target, api, ws, cpu string
	probe                *cpuProbe
	conns                []*websocket.Conn
	arrivals             chan time.Time
	current              atomic.Int64 // the round under way: frames carry it in their title, so a late one is not counted twice
}

// connect opens the students' sockets on the server and starts reading them.
func (s *fanoutServer) connect(ctx context.Context, students []account) error {
	var err error
	if s.cpu != "" {
		if s.probe, err = newCPUProbe(ctx, s.cpu); err != nil {
			return err
		}
	}
	connected := time.Now()
	if s.conns, err = connectAll(ctx, s.ws, students, 50); err != nil {
		return err
	}
	if s.target == "bridgework" {
		if err := presenceSettled(s.api+"/metrics", connected); err != nil {
			return err
		}
	}
	s.arrivals = make(chan time.Time, len(students))
	for _, conn := range s.conns {
		go func() {
			for {
				_, data, err := conn.Read(ctx)
				if err != nil {
					return
				}
				arrived := time.Now()
				// The bell's frames (notification.new and .count) follow each alert: skipped
				// undecoded, so that the load generator, on the same two cores, spends on them
				// no more than the floor's one frame costs it. Both encode the type first.
				if !bytes.HasPrefix(data, alertPrefix) {
					continue
				}
				var f frame
				if json.Unmarshal(data, &f) != nil || f.Type != alerts.EventAlert {
					continue
				}
				var alert struct{ Title string }
				_ = json.Unmarshal(f.Data, &alert)
				if alert.Title == roundTitle(s.current.Load()) {
					s.arrivals <- arrived
				}
			}
		}()
	}
	return nil
}

// round triggers round r's event on the server, collects its arrivals and prints them.
func (s *fanoutServer) round(ctx context.Context, client *http.Client, token string, r int) error {
	users := len(s.conns)
	s.current.Store(int64(r))
	var (
		before cpuSample
		err    error
	)
	if s.probe != nil {
		// Each round starts on quiet servers: the instance may still be working through
		// what the connections or the last round set off (presence, the bell's
		// notifications), which the floor does not have, and that is not the fan-out.
		if before, err = s.probe.settle(ctx); err != nil {
			return err
		}
	}
	started := time.Now()
	if err := trigger(ctx, client, s.target, s.api, token, roundTitle(int64(r))); err != nil {
		return err
	}
	answered := time.Since(started)
	var times []time.Duration
	timeout := time.After(60 * time.Second)
collect:
	for len(times) < users {
		select {
		case at := <-s.arrivals:
			times = append(times, at.Sub(started))
		case <-timeout:
			break collect
		}
	}
	cpu := ""
	if s.probe != nil {
		after, err := s.probe.sample(ctx)
		if err != nil {
			return err
		}
		cpu = perOp(before, after, len(times))
		// cpu_post_ms goes on until the servers are quiet again: the whole post, with the
		// work that follows its last alert (Bridgework's notification rows).
		quiet, err := s.probe.settle(ctx)
		if err != nil {
			return err
		}
		if len(times) > 0 {
			cpu += fmt.Sprintf(" cpu_post_ms=%.3f", serversCPU(before, quiet).Seconds()*1000/float64(len(times)))
		}
	}
	slices.Sort(times)
	pct := func(p float64) float64 {
		if len(times) == 0 {
			return 0
		}
		return float64(times[min(len(times)-1, int(p*float64(len(times))))].Microseconds()) / 1000
	}
	rate := 0.0
	if len(times) > 0 {
		rate = float64(len(times)) / times[len(times)-1].Seconds()
	}
	fmt.Printf("RESULT fanout target=%s round=%d users=%d delivered=%d lost=%d deliveries_per_s=%.0f answered_ms=%.1f first_ms=%.2f p50_ms=%.2f p99_ms=%.2f last_ms=%.2f%s\n",
		s.target, r+1, users, len(times), users-len(times), rate, float64(answered.Microseconds())/1000,
		pct(0), pct(0.5), pct(0.99), pct(1), cpu)
	if s.probe == nil {
		time.Sleep(2 * time.Second) // let stragglers and the notifications settle between rounds
	}
	for len(s.arrivals) > 0 {
		<-s.arrivals
	}
	return nil
}

// presenceSettled waits until the instance has applied the presence changes of the connects (a
// Redis call, a digest write and a partner query for each user, one user after the other), which
// the floor does not have and which is not the fan-out. The rounds' wait for quiet servers does
// not see them: one goroutine waiting on round trips keeps the servers under its threshold.
func presenceSettled(metrics string, connected time.Time) error {
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		m, err := scrape(metrics)
		if err != nil {
			return err
		}
		pending, ok := m["bridgework_presence_pending"]
		if !ok {
			return fmt.Errorf("%s has no bridgework_presence_pending (METRICS_TOKEN?)", metrics)
		}
		if pending == 0 {
			fmt.Printf("presence of the connects applied %s after the first connect\n", time.Since(connected).Round(100*time.Millisecond))
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%v presence changes still pending", pending)
		}
	}
}

func roundTitle(r int64) string { return fmt.Sprint("Fan-out round ", r) }

// saveSearches gives every student a saved search for the category fanout's tasks are in.
func saveSearches(ctx context.Context, students []account) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, closeDB, err := openDB(ctx, cfg.DatabaseURL, 8)
	if err != nil {
		return err
	}
	defer closeDB()
	s := store.Alerts{DB: db}
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	sem := make(chan struct{}, 8)
	for _, st := range students {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			ss := &alerts.SavedSearch{StudentID: st.id, Name: "web", Category: "web-development"}
			if err := s.CreateSavedSearch(ctx, ss, ss.Keys(), alerts.MaxPerStudent); err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	// Statistics, as the other benches have them after seeding (VACUUM ANALYZE) and a deployment
	// has them from autovacuum: without them PostgreSQL takes the 10,000 searches just written for
	// a handful and plans a post's candidates as 10,000 index probes (25–40 ms, where 10–15).
	return db.WithContext(ctx).Exec("VACUUM ANALYZE saved_searches, saved_search_keys").Error
}

// trigger makes the target send one event titled title to every connected student.
func trigger(ctx context.Context, client *http.Client, target, base, token, title string) error {
	path, want := "/api/fanout", http.StatusNoContent
	// The floor's event is the task.alert Bridgework sends for such a task and search (ids are
	// UUIDs), so that both move the same bytes through Redis, the sockets and this load
	// generator's decoding.
	task := &tasks.Task{ID: uuid.Must(uuid.NewV7()).String(), Title: title}
	search := &alerts.SavedSearch{ID: uuid.Must(uuid.NewV7()).String(), Name: "web"}
	_, alert := alerts.NewAlert(task, search, alerts.AlertLink(task), time.Now().UTC().Truncate(time.Microsecond))
	var body any = alert
	if target == "bridgework" {
		path, want = "/api/startup/tasks", http.StatusCreated
		body = map[string]any{"title": title, "description": "A task every student's saved search matches.",
			"workType": "technical", "category": "web-development", "skills": []string{"React"},
			"estimatedHours": 10, "deadline": time.Now().AddDate(0, 1, 0).Format("2006-01-02"),
			"budget": map[string]any{"min": 100, "max": 300}}
	}
	raw, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		return fmt.Errorf("%s: HTTP %d %s", path, res.StatusCode, answer)
	}
	return nil
}
