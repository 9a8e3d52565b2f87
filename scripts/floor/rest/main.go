// Command rest is the floor of Bridgework's hot REST paths (docs/performance.md,
// "REST hot paths"): a bare net/http + pgx program that answers GET /api/startup/tasks,
// GET /api/student/dashboard and GET /api/tasks (the default first page of each) on the same
// PostgreSQL data, with the same authentication check and the same JSON, so that
// scripts/bench-marketplace.sh can time Bridgework against what the machine can do.
//
//	DATABASE_URL=postgres://… JWT_SECRET=… rest -variant onetrip -addr 127.0.0.1:8090
//
// Variants:
//   - naive: Bridgework's statements, one round trip each, unprepared; rows read as maps.
//   - struct: the same statements, prepared once per connection (pgx's statement cache) and
//     scanned into structs.
//   - onetrip: one statement per request in which PostgreSQL builds the whole JSON answer,
//     written out as it comes.
//
// Only what the bench asks is answered: other query strings (search, filters, pages) get 400.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"time"

	"bridgework/backend/heapfloor"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "address to listen on")
	variant := flag.String("variant", "onetrip", "naive, struct or onetrip")
	flag.Parse()
	if err := run(*addr, *variant); err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
}

func run(addr, variant string) error {
	// The collector paced as Bridgework's is (GC_HEAP_MIN_MB, 64 by default): a runtime setting
	// rather than a design, so the floor has it too.
	heapMinMiB, err := strconv.Atoi(envOr("GC_HEAP_MIN_MB", "64"))
	if err != nil {
		return fmt.Errorf("GC_HEAP_MIN_MB: %w", err)
	}
	defer heapfloor.Keep(heapMinMiB)()
	cfg, err := pgxpool.ParseConfig(os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	// Bridgework's pool: gorm over database/sql keeps at most 20 connections (store.Open).
	cfg.MaxConns = 20
	// Opened at start, as a warm Bridgework has them: on the shared PostgreSQL a connection
	// opened mid-run may be refused.
	cfg.MinConns = 20
	var paths handlers
	switch variant {
	case "naive":
		cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeExec
		paths = statements{scan: mapScan}
	case "struct":
		cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeCacheStatement
		paths = statements{scan: structScan}
	case "onetrip":
		cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeCacheStatement
		paths = oneTrip{}
	default:
		return fmt.Errorf("unknown variant %q", variant)
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	auth, err := newAuthenticator(pool)
	if err != nil {
		return err
	}

	mux := http.NewServeMux()
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mux.Handle("GET /api/startup/tasks", auth.require("startup", answer(pool, paths.startupTasks)))
	mux.Handle("GET /api/student/dashboard", auth.require("", answer(pool, paths.studentDashboard)))
	mux.Handle("GET /api/tasks", answer(pool, func(ctx context.Context, db *pgxpool.Pool, _ *user, w http.ResponseWriter) error {
		return paths.openTasks(ctx, db, w)
	}))
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	return srv.ListenAndServe()
}

// handlers is one variant's way of answering the three paths.
type handlers interface {
	startupTasks(ctx context.Context, db *pgxpool.Pool, viewer *user, w http.ResponseWriter) error
	studentDashboard(ctx context.Context, db *pgxpool.Pool, viewer *user, w http.ResponseWriter) error
	openTasks(ctx context.Context, db *pgxpool.Pool, w http.ResponseWriter) error
}

type pathFunc func(ctx context.Context, db *pgxpool.Pool, viewer *user, w http.ResponseWriter) error

// answer serves the default first page only: the floor has no search or filters to run.
func answer(db *pgxpool.Pool, fn pathFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != "" {
			http.Error(w, `{"message":"the floor answers the default page only"}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		// A load generator that hangs up at the end of its run is no failure of the floor's.
		if err := fn(r.Context(), db, viewerOf(r), w); err != nil && r.Context().Err() == nil {
			fmt.Fprintln(os.Stderr, "floor:", r.URL.Path, err)
			http.Error(w, `{"message":"Internal error."}`, http.StatusInternalServerError)
		}
	})
}
