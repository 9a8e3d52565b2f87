// Command httpload sends GET requests at a fixed rate, evenly spaced, and reports the latency
// of each from the moment it was due, for scripts/bench-marketplace.sh (docs/performance.md,
// "REST hot paths").
//
//	httpload -url http://127.0.0.1:8080/api/student/dashboard -token … -rate 200 -duration 30s
//
// It is an open loop: request k is due at start + k/rate whatever happened to the ones before,
// so a slow server shows as latency instead of quietly lowering the rate, and time a request
// spent waiting inside this tool counts against the server too. (hey's -q, used before, starts
// its workers' tickers together: 200 requests/s from 20 workers arrive as 20 at once every
// 100 ms, which measures how fast a burst drains rather than latency at a steady rate.)
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

func main() {
	var (
		url, token        string
		rate, maxInFlight int
		duration, warmup  time.Duration
	)
	flag.StringVar(&url, "url", "", "URL to GET")
	flag.StringVar(&token, "token", "", "bearer token, if the route needs one")
	flag.IntVar(&rate, "rate", 200, "requests per second")
	flag.DurationVar(&duration, "duration", 30*time.Second, "how long to measure")
	flag.DurationVar(&warmup, "warmup", 5*time.Second, "load sent first and left out of the figures")
	flag.IntVar(&maxInFlight, "max-in-flight", 1000, "requests outstanding at most; past it the run fails")
	flag.Parse()
	if url == "" || rate <= 0 || duration <= 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(url, token, rate, maxInFlight, warmup, duration); err != nil {
		fmt.Fprintln(os.Stderr, "httpload:", err)
		os.Exit(1)
	}
}

type result struct {
	latency time.Duration
	status  int // 0: the request failed
}

func run(url, token string, rate, maxInFlight int, warmup, duration time.Duration) error {
	// No Accept-Encoding, as wrk sends none: the floors answer uncompressed, so Bridgework is
	// timed doing the same work (scripts/capacity.sh's users accept gzip, as browsers do).
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
		MaxIdleConnsPerHost: maxInFlight, IdleConnTimeout: time.Minute, DisableCompression: true,
	}}
	measured := int(duration.Seconds() * float64(rate))
	skipped := int(warmup.Seconds() * float64(rate))
	results := make([]result, skipped+measured)
	slots := make(chan struct{}, maxInFlight)
	var wg sync.WaitGroup
	interval := time.Second / time.Duration(rate)
	start := time.Now()
	for k := range results {
		due := start.Add(time.Duration(k) * interval)
		time.Sleep(time.Until(due))
		select {
		case slots <- struct{}{}:
		default:
			return fmt.Errorf("more than %d requests outstanding after %s: the server cannot keep up", maxInFlight, time.Since(start).Round(time.Millisecond))
		}
		wg.Go(func() {
			defer func() { <-slots }()
			results[k] = get(client, url, token, due)
		})
	}
	wg.Wait()
	elapsed := time.Since(start)

	statuses := map[int]int{}
	var latencies []time.Duration
	for _, r := range results[skipped:] {
		statuses[r.status]++
		latencies = append(latencies, r.latency)
	}
	slices.Sort(latencies)
	pct := func(p float64) float64 {
		return float64(latencies[min(len(latencies)-1, int(p*float64(len(latencies))))].Microseconds()) / 1000
	}
	fmt.Printf("RESULT rate=%d achieved=%.0f sent=%d requests=%d p50_ms=%.1f p90_ms=%.1f p99_ms=%.1f max_ms=%.1f statuses=%s\n",
		rate, float64(len(results))/elapsed.Seconds(), len(results), measured, pct(0.50), pct(0.90), pct(0.99), pct(1), formatStatuses(statuses))
	return nil
}

// get requests url and returns how long after due the answer was read in full.
func get(client *http.Client, url, token string, due time.Time) result {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
	if err != nil {
		return result{latency: time.Since(due)}
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := client.Do(req)
	if err != nil {
		return result{latency: time.Since(due)}
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil && !errors.Is(err, io.EOF) {
		return result{latency: time.Since(due)}
	}
	return result{latency: time.Since(due), status: res.StatusCode}
}

// formatStatuses lists the status counts, "0" standing for failed requests: 200:6000,0:2.
func formatStatuses(statuses map[int]int) string {
	codes := make([]int, 0, len(statuses))
	for c := range statuses {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%d:%d", c, statuses[c])
	}
	return strings.Join(parts, ",")
}
