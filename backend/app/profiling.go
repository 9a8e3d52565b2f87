package app

import (
	"net/http"
	"net/http/pprof"
	"time"
)

// ProfilingServer serves net/http/pprof on addr (PPROF_ADDR). It has a mux of its own rather than
// http.DefaultServeMux, so the profiles are reachable only on this listener, never through the
// public router.
func ProfilingServer(addr string) *http.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
}
