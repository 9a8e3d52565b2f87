package heapfloor

import (
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

const mib = 1 << 20

func heapFigures() (goal, live uint64) {
	s := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Uint64()
}

// collectUntil collects until ok holds of the heap's goal and live bytes, for up to two seconds:
// the floor adjusts after a collection, on the runtime's cleanup goroutine.
func collectUntil(ok func(goal, live uint64) bool) (goal, live uint64, held bool) {
	deadline := time.Now().Add(2 * time.Second)
	for ; time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		runtime.GC()
		if goal, live = heapFigures(); ok(goal, live) {
			return goal, live, true
		}
	}
	return goal, live, false
}

func TestKeep_smallHeap(t *testing.T) {
	stop := Keep(64)
	if goal, live, ok := collectUntil(func(goal, _ uint64) bool { return goal >= 64*mib }); !ok {
		stop()
		t.Fatalf("heap goal %d MiB with %d MiB live: the collector would not wait for 64 MiB", goal/mib, live/mib)
	}
	stop()
	if goal, _, ok := collectUntil(func(goal, _ uint64) bool { return goal < 32*mib }); !ok {
		t.Fatalf("heap goal %d MiB after stop: the operator's GOGC was not restored", goal/mib)
	}
}

func TestKeep_largeHeapKeepsTheOperatorsGOGC(t *testing.T) {
	stop := Keep(64)
	defer stop()
	if _, _, ok := collectUntil(func(goal, _ uint64) bool { return goal >= 64*mib }); !ok {
		t.Fatal("the floor never raised the goal")
	}
	held := make([]byte, 128*mib) // live, never written: address space only
	// GOGC is 100 in tests: the goal is twice the live heap, as without the floor (a ballast of
	// 64 MiB would make it 64 MiB more).
	goal, live, ok := collectUntil(func(goal, live uint64) bool { return goal < 2*live+16*mib })
	runtime.KeepAlive(held)
	if !ok {
		t.Fatalf("heap goal %d MiB with %d MiB live: a large heap should keep GOGC's goal", goal/mib, live/mib)
	}
}

func TestKeep_zeroDoesNothing(t *testing.T) {
	stop := Keep(0)
	defer stop()
	if goal, _, ok := collectUntil(func(goal, _ uint64) bool { return goal < 32*mib }); !ok {
		t.Fatalf("heap goal %d MiB with GC_HEAP_MIN_MB=0", goal/mib)
	}
}
