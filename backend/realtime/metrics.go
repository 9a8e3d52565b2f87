package realtime

import "sync/atomic"

// Stats are counters for monitoring. The package does not depend on a
// metrics library; the app exports them, for example with Prometheus:
//
//	prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "bridgework_ws_connected_clients"},
//		func() float64 { return float64(hub.Stats().Connected) })
//	prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "bridgework_ws_slow_clients_dropped_total"},
//		func() float64 { return float64(hub.Stats().DroppedSlow) })
type Stats struct {
	Connected   int64  // authenticated sockets on this instance now
	DroppedSlow uint64 // sockets closed because their send buffer was full, since start
}

type counters struct {
	connected   atomic.Int64
	droppedSlow atomic.Uint64
}

// Stats returns the hub's current counters. Safe from any goroutine.
func (h *Hub) Stats() Stats {
	return Stats{Connected: h.counters.connected.Load(), DroppedSlow: h.counters.droppedSlow.Load()}
}
