package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// calls are the timed REST calls in report order; "delivery" is a chat message's trip from when
// it was due to be sent to its arrival on the partner's socket.
var calls = []string{"student/dashboard", "startup/dashboard", "tasks", "chat/send", "student/tasks/:id/submit-link"}

// stepStats is what one step measured.
type stepStats struct {
	users    int
	inflight atomic.Int64

	mu       sync.Mutex
	closed   bool // counted: a late record is dropped
	latency  map[string][]time.Duration
	delivery []time.Duration
	errs     map[string]int
	firstErr map[string]string

	cpu     cpuShare
	rssMiB  float64
	sockets int
	loadavg string
	verdict string // why the step did not hold; empty if it held
}

func (st *stepStats) record(name string, took time.Duration, err error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.closed {
		return
	}
	if err != nil {
		st.errs[name]++
		if st.firstErr == nil {
			st.firstErr = map[string]string{}
		}
		if _, ok := st.firstErr[name]; !ok {
			st.firstErr[name] = err.Error()
		}
		return
	}
	st.latency[name] = append(st.latency[name], took)
}

func (st *stepStats) delivered(took time.Duration) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.closed {
		return
	}
	st.delivery = append(st.delivery, took)
}

// percentile of durations in milliseconds (0 for none); it sorts them.
func percentile(d []time.Duration, p float64) float64 {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return float64(d[min(len(d)-1, int(p*float64(len(d))))].Microseconds()) / 1000
}

func (st *stepStats) errorCount() int {
	n := 0
	for _, c := range st.errs {
		n += c
	}
	return n
}

// judge says why the step did not hold, or "" if it held.
func (st *stepStats) judge(restP99, deliveryP99 time.Duration) string {
	var why []string
	for _, name := range calls {
		if p := percentile(st.latency[name], 0.99); p > float64(restP99.Milliseconds()) {
			why = append(why, fmt.Sprintf("REST p99 of %s %.0f ms > %s", name, p, restP99))
		}
	}
	if p := percentile(st.delivery, 0.99); p > float64(deliveryP99.Milliseconds()) {
		why = append(why, fmt.Sprintf("delivery p99 %.0f ms > %s", p, deliveryP99))
	}
	for name, n := range st.errs {
		if n > 0 {
			why = append(why, fmt.Sprintf("%d errors in %s (first: %s)", n, name, st.firstErr[name]))
		}
	}
	slices.Sort(why)
	return strings.Join(why, "; ")
}

// line is the step's figures on one line.
func (st *stepStats) line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "STEP users=%d sockets=%d loadavg=%q", st.users, st.sockets, st.loadavg)
	for _, name := range append(slices.Clone(calls), "delivery") {
		d := st.latency[name]
		if name == "delivery" {
			d = st.delivery
		}
		fmt.Fprintf(&b, " %s=n:%d,p50:%.1f,p99:%.1f,max:%.1f", name, len(d), percentile(d, 0.5), percentile(d, 0.99), percentile(d, 1))
	}
	fmt.Fprintf(&b, " errors=%d cpu_server=%.0f%% cpu_postgres=%.0f%% cpu_redis=%.0f%% cpu_wsload=%.0f%% cpu_ms_per_user_minute=%.1f rss_mib=%.0f held=%t",
		st.errorCount(), st.cpu.server, st.cpu.postgres, st.cpu.redis, st.cpu.self, st.cpuPerUserMinute(), st.rssMiB, st.verdict == "")
	if st.verdict != "" {
		b.WriteString(" why=" + strconv.Quote(st.verdict))
	}
	return b.String()
}

// cpuPerUserMinute is the product's CPU (instance, PostgreSQL, Redis; not the load generator)
// per user and minute, in ms: what a user costs whoever else shares the cores.
func (st *stepStats) cpuPerUserMinute() float64 {
	// 1 % of a core for a minute is 600 ms.
	return (st.cpu.server + st.cpu.postgres + st.cpu.redis) * 600 / float64(st.users)
}

