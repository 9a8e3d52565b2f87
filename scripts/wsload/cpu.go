package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/config"
)

// cpuProbe adds up the CPU time of the processes that serve a phase: the named ones (instances,
// Redis) and the PostgreSQL backends connected to the benchmark's database, from
// /proc/<pid>/stat, plus this load generator's own from getrusage, reported apart.
type cpuProbe struct {
	named map[string][]int // group → pids
	db    *gorm.DB         // one connection, held from the start: the server may have none to spare later
}

// cpuSample is CPU time so far per group; "pg" is the database's backends, "loadgen" this process.
type cpuSample map[string]time.Duration

// newCPUProbe reads groups as "a=123,b=456,redis=789" (several pids of one group with "+").
func newCPUProbe(ctx context.Context, spec string) (*cpuProbe, error) {
	cfg, err := config.Load()
	if err != nil {
		return nil, err
	}
	db, _, err := openDB(ctx, cfg.DatabaseURL, 1)
	if err != nil {
		return nil, err
	}
	p := &cpuProbe{named: map[string][]int{}, db: db}
	for _, part := range strings.Split(spec, ",") {
		if part == "" {
			continue
		}
		name, pids, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("cpu group %q: want name=pid", part)
		}
		for _, s := range strings.Split(pids, "+") {
			pid, err := strconv.Atoi(s)
			if err != nil {
				return nil, fmt.Errorf("cpu group %q: %w", part, err)
			}
			p.named[name] = append(p.named[name], pid)
		}
	}
	return p, nil
}

// sample reads every group now. PostgreSQL's backends are looked up each time: a pool may have
// opened one since the last sample (one that closed in between is not counted).
func (p *cpuProbe) sample(ctx context.Context) (cpuSample, error) {
	out := cpuSample{}
	for name, pids := range p.named {
		for _, pid := range pids {
			out[name] += procCPU(pid)
		}
	}
	pg, err := p.backendPIDs(ctx)
	if err != nil {
		return nil, err
	}
	for _, pid := range pg {
		out["pg"] += procCPU(pid)
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		out["loadgen"] = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return out, nil
}

// settle waits until the servers (every group but the load generator) have used less than
// quietShare of one core over quietWindow, or quietMax has passed, and returns the last sample.
// An instance holding 10,000 idle sockets never goes below a tenth of a core (their heartbeats),
// so quiet is below 30 %; working through 10,000 connections' presence takes most of a core.
func (p *cpuProbe) settle(ctx context.Context) (cpuSample, error) {
	const (
		quietWindow = 500 * time.Millisecond
		quietShare  = 0.3
		quietMax    = 60 * time.Second
	)
	last, err := p.sample(ctx)
	if err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(quietMax); ; {
		time.Sleep(quietWindow)
		now, err := p.sample(ctx)
		if err != nil {
			return nil, err
		}
		used := serversCPU(last, now)
		last = now
		if used < time.Duration(quietShare*float64(quietWindow)) || time.Now().After(deadline) {
			return now, nil
		}
	}
}

// serversCPU is the CPU time that every group but the load generator used between two samples.
func serversCPU(before, after cpuSample) time.Duration {
	var used time.Duration
	for name, d := range after {
		if name != "loadgen" {
			used += d - before[name]
		}
	}
	return used
}

// clockTick is the unit of /proc/<pid>/stat's CPU times: USER_HZ, 100 on Linux.
const clockTick = 10 * time.Millisecond

// procCPU is a process's user + system time, or 0 when it is gone.
func procCPU(pid int) time.Duration {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// Fields after the command name, which is in parentheses and may hold spaces: utime and
	// stime are the 14th and 15th fields of the line, the 12th and 13th after ")".
	_, rest, _ := strings.Cut(string(raw), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * clockTick
}

// backendPIDs lists the PostgreSQL backends connected to the benchmark's database, other than
// the probe's own.
func (p *cpuProbe) backendPIDs(ctx context.Context) ([]int, error) {
	var pids []int
	err := p.db.WithContext(ctx).Raw(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`).
		Scan(&pids).Error
	return pids, err
}

// perOp formats the CPU time spent between two samples per op, in ms, per group and in total
// (without the load generator, which is reported apart).
func perOp(before, after cpuSample, ops int) string {
	if ops == 0 {
		return ""
	}
	ms := func(d time.Duration) float64 { return d.Seconds() * 1000 / float64(ops) }
	var total time.Duration
	var b strings.Builder
	for _, name := range []string{"a", "b", "pg", "redis"} {
		if _, ok := after[name]; !ok {
			continue
		}
		d := after[name] - before[name]
		total += d
		fmt.Fprintf(&b, " cpu_%s_ms=%.3f", name, ms(d))
	}
	fmt.Fprintf(&b, " cpu_ms=%.3f cpu_loadgen_ms=%.3f", ms(total), ms(after["loadgen"]-before["loadgen"]))
	return b.String()
}
