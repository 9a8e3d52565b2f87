// Command wake measures what this machine charges a program each time it sleeps and wakes: the
// part of a request's CPU that does not shrink when requests come far apart, and so the floor
// under the idle overhead that scripts/bench-marketplace.sh reports (docs/performance.md,
// "Garbage collection and idle overhead").
//
//	wake -n 2000 -every 5ms
//
// It sleeps n times for the given time with nothing to do in between, two ways, and prints the
// CPU the kernel accounts per wake:
//   - thread_us: one thread sleeping in the kernel (nanosleep), its own CPU only: what any
//     program pays for a sleep and a wake on this machine;
//   - go_us: one goroutine sleeping on Go's timer, the whole process's CPU: what a Go server
//     pays, its runtime's other threads included (sysmon, which polls every 20 µs for a while
//     after each wake, golang/go#18236).
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

func main() {
	n := flag.Int("n", 2000, "sleeps to time")
	every := flag.Duration("every", 5*time.Millisecond, "length of each sleep (200 a second: 5ms)")
	flag.Parse()
	thread, err := threadWake(*n, *every)
	var goTimer float64
	if err == nil {
		goTimer, err = goWake(*n, *every)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wake:", err)
		os.Exit(1)
	}
	fmt.Printf("wake thread_us=%.1f go_us=%.1f\n", thread, goTimer)
}

// threadWake sleeps in nanosleep on a thread of its own and returns that thread's CPU per wake
// in microseconds. RawSyscall keeps the runtime out: a plain syscall would wake sysmon.
func threadWake(n int, every time.Duration) (float64, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ts := syscall.NsecToTimespec(every.Nanoseconds())
	before, err := cpu(rusageThread)
	if err != nil {
		return 0, err
	}
	for range n {
		// An interrupted sleep (a signal) only ends early; the count of wakes is what matters.
		_, _, _ = syscall.RawSyscall(syscall.SYS_NANOSLEEP, uintptr(unsafe.Pointer(&ts)), 0, 0)
	}
	after, err := cpu(rusageThread)
	return perWake(before, after, n), err
}

// goWake sleeps on Go's timer and returns the process's CPU per wake in microseconds.
func goWake(n int, every time.Duration) (float64, error) {
	before, err := cpu(syscall.RUSAGE_SELF)
	if err != nil {
		return 0, err
	}
	for range n {
		time.Sleep(every)
	}
	after, err := cpu(syscall.RUSAGE_SELF)
	return perWake(before, after, n), err
}

// rusageThread is Linux's RUSAGE_THREAD, which package syscall does not name.
const rusageThread = 1

func cpu(who int) (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0, fmt.Errorf("getrusage: %w", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

func perWake(before, after time.Duration, n int) float64 {
	return float64(after-before) / float64(n) / float64(time.Microsecond)
}
