// Command bridgework is the Bridgework server: REST API, websocket and the web app in one binary.
// It reads its configuration from the environment (see .env.example) and only wires; the pieces
// live in their own packages.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"bridgework/backend/app"
	"bridgework/backend/config"
	"bridgework/backend/demo"
	"bridgework/backend/heapfloor"
)

func main() {
	if err := run(); err != nil {
		slog.Error("bridgework stopped", "err", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	defer heapfloor.Keep(cfg.GCHeapMinMB)()
	logger := newLogger(cfg)
	slog.SetDefault(logger)

	if soft, hard, err := app.RaiseFileLimit(); err != nil {
		logger.Warn("open files limit unknown", "err", err)
	} else {
		logger.Info("open files limit", "soft", soft, "hard", hard, "reserve", cfg.FDReserve)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, rdb, err := app.Connect(ctx, cfg, logger)
	if err != nil {
		return err
	}
	a, err := app.Build(cfg, db, rdb, app.Options{Logger: logger})
	if err != nil {
		return err
	}
	generated, err := a.Accounts.BootstrapAdmin(ctx)
	if err != nil {
		return fmt.Errorf("bootstrap admin: %w", err)
	}
	if generated != "" {
		// Printed once, on the start that creates the admin; it is never stored in clear.
		fmt.Fprintf(os.Stderr, "\n  Admin account created: %s  password: %s\n  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose them)\n\n", cfg.AdminEmail, generated)
	}
	if cfg.SeedDemo {
		if err := demo.Seed(ctx, demo.Services{Accounts: a.Accounts, Tasks: a.Tasks, Ratings: a.Ratings, Payments: a.Payments}, logger); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}

	srv := app.HTTPServer(net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port)), a.Handler, cfg.RequestReadTimeout)
	errc := make(chan error, 2) // the public listener and the profiling one
	go func() { errc <- srv.ListenAndServe() }()
	logger.Info("listening", "addr", srv.Addr, "database", dbKind(cfg), "redis", cfg.RedisURL != "")
	if cfg.PprofAddr != "" {
		profiling := app.ProfilingServer(cfg.PprofAddr)
		defer profiling.Close()
		go func() { errc <- profiling.ListenAndServe() }()
		logger.Info("profiling", "addr", profiling.Addr)
	}

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down", "timeout", cfg.ShutdownTimeout.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	// Stop taking requests first, then close the websockets (hijacked, so Shutdown skips them).
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	if err := a.Shutdown(shutdownCtx); err != nil {
		return err
	}
	logger.Info("stopped")
	return nil
}

func newLogger(cfg config.Config) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(strings.ToUpper(cfg.LogLevel)))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewJSONHandler(os.Stderr, opts))
}

func dbKind(cfg config.Config) string {
	if cfg.DatabaseURL != "" {
		return "postgres"
	}
	return "sqlite"
}
