package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"bridgework/backend/accounts"
)

// capacity adds simulated users in steps until the REST tail, the delivery tail or errors give.
// Users come in student/startup pairs who chat with each other; each keeps its socket open and,
// on its own random phase, loads its dashboard every 30 s and the open market and sends its
// partner a message every minute; students also send their partner's task a link now and then.
func capacity(args []string) error {
	var (
		base, stepList                         string
		stepTime, submitEvery, restP99, delP99 time.Duration
		serverPID, redisPID, postmasterPID     int
	)
	if err := flags("capacity", args, func(fs *flag.FlagSet) {
		fs.StringVar(&base, "base", "http://127.0.0.1:18431", "the instance")
		fs.StringVar(&stepList, "steps", "500,1000,1500,2000,2500,3000,4000,5000,6000,8000", "users at each step, in pairs")
		fs.DurationVar(&stepTime, "step", time.Minute, "how long each step is measured")
		fs.DurationVar(&submitEvery, "submit-every", 5*time.Minute, "how often a student sends a link")
		fs.DurationVar(&restP99, "rest-p99", 200*time.Millisecond, "a step fails when any call's p99 passes this")
		fs.DurationVar(&delP99, "delivery-p99", 500*time.Millisecond, "or when the delivery p99 passes this")
		fs.IntVar(&serverPID, "server-pid", 0, "the instance's process, for its CPU")
		fs.IntVar(&redisPID, "redis-pid", 0, "Redis's process, for its CPU")
		fs.IntVar(&postmasterPID, "postgres-pid", 0, "the postmaster of PostgreSQL's cluster, for the CPU of the whole cluster")
	}); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	sim := &simulation{base: base, submitEvery: submitEvery,
		client: &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 512, IdleConnTimeout: time.Minute}}}
	var conns []*websocket.Conn
	defer func() { cancel(); closeAll(conns) }()

	var results []*stepStats
	for _, field := range strings.Split(stepList, ",") {
		target, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil {
			return fmt.Errorf("-steps: %w", err)
		}
		joined, err := sim.join(ctx, target/2-len(sim.users)/2)
		conns = append(conns, joined...)
		if err != nil {
			return err
		}
		st := &stepStats{users: len(sim.users), latency: map[string][]time.Duration{}, errs: map[string]int{}}
		cpu := startCPU(serverPID, redisPID, postmasterPID)
		drops := sim.socketDrops.Load()
		sim.current.Store(st)
		time.Sleep(stepTime)
		sim.current.Store(nil)
		st.cpu = cpu.percent()
		sim.settle(st)
		st.errs["socket-closed"] += int(sim.socketDrops.Load() - drops)
		if m, err := scrape(base + "/metrics"); err == nil {
			st.rssMiB, st.sockets = m["process_resident_memory_bytes"]/(1<<20), int(m["bridgework_ws_connected_clients"])
		}
		loadavg, _ := os.ReadFile("/proc/loadavg")
		st.loadavg = strings.Join(strings.Fields(string(loadavg))[:3], " ")
		st.verdict = st.judge(restP99, delP99)
		fmt.Println(st.line())
		results = append(results, st)
		if st.verdict != "" {
			break
		}
	}
	report(results)
	return nil
}

// simulation is the users so far and the step being measured (nil between steps: users keep
// working while the next ones join, but that time is nobody's figure).
type simulation struct {
	base        string
	client      *http.Client
	submitEvery time.Duration
	users       []*simUser
	current     atomic.Pointer[stepStats]
	messages    sync.Map // message number → *message, until it arrives
	nextMessage atomic.Int64
	socketDrops atomic.Int64
}

type simUser struct {
	account
	student bool
	partner string // the other half of the pair's user id
	taskID  string // a student's: their startup's task
}

// message is one chat message on its way: when it was due, to whom, and whether the server took it.
type message struct {
	step     *stepStats
	due      time.Time
	receiver string
	accepted atomic.Bool
}

// join seeds n more pairs, opens their sockets, has each new startup post a task, and starts them.
func (sim *simulation) join(ctx context.Context, n int) ([]*websocket.Conn, error) {
	if n <= 0 {
		return nil, nil
	}
	started := time.Now()
	students, err := seed(ctx, accounts.Student, n)
	if err != nil {
		return nil, err
	}
	startups, err := seed(ctx, accounts.Startup, n)
	if err != nil {
		return nil, err
	}
	users := make([]*simUser, 0, 2*n)
	for i := range n {
		users = append(users, &simUser{account: students[i], student: true, partner: startups[i].id},
			&simUser{account: startups[i], partner: students[i].id})
	}
	accs := make([]account, len(users))
	for i, u := range users {
		accs[i] = u.account
	}
	conns, err := connectAll(ctx, "ws"+strings.TrimPrefix(sim.base, "http")+"/api/ws", accs, 50)
	if err != nil {
		return conns, err
	}
	if err := sim.postTasks(ctx, users); err != nil {
		return conns, err
	}
	for i, u := range users {
		go sim.listen(ctx, conns[i], u)
		go sim.run(ctx, u)
	}
	sim.users = append(sim.users, users...)
	fmt.Fprintf(os.Stderr, "%d users joined in %s\n", len(users), time.Since(started).Round(time.Millisecond))
	return conns, nil
}