// report prints the steps as a Markdown table (p99 in ms, CPU in % of one core) and the verdict.
func report(steps []*stepStats) {
	fmt.Println()
	fmt.Println("| users | student dashboard | startup dashboard | tasks | chat send | submit link | delivery | errors | CPU server · PostgreSQL · Redis · wsload | CPU per user-minute | instance RSS | load avg |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|")
	served, gave := 0, "nothing: every step held"
	for _, st := range steps {
		fmt.Printf("| %d | ", st.users)
		for _, name := range calls {
			fmt.Printf("%.0f | ", percentile(st.latency[name], 0.99))
		}
		fmt.Printf("%.0f | %d | %.0f · %.0f · %.0f · %.0f %% | %.1f ms | %.0f MiB | %s |\n", percentile(st.delivery, 0.99), st.errorCount(),
			st.cpu.server, st.cpu.postgres, st.cpu.redis, st.cpu.self, st.cpuPerUserMinute(), st.rssMiB, st.loadavg)
		if st.verdict == "" {
			served = st.users
		} else {
			gave = fmt.Sprintf("at %d users: %s", st.users, st.verdict)
		}
	}
	// What the product's CPU alone would allow with both cores to itself, from the last step's cost
	// per user: an upper bound, since the tail gives before the cores are full.
	last := steps[len(steps)-1]
	fmt.Printf("RESULT capacity users_served=%d gave_first=%q cpu_ms_per_user_minute=%.1f users_at_2_full_cores=%.0f\n",
		served, gave, last.cpuPerUserMinute(), 2*60_000/last.cpuPerUserMinute())
}

// cpuShare is the CPU each process used over a step, in % of one core.
type cpuShare struct{ server, postgres, redis, self float64 }

// cpuStart is the CPU ticks of the processes at a step's start. PostgreSQL is its postmaster
// (with what its exited children used) and every live child: backends and background workers.
type cpuStart struct {
	at                                 time.Time
	serverPID, redisPID, postmasterPID int
	server, redis, self                int64
	postgres                           map[int]int64
}

func startCPU(serverPID, redisPID, postmasterPID int) *cpuStart {
	return &cpuStart{at: time.Now(), serverPID: serverPID, redisPID: redisPID, postmasterPID: postmasterPID,
		server: ticks(serverPID), redis: ticks(redisPID), self: ticks(os.Getpid()), postgres: clusterTicks(postmasterPID)}
}

// percent is the share of a core each used since the start; /proc counts in 1/100 s (USER_HZ).
func (c *cpuStart) percent() cpuShare {
	share := func(ticks int64) float64 { return float64(ticks) / time.Since(c.at).Seconds() }
	var postgres int64
	for pid, t := range clusterTicks(c.postmasterPID) {
		postgres += t - c.postgres[pid]
	}
	return cpuShare{server: share(ticks(c.serverPID) - c.server), postgres: share(postgres),
		redis: share(ticks(c.redisPID) - c.redis), self: share(ticks(os.Getpid()) - c.self)}
}

// stat is the fields of /proc/PID/stat after the command name, which is in parentheses and may
// hold spaces: [1] is the parent, [11] and [12] the user and system time, [13] and [14] those
// of the children it has waited for.
func stat(pid int) []string {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	fields := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:]))
	if len(fields) < 15 {
		return nil
	}
	return fields
}

func sum(fields []string, at ...int) int64 {
	var t int64
	for _, i := range at {
		n, _ := strconv.ParseInt(fields[i], 10, 64)
		t += n
	}
	return t
}

// ticks is the user and system CPU time of a process, 0 if there is none.
func ticks(pid int) int64 {
	if f := stat(pid); pid > 0 && f != nil {
		return sum(f, 11, 12)
	}
	return 0
}

// clusterTicks is the CPU time of a PostgreSQL cluster by process: the postmaster's own and its
// exited children's, and each live child's.
func clusterTicks(postmaster int) map[int]int64 {
	out := map[int]int64{}
	if f := stat(postmaster); postmaster > 0 && f != nil {
		out[postmaster] = sum(f, 11, 12, 13, 14)
	} else {
		return out
	}
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, dir := range dirs {
		pid, err := strconv.Atoi(filepath.Base(dir))
		if err != nil {
			continue
		}
		if f := stat(pid); f != nil && f[1] == strconv.Itoa(postmaster) {
			out[pid] = sum(f, 11, 12)
		}
	}
	return out
}
