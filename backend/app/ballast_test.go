package app

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
)

const mib = 1 << 20

func heapGoal() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// residentBytes is the process's resident set (/proc/self/statm, in pages).
func residentBytes(t *testing.T) uint64 {
	t.Helper()
	statm, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip("no /proc/self/statm on this system")
	}
	pages, err := strconv.ParseUint(strings.Fields(string(statm))[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return pages * uint64(os.Getpagesize())
}

func TestGCBallast_delaysTheNextCollection(t *testing.T) {
	runtime.GC()
	before := heapGoal()
	ballast := GCBallast(64)
	runtime.GC()
	after := heapGoal()
	runtime.KeepAlive(ballast)
	// The goal is what the collection left live plus GOGC % of it: at least 64 MiB higher.
	if after < before+64*mib {
		t.Fatalf("heap goal %d MiB with a 64 MiB ballast, %d MiB without: the collector would not wait for more garbage",
			after/mib, before/mib)
	}
	if GCBallast(0) != nil {
		t.Fatal("GC_BALLAST_MB=0 should hold no ballast")
	}
}

// A ballast allocated first, as main does, gets pages the kernel has never backed. (One allocated
// later may reuse pages the heap freed, which must be cleared.) So it is measured in a process
// of its own.
func TestGCBallast_takesNoMemory(t *testing.T) {
	if os.Getenv("BALLAST_TEST_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGCBallast_takesNoMemory$", "-test.count=1")
		cmd.Env = append(os.Environ(), "BALLAST_TEST_CHILD=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return
	}
	runtime.GC()
	before := residentBytes(t)
	ballast := GCBallast(256)
	runtime.GC()
	grown := int64(residentBytes(t)) - int64(before)
	runtime.KeepAlive(ballast)
	if grown > 32*mib {
		t.Fatalf("a 256 MiB ballast made the process %d MiB larger: its pages were written", grown/mib)
	}
}
