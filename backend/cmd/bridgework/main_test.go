package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestServer_runsFromEnvironmentAndDrainsOnSIGTERM starts the real binary on the embedded
// default, signs a student up, opens a websocket, and sends SIGTERM: the socket must close with
// 1001 (going away) and the process must exit cleanly after logging one JSON line per request.
func TestServer_runsFromEnvironmentAndDrainsOnSIGTERM(t *testing.T) {
	dir := t.TempDir()
	bin := buildServer(t, dir)
	port := freePort(t)
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	var logs lockedBuffer
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(),
		"PORT="+strconv.Itoa(port), "DATA_DIR="+filepath.Join(dir, "data"), "STATIC_DIR="+dir,
		"DATABASE_URL=", "REDIS_URL=", "JWT_SECRET=", "LOG_FORMAT=json", "SHUTDOWN_TIMEOUT=5s",
		"ADMIN_EMAIL=admin@example.com", "ADMIN_PASSWORD=",
	)
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	waitReady(t, base+"/readyz")

	if _, err := os.Stat(filepath.Join(dir, "data", "bridgework.db")); err != nil {
		t.Errorf("embedded default did not create its SQLite file: %v", err)
	}
	if !strings.Contains(logs.String(), "Admin account created: admin@example.com  password: ") {
		t.Errorf("generated admin password was not printed:\n%s", logs.String())
	}
	token := register(t, base)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws://127.0.0.1:"+strconv.Itoa(port)+"/api/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	auth, _ := json.Marshal(map[string]any{"type": "auth", "data": map[string]string{"token": token}})
	if err := conn.Write(ctx, websocket.MessageText, auth); err != nil {
		t.Fatal(err)
	}
	if _, frame, err := conn.Read(ctx); err != nil || !strings.Contains(string(frame), `"ready"`) {
		t.Fatalf("first frame %q, %v; want ready", frame, err)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	_, _, err = conn.Read(ctx)
	if status := websocket.CloseStatus(err); status != websocket.StatusGoingAway {
		t.Errorf("socket closed with %v (%v), want 1001 going away", status, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit after SIGTERM: %v\n%s", err, logs.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop within 10 s of SIGTERM")
	}

	requests := 0
	sc := bufio.NewScanner(strings.NewReader(logs.String()))
	for sc.Scan() {
		var line map[string]any
		if json.Unmarshal(sc.Bytes(), &line) != nil || line["msg"] != "request" {
			continue
		}
		requests++
		if id, _ := line["request_id"].(string); id == "" || line["route"] == nil || line["status"] == nil {
			t.Errorf("request log line lacks request_id, route or status: %s", sc.Text())
		}
	}
	if requests < 2 {
		t.Errorf("%d request log lines, want one per request:\n%s", requests, logs.String())
	}
	if !strings.Contains(logs.String(), `"msg":"stopped"`) {
		t.Errorf("no orderly stop in the log:\n%s", logs.String())
	}
}

// TestServer_listensOnHostOnly: with HOST=127.0.0.1 the server is reached at that address and
// at no other of the machine's (here 127.0.0.3, loopback too but another address).
func TestServer_listensOnHostOnly(t *testing.T) {
	dir := t.TempDir()
	port := strconv.Itoa(freePort(t))
	cmd := exec.Command(buildServer(t, dir))
	cmd.Env = append(os.Environ(), "HOST=127.0.0.1", "PORT="+port, "DATA_DIR="+filepath.Join(dir, "data"),
		"STATIC_DIR="+dir, "DATABASE_URL=", "REDIS_URL=", "JWT_SECRET=", "PUBLIC_URL=", "TRUSTED_PROXIES=")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	waitReady(t, "http://127.0.0.1:"+port+"/readyz")
	if conn, err := net.DialTimeout("tcp", "127.0.0.3:"+port, time.Second); err == nil {
		conn.Close()
		t.Errorf("the server listening on HOST=127.0.0.1 accepted a connection at 127.0.0.3")
	}
}

// buildServer builds the server into dir and returns the binary's path.
func buildServer(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "bridgework")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

func TestServer_refusesBadConfiguration(t *testing.T) {
	cmd := exec.Command("go", "run", ".")
	cmd.Env = append(os.Environ(), "PORT=eighty", "DATA_DIR="+t.TempDir())
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !strings.Contains(string(out), "PORT") {
		t.Errorf("PORT=eighty: err %v, output %s; want a failing start naming PORT", err, out)
	}
}

// lockedBuffer collects the child's output, written by exec's copying goroutine while the test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func waitReady(t *testing.T, url string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(url); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s never became ready", url)
}

func register(t *testing.T, base string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]string{
		"email": "drain@example.com", "password": "secret123", "confirmPassword": "secret123",
		"firstName": "Dr", "lastName": "Ain",
	})
	res, err := http.Post(base+"/api/register", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var session struct{ Token string }
	if err := json.NewDecoder(res.Body).Decode(&session); err != nil || session.Token == "" {
		t.Fatalf("register: %d %v", res.StatusCode, err)
	}
	return session.Token
}
