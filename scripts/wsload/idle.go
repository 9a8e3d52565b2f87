package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"

	"bridgework/backend/accounts"
)

// idle opens n idle sockets on one instance and reports what they cost it.
func idle(args []string) error {
	var (
		url, metrics string
		n            int
		settle       time.Duration
	)
	if err := flags("idle", args, func(fs *flag.FlagSet) {
		fs.StringVar(&url, "ws", "ws://127.0.0.1:18411/api/ws", "websocket URL of the instance")
		fs.StringVar(&metrics, "metrics", "http://127.0.0.1:18411/metrics", "its /metrics")
		fs.IntVar(&n, "conns", 10_000, "idle connections, one user each")
		fs.DurationVar(&settle, "settle", 5*time.Second, "wait before measuring")
	}); err != nil {
		return err
	}
	ctx := context.Background()
	started := time.Now()
	accs, err := seed(ctx, accounts.Student, n)
	if err != nil {
		return err
	}
	fmt.Printf("seeded %d users in %s\n", n, time.Since(started).Round(time.Millisecond))

	// Warm up (one socket in and out), so the baseline includes the hub's fixed costs.
	if conn, err := connect(ctx, url, accs[0].token); err == nil {
		conn.Close(websocket.StatusNormalClosure, "warm-up")
	}
	time.Sleep(settle)
	before, err := scrape(metrics)
	if err != nil {
		return err
	}

	started = time.Now()
	conns, err := connectAll(ctx, url, accs, 200)
	defer closeAll(conns)
	if err != nil {
		return err
	}
	took := time.Since(started)
	time.Sleep(settle)
	after, err := scrape(metrics)
	if err != nil {
		return err
	}
	open := after["bridgework_ws_connected_clients"]
	if int(open) != n {
		return fmt.Errorf("the instance counts %v open sockets, want %d", open, n)
	}
	perConn := func(metric string) float64 { return (after[metric] - before[metric]) / float64(n) / 1024 }
	fmt.Printf("connected %d sockets in %s (%.0f/s)\n", n, took.Round(time.Millisecond), float64(n)/took.Seconds())
	fmt.Printf("RESULT idle conns=%d rss_per_conn_kib=%.1f heap_inuse_per_conn_kib=%.1f stack_per_conn_kib=%.1f goroutines_per_conn=%.1f rss_total_mib=%.0f\n",
		n, perConn("process_resident_memory_bytes"), perConn("go_memstats_heap_inuse_bytes"),
		perConn("go_memstats_stack_inuse_bytes"), (after["go_goroutines"]-before["go_goroutines"])/float64(n),
		after["process_resident_memory_bytes"]/(1<<20))
	return nil
}

// scrape reads the unlabelled samples of a Prometheus text page.
func scrape(url string) (map[string]float64, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+os.Getenv("METRICS_TOKEN"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.Contains(line, "{") {
			continue
		}
		name, value, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		if v, err := strconv.ParseFloat(value, 64); err == nil {
			out[name] = v
		}
	}
	return out, sc.Err()
}