// postTasks has every startup of users (student, startup, ...) post the task its student works on.
func (sim *simulation) postTasks(ctx context.Context, users []*simUser) error {
	var wg sync.WaitGroup
	errs := make(chan error, len(users)/2)
	sem := make(chan struct{}, 16)
	for i := 0; i < len(users); i += 2 {
		student, startup := users[i], users[i+1]
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			task := map[string]any{"title": "Capacity task " + startup.id, "description": "A task of the capacity benchmark; send a link to the result.",
				"workType": "technical", "category": "web-development", "skills": []string{"Go"}, "estimatedHours": 4,
				"deadline": time.Now().AddDate(0, 1, 0).Format(time.DateOnly)}
			var posted struct {
				ID string `json:"_id"`
			}
			if err := sim.call(ctx, startup.token, http.MethodPost, "/api/startup/tasks", task, &posted); err != nil {
				errs <- err
			}
			student.taskID = posted.ID
		})
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// run is one user's day: each activity on its own period from a random phase, so that the
// users' requests spread evenly instead of arriving in bursts. It never waits for a response.
func (sim *simulation) run(ctx context.Context, u *simUser) {
	type activity struct {
		every time.Duration
		act   func(due time.Time)
		next  time.Time
	}
	dashboard := "/api/startup/dashboard"
	if u.student {
		dashboard = "/api/student/dashboard"
	}
	acts := []*activity{
		{every: 30 * time.Second, act: func(due time.Time) { sim.get(ctx, u, strings.TrimPrefix(dashboard, "/api/"), dashboard, due) }},
		{every: time.Minute, act: func(due time.Time) { sim.get(ctx, u, "tasks", "/api/tasks?page=1&per_page=12", due) }},
		{every: time.Minute, act: func(due time.Time) { sim.chat(ctx, u, due) }},
	}
	if u.student {
		acts = append(acts, &activity{every: sim.submitEvery, act: func(due time.Time) { sim.submit(ctx, u, due) }})
	}
	now := time.Now()
	for _, a := range acts {
		a.next = now.Add(rand.N(a.every))
	}
	timer := time.NewTimer(0)
	for {
		first := slices.MinFunc(acts, func(a, b *activity) int { return a.next.Compare(b.next) })
		timer.Reset(time.Until(first.next))
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		}
		due := first.next
		first.next = due.Add(first.every)
		go first.act(due)
	}
}

// timed runs one call and, when a step is being measured, records its latency from when it was
// due, so a slow server cannot hide behind a late request.
func (sim *simulation) timed(name string, due time.Time, call func() error) error {
	st := sim.current.Load()
	if st != nil {
		st.inflight.Add(1)
		defer st.inflight.Add(-1)
	}
	err := call()
	if st != nil {
		st.record(name, time.Since(due), err)
	}
	return err
}

func (sim *simulation) get(ctx context.Context, u *simUser, name, path string, due time.Time) {
	_ = sim.timed(name, due, func() error { return sim.call(ctx, u.token, http.MethodGet, path, nil, nil) })
}

func (sim *simulation) submit(ctx context.Context, u *simUser, due time.Time) {
	link := map[string]string{"link": fmt.Sprintf("https://github.com/capacity/%s/%d", u.id, due.Unix())}
	_ = sim.timed("student/tasks/:id/submit-link", due, func() error {
		return sim.call(ctx, u.token, http.MethodPost, "/api/student/tasks/"+u.taskID+"/submit-link", link, nil)
	})
}

// chat sends the partner a message numbered k (post's content), timed from when it was due to
// its arrival on the partner's socket (listen).
func (sim *simulation) chat(ctx context.Context, u *simUser, due time.Time) {
	k := int(sim.nextMessage.Add(1))
	m := &message{step: sim.current.Load(), due: due, receiver: u.partner}
	sim.messages.Store(k, m)
	if sim.timed("chat/send", due, func() error { _, err := post(ctx, sim.client, sim.base, u.token, u.partner, k); return err }) == nil {
		m.accepted.Store(true)
	}
}

// listen reads a user's socket; a closed socket while the run goes on is an error.
func (sim *simulation) listen(ctx context.Context, conn *websocket.Conn, u *simUser) {
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			if ctx.Err() == nil {
				sim.socketDrops.Add(1)
			}
			return
		}
		arrived := time.Now()
		k, ok := messageNumber(data)
		if !ok {
			continue
		}
		v, ok := sim.messages.Load(k)
		if !ok || v.(*message).receiver != u.id { // the sender's own copy
			continue
		}
		sim.messages.Delete(k)
		if m := v.(*message); m.step != nil {
			m.step.delivered(arrived.Sub(m.due))
		}
	}
}

// messageNumber is k of a chat.message frame whose content post wrote ("load message k").
func messageNumber(data []byte) (int, bool) {
	var f frame
	if json.Unmarshal(data, &f) != nil || f.Type != "chat.message" {
		return 0, false
	}
	var msg struct {
		Content string `json:"content"`
	}
	var k int
	if json.Unmarshal(f.Data, &msg) != nil {
		return 0, false
	}
	_, err := fmt.Sscanf(msg.Content, "load message %d", &k)
	return k, err == nil
}

// settle waits for the step's requests to finish and its messages to arrive, then counts as lost
// every message the server accepted that never came.
func (sim *simulation) settle(st *stepStats) {
	for deadline := time.Now().Add(15 * time.Second); st.inflight.Load() > 0 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		waiting := 0
		sim.messages.Range(func(k, v any) bool {
			if m := v.(*message); m.step == st && m.accepted.Load() {
				waiting++
			}
			return true
		})
		if waiting == 0 || time.Now().After(deadline) {
			st.mu.Lock()
			st.errs["delivery-lost"] += waiting
			st.closed = true
			st.mu.Unlock()
			break
		}
	}
	sim.messages.Range(func(k, v any) bool {
		if v.(*message).step == st {
			sim.messages.Delete(k)
		}
		return true
	})
}

// call sends one API request as the user and decodes a 2xx answer into out.
func (sim *simulation) call(ctx context.Context, token, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		raw, _ := json.Marshal(in)
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, sim.base+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := sim.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: HTTP %d %.200s", method, path, res.StatusCode, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}
