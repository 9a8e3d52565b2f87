// Package heapfloor keeps the garbage collector from running every few requests on a small heap.
package heapfloor

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Keep keeps the garbage collector's goal at least minMiB MiB, however little the last
// collection left live. Go collects each time the heap has grown by GOGC % (100) of what the
// last collection left live, and at least 4 MiB. Without sockets an instance keeps a few MiB live
// while each request leaves hundreds of KiB of garbage, so it collected every six or seven
// requests: 2,400 collections for 16,000 answers of the open market. Fewer made the server's CPU
// a request a third smaller (docs/performance.md, "Garbage collection and idle overhead").
//
// After each collection it sets GOGC for the next one: the operator's GOGC when that already
// reaches minMiB, more when it does not. A large live heap (10,000 sockets) is left to the
// operator's GOGC, so it does not grow. A ballast (a large allocation held for ever) would delay
// the collections as well, but add its size to every heap goal, large ones included. The price
// is memory: up to minMiB of garbage between collections. Nothing is done when minMiB is 0 or
// less, or GOGC is off. stop restores the operator's GOGC.
func Keep(minMiB int) (stop func()) {
	base := debug.SetGCPercent(100)
	debug.SetGCPercent(base)
	if minMiB <= 0 || base < 0 {
		return func() {}
	}
	f := &heapFloor{min: uint64(minMiB) << 20, base: base}
	f.watch()
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.stopped = true
		debug.SetGCPercent(base)
	}
}

type heapFloor struct {
	min  uint64
	base int

	mu      sync.Mutex // so that an adjustment under way cannot undo stop
	stopped bool
}

// sentinel is allocated for its cleanup alone, which runs after the first collection that finds
// it unreachable. It holds a pointer so that the tiny allocator, which batches small objects
// without pointers and may keep them alive together, does not take it.
type sentinel struct{ _ *byte }

func (f *heapFloor) watch() {
	runtime.AddCleanup(new(sentinel), func(f *heapFloor) {
		f.mu.Lock()
		defer f.mu.Unlock()
		if !f.stopped {
			f.adjust()
			f.watch()
		}
	}, f)
}

// adjust sets GOGC so that the next goal, the live heap times (1 + GOGC/100), reaches f.min.
func (f *heapFloor) adjust() {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	live := s[0].Value.Uint64()
	percent := f.base
	if live > 0 && live+live*uint64(f.base)/100 < f.min {
		percent = int((f.min - live) * 100 / live)
	}
	debug.SetGCPercent(percent)
}
