package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"bridgework/backend/accounts"
)

// chat drives pairs of users: students send through one instance at a fixed total rate (or as
// fast as it answers, with -rate 0), their startups listen on another, and every chat.message
// frame is timed from its commit (p50_ms, p99_ms) and from the start of its POST (send_p50_ms,
// send_p99_ms: what the sender waits for, the commit included). With -cpu it also reports the
// CPU time of the serving processes per message, over the sending phase until the last frame
// arrived.
func chat(args []string) error {
	var (
		sendBase, url string
		cpuSpec       string
		pairs, rate   int
		workers       int
		duration      time.Duration
		warmup        time.Duration
	)
	if err := flags("chat", args, func(fs *flag.FlagSet) {
		fs.StringVar(&sendBase, "send", "http://127.0.0.1:18411", "instance the messages are posted to")
		fs.StringVar(&url, "ws", "ws://127.0.0.1:18412/api/ws", "instance the receivers listen on")
		fs.IntVar(&pairs, "pairs", 200, "student/startup pairs")
		fs.IntVar(&rate, "rate", 1000, "messages per second, in total; 0: as fast as the instance answers, -workers at a time")
		fs.IntVar(&workers, "workers", 64, "concurrent requests at most")
		fs.DurationVar(&duration, "duration", 30*time.Second, "how long to send")
		fs.DurationVar(&warmup, "warmup", 5*time.Second, "first part of the run left out of the latency figures (not of the loss count)")
		fs.StringVar(&cpuSpec, "cpu", "", "processes whose CPU time to report per message: a=PID,b=PID,redis=PID (and PostgreSQL's backends of DATABASE_URL)")
	}); err != nil {
		return err
	}
	ctx := context.Background()
	var probe *cpuProbe
	if cpuSpec != "" {
		var err error
		if probe, err = newCPUProbe(ctx, cpuSpec); err != nil {
			return err
		}
	}
	students, err := seed(ctx, accounts.Student, pairs)
	if err != nil {
		return err
	}
	startups, err := seed(ctx, accounts.Startup, pairs)
	if err != nil {
		return err
	}
	conns, err := connectAll(ctx, url, startups, 50)
	defer closeAll(conns)
	if err != nil {
		return err
	}

	var (
		mu        sync.Mutex
		latencies []time.Duration
		fromSend  []time.Duration
		posted    sync.Map // client id → when its POST started
		received  = map[string]int{}
		// The sending starts right after the readers; frames committed before this are warm-up.
		timedFrom = time.Now().Add(warmup)
	)
	for _, conn := range conns {
		go func() {
			for {
				_, data, err := conn.Read(ctx)
				if err != nil {
					return
				}
				arrived := time.Now()
				var f frame
				if json.Unmarshal(data, &f) != nil || f.Type != "chat.message" {
					continue
				}
				var msg struct {
					ID       string `json:"_id"`
					ClientID string `json:"clientId"`
				}
				_ = json.Unmarshal(f.Data, &msg)
				start, _ := posted.Load(msg.ClientID)
				mu.Lock()
				received[msg.ID]++
				if f.At.After(timedFrom) {
					latencies = append(latencies, arrived.Sub(f.At))
					if start != nil {
						fromSend = append(fromSend, arrived.Sub(start.(time.Time)))
					}
				}
				mu.Unlock()
			}
		}()
	}

	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
		MaxIdleConnsPerHost: workers, MaxConnsPerHost: workers, IdleConnTimeout: time.Minute,
	}}
	var (
		sent       sync.Map // message id → true, for messages the server accepted
		accepted   atomic.Int64
		failed     atomic.Int64
		maxBacklog atomic.Int64
	)
	jobs := make(chan int, max(rate, 1)*int(duration/time.Second+1))
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for k := range jobs {
				posted.Store(clientID(k), time.Now())
				id, err := post(ctx, client, sendBase, students[k%pairs].token, startups[k%pairs].id, k)
				if err != nil {
					failed.Add(1)
					continue
				}
				sent.Store(id, true)
				accepted.Add(1)
			}
		})
	}

	var cpuBefore cpuSample
	if probe != nil {
		if cpuBefore, err = probe.sample(ctx); err != nil {
			return err
		}
	}
	// Open loop: messages are due at fixed times whatever the server's speed, so a slow server
	// shows as latency and backlog instead of quietly lowering the rate. Flat out (rate 0), the
	// workers take the next message as soon as they are free.
	started := time.Now()
	total := int(duration.Seconds() * float64(rate))
	for k := 0; rate == 0 || k < total; k++ {
		if rate == 0 {
			if time.Since(started) >= duration {
				break
			}
			jobs <- k
			continue
		}
		due := started.Add(time.Duration(float64(k) / float64(rate) * float64(time.Second)))
		if wait := time.Until(due); wait > 0 {
			time.Sleep(wait)
		}
		jobs <- k
		if backlog := int64(len(jobs)); backlog > maxBacklog.Load() {
			maxBacklog.Store(backlog)
		}
	}
	close(jobs)
	wg.Wait()
	sendTook := time.Since(started)

	// Give the last frames time to arrive, then count.
	deadline := time.Now().Add(10 * time.Second)
	lost := 0
	for {
		lost = 0
		mu.Lock()
		sent.Range(func(id, _ any) bool {
			if received[id.(string)] == 0 {
				lost++
			}
			return true
		})
		mu.Unlock()
		if lost == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cpu := ""
	if probe != nil {
		after, err := probe.sample(ctx)
		if err != nil {
			return err
		}
		cpu = perOp(cpuBefore, after, int(accepted.Load()))
	}
	mu.Lock()
	defer mu.Unlock()
	duplicates, frames := 0, 0
	for _, n := range received {
		duplicates += max(n-1, 0)
		frames += n
	}
	slices.Sort(latencies)
	slices.Sort(fromSend)
	pct := func(d []time.Duration, p float64) float64 {
		if len(d) == 0 {
			return 0
		}
		return float64(d[min(len(d)-1, int(p*float64(len(d))))].Microseconds()) / 1000
	}
	fmt.Printf("RESULT chat pairs=%d warmup=%s offered_rate=%d achieved_rate=%.0f accepted=%d failed=%d received=%d lost=%d duplicates=%d timed=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f send_p50_ms=%.2f send_p99_ms=%.2f max_backlog=%d%s\n",
		pairs, warmup, rate, float64(accepted.Load())/sendTook.Seconds(), accepted.Load(), failed.Load(), frames, lost, duplicates, len(latencies),
		pct(latencies, 0.50), pct(latencies, 0.99), pct(latencies, 1), pct(fromSend, 0.50), pct(fromSend, 0.99), maxBacklog.Load(), cpu)
	return nil
}

// post sends message k from a student to a startup and returns the stored message's id.
func post(ctx context.Context, client *http.Client, base, token, receiver string, k int) (string, error) {
	body, _ := json.Marshal(map[string]string{"receiver": receiver, "content": fmt.Sprint("load message ", k), "clientId": clientID(k)})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/chat/send", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("HTTP %d %s", res.StatusCode, raw)
	}
	var msg struct {
		ID string `json:"_id"`
	}
	return msg.ID, json.Unmarshal(raw, &msg)
}

func clientID(k int) string { return fmt.Sprint("load-", k) }
