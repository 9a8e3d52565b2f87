// Command matching is the floor of the matching endpoints (docs/performance.md, "Matching"):
// each ranking as the one SQL statement of ranking.go, run through pgx at a fixed rate with no
// service around it, its latency measured as scripts/httpload measures the server's, so that
// scripts/bench-matching.sh prints how far the service is from what the statement alone costs.
//
//	DATABASE_URL=postgres://… matching -matches TASK_ID -rate 50 -duration 30s -warmup 5s
//	DATABASE_URL=postgres://… matching -recommended STUDENT_ID -print
//
// -print runs the statement once and prints the first page's ids, one a line, then "total N":
// the script checks they are the service's before it times anything. -linger keeps the
// connections open a while after the figures are printed, so that the script can read what
// their PostgreSQL backends spent.
//
// Like httpload it is an open loop: statement k is due at start + k/rate whatever happened to
// the ones before, and its latency runs from then to its last row read.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func main() {
	var (
		taskID, studentID, baseCurrency string
		perPage, rate, maxInFlight      int
		duration, warmup, linger        time.Duration
		printPage                       bool
	)
	flag.StringVar(&taskID, "matches", "", "rank students for this task")
	flag.StringVar(&studentID, "recommended", "", "rank open tasks for this student")
	flag.StringVar(&baseCurrency, "base-currency", "USD", "CURRENCY_BASE: a student's currency when they were never paid")
	flag.IntVar(&perPage, "per-page", 100, "the page's length")
	flag.IntVar(&rate, "rate", 50, "statements per second")
	flag.DurationVar(&duration, "duration", 30*time.Second, "how long to measure")
	flag.DurationVar(&warmup, "warmup", 5*time.Second, "load sent first and left out of the figures")
	flag.IntVar(&maxInFlight, "max-in-flight", 1000, "statements outstanding at most; past it the run fails")
	flag.DurationVar(&linger, "linger", 0, "how long to keep the connections open after the figures are printed")
	flag.BoolVar(&printPage, "print", false, "print the first page's ids and the total once, and exit")
	flag.Parse()

	var rank ranking
	switch {
	case taskID != "" && studentID == "":
		rank = ranking{sql: matchesSQL, args: []any{taskID, perPage}}
	case studentID != "" && taskID == "":
		rank = ranking{sql: recommendedSQL, args: []any{studentID, baseCurrency, perPage}}
	default:
		flag.Usage()
		os.Exit(2)
	}
	if err := run(rank, printPage, rate, maxInFlight, warmup, duration, linger); err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
}

// ranking is one statement and its arguments.
type ranking struct {
	sql  string
	args []any
}

type page struct {
	ids   []string
	total int
}

func (r ranking) read(ctx context.Context, db *pgxpool.Pool) (page, error) {
	rows, err := db.Query(ctx, r.sql, r.args...)
	if err != nil {
		return page{}, err
	}
	var p page
	var id string
	var score int
	_, err = pgx.ForEachRow(rows, []any{&id, &score, &p.total}, func() error {
		p.ids = append(p.ids, id)
		return nil
	})
	return p, err
}

func run(rank ranking, printPage bool, rate, maxInFlight int, warmup, duration, linger time.Duration) error {
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	// Bridgework's pool keeps at most 20 connections (store.Open); prepared once on each, as
	// the server's statements are.
	cfg.MaxConns, cfg.MinConns = 20, 20
	cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeCacheStatement
	db, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()

	if printPage {
		p, err := rank.read(ctx, db)
		if err != nil {
			return err
		}
		for _, id := range p.ids {
			fmt.Println(id)
		}
		fmt.Println("total", p.total)
		return nil
	}

	measured := int(duration.Seconds() * float64(rate))
	skipped := int(warmup.Seconds() * float64(rate))
	latencies := make([]time.Duration, skipped+measured)
	failed := make([]bool, len(latencies))
	slots := make(chan struct{}, maxInFlight)
	var wg sync.WaitGroup
	interval := time.Second / time.Duration(rate)
	start := time.Now()
	for k := range latencies {
		due := start.Add(time.Duration(k) * interval)
		time.Sleep(time.Until(due))
		select {
		case slots <- struct{}{}:
		default:
			return fmt.Errorf("more than %d statements outstanding after %s: PostgreSQL cannot keep up", maxInFlight, time.Since(start).Round(time.Millisecond))
		}
		wg.Go(func() {
			defer func() { <-slots }()
			_, err := rank.read(ctx, db)
			latencies[k], failed[k] = time.Since(due), err != nil
			if err != nil {
				fmt.Fprintln(os.Stderr, "floor:", err)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)

	errors := 0
	for _, f := range failed[skipped:] {
		if f {
			errors++
		}
	}
	got := slices.Clone(latencies[skipped:])
	slices.Sort(got)
	pct := func(p float64) float64 {
		return float64(got[min(len(got)-1, int(p*float64(len(got))))].Microseconds()) / 1000
	}
	statuses := fmt.Sprintf("ok:%d", measured-errors)
	if errors > 0 {
		statuses += fmt.Sprintf(",error:%d", errors)
	}
	fmt.Printf("RESULT rate=%d achieved=%.0f sent=%d requests=%d p50_ms=%.1f p90_ms=%.1f p99_ms=%.1f max_ms=%.1f statuses=%s\n",
		rate, float64(len(latencies))/elapsed.Seconds(), len(latencies), measured, pct(0.50), pct(0.90), pct(0.99), pct(1), statuses)
	// The script reads the CPU of this program's PostgreSQL backends once the figures are out,
	// which it can only while they are still there.
	time.Sleep(linger)
	return nil
}
