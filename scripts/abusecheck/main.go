// Command abusecheck is scripts/abuse-check.sh's attacker and bystander (docs/security.md). It
// starts a Bridgework server on PostgreSQL and Redis (through a proxy it can cut, to play a Redis
// outage) with a mail server that refuses every mail, then replays each attack of docs/security.md
// from loopback addresses 127.0.0.N while a bystander on another address signs in, polls /healthz
// and keeps a socket open. It prints one Markdown table row per attack. Every loop is bounded in
// count and time, and all traffic stays on loopback.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"
)

type options struct {
	server      string // the bridgework binary
	databaseURL string
	redisAddr   string
	port        int
	uploadFor   time.Duration
	sockets     int
	slowConns   int
	slowFor     time.Duration
	outageFor   time.Duration
}

func main() {
	var o options
	flag.StringVar(&o.server, "server", "bin/bridgework", "the server binary")
	flag.StringVar(&o.databaseURL, "database-url", "", "an empty PostgreSQL database for the server")
	flag.StringVar(&o.redisAddr, "redis", "127.0.0.1:6379", "the Redis the server reaches through the proxy")
	flag.IntVar(&o.port, "port", 18431, "the server's port")
	flag.DurationVar(&o.uploadFor, "upload-for", 20*time.Second, "how long the attacker uploads avatars")
	flag.IntVar(&o.sockets, "sockets", 1000, "websockets the attacker opens with one token")
	flag.IntVar(&o.slowConns, "slow-conns", 5000, "stalled sign-in requests the attacker holds open")
	flag.DurationVar(&o.slowFor, "slow-for", 45*time.Second, "how long the stalled requests are held")
	flag.DurationVar(&o.outageFor, "outage-for", 10*time.Second, "how long Redis is cut off")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "abusecheck:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	if o.databaseURL == "" {
		return fmt.Errorf("-database-url is required")
	}
	redisProxy, err := newProxy(o.redisAddr)
	if err != nil {
		return err
	}
	defer redisProxy.close()
	smtp, err := refusingSMTP()
	if err != nil {
		return err
	}
	defer smtp.Close()

	base := fmt.Sprintf("http://127.0.0.1:%d", o.port)
	stop, err := startServer(o, redisProxy.addr(), smtp.Addr().String())
	if err != nil {
		return err
	}
	defer stop()

	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	w := &world{base: base, ws: "ws" + strings.TrimPrefix(base, "http") + "/api/ws", redis: redisProxy, opts: o}
	if err := w.setUp(ctx); err != nil {
		return fmt.Errorf("set up: %w", err)
	}
	fmt.Println("| what was tried | what the attacker got | what a bystander saw |")
	fmt.Println("|---|---|---|")
	for _, attack := range w.attacks() {
		row, err := w.replay(ctx, attack)
		if err != nil {
			return fmt.Errorf("%s: %w", attack.name, err)
		}
		fmt.Println(row)
	}
	return nil
}

// startServer runs the server with the product's default limits on its own database, Redis key
// prefix and mail server, and waits until it is ready.
func startServer(o options, redisAddr, smtpAddr string) (stop func(), err error) {
	dataDir, err := os.MkdirTemp("", "abusecheck-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(o.server)
	cmd.Env = append(os.Environ(),
		fmt.Sprintf("PORT=%d", o.port), "DATABASE_URL="+o.databaseURL,
		"REDIS_URL=redis://"+redisAddr+"/0", fmt.Sprintf("REDIS_PREFIX=abuse%d:", time.Now().UnixNano()),
		"JWT_SECRET=abuse-check-secret-abuse-check-secret-0", "CREDENTIAL_SIGNING_KEY=YWJ1c2UtY2hlY2sta2V5LWFidXNlLWNoZWNrLWtleS0=", "DATA_DIR="+dataDir, "STATIC_DIR="+dataDir,
		"SMTP_ADDR="+smtpAddr, "ADMIN_PASSWORD=abuse-check-admin", "LOG_LEVEL=error",
		fmt.Sprintf("PUBLIC_URL=http://127.0.0.1:%d", o.port))
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stop = func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
		}
		_ = os.RemoveAll(dataDir)
	}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		if res, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/readyz", o.port)); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return stop, nil
			}
		}
	}
	stop()
	return nil, fmt.Errorf("the server did not become ready")
}

// refusingSMTP is a mail server that greets and then refuses every mail with 554.
func refusingSMTP() (net.Listener, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				_ = c.SetDeadline(time.Now().Add(10 * time.Second))
				fmt.Fprint(c, "554 5.3.0 no mail accepted here\r\n")
			}()
		}
	}()
	return l, nil
}
