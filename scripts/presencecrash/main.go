// Command presencecrash is one round of scripts/presence-crash.sh (figures in docs/security.md,
// "Presence after a crash"). On two running instances that share PostgreSQL and Redis it
// registers a student and a startup who have chatted, connects the student's websocket to the
// first instance and the startup's to the second, waits until the startup sees the student
// online, lets a random part of two heartbeats pass (a real crash falls anywhere between two),
// SIGKILLs the first instance and measures how long the startup's socket waits for the
// student's presence-offline event.
//
//	presencecrash -a http://127.0.0.1:18421 -b http://127.0.0.1:18422 -kill PID -heartbeat 4s -within 30s
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/coder/websocket"
)

func main() {
	a := flag.String("a", "", "base URL of the instance to kill")
	b := flag.String("b", "", "base URL of the instance that stays")
	pid := flag.Int("kill", 0, "process id of the instance at -a")
	heartbeat := flag.Duration("heartbeat", 4*time.Second, "the instances' PRESENCE_HEARTBEAT")
	within := flag.Duration("within", 30*time.Second, "give up waiting after this")
	flag.Parse()
	if *a == "" || *b == "" || *pid == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := round(*a, *b, *pid, *heartbeat, *within); err != nil {
		fmt.Fprintln(os.Stderr, "presencecrash:", err)
		os.Exit(1)
	}
}

type user struct{ id, token string }

func round(a, b string, pid int, heartbeat, within time.Duration) error {
	ctx := context.Background()
	student, err := register(a, map[string]any{"userType": "student", "firstName": "Ada", "lastName": "Crash"})
	if err != nil {
		return err
	}
	startup, err := register(a, map[string]any{"userType": "startup", "companyName": "Acme Crash"})
	if err != nil {
		return err
	}
	if _, err := post(a+"/api/chat/send", student.token, map[string]any{"receiver": startup.id, "content": "hello"}); err != nil {
		return err
	}
	partner, err := connect(ctx, b, startup)
	if err != nil {
		return err
	}
	defer partner.CloseNow()
	doomed, err := connect(ctx, a, student)
	if err != nil {
		return err
	}
	defer doomed.CloseNow()
	if _, err := waitPresence(ctx, partner, student.id, true, 10*time.Second); err != nil {
		return err
	}
	time.Sleep(rand.N(2 * heartbeat))
	killed := time.Now()
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		return fmt.Errorf("kill %d: %w", pid, err)
	}
	at, err := waitPresence(ctx, partner, student.id, false, within)
	if err != nil {
		return err
	}
	fmt.Printf("RESULT kill_to_offline_ms=%d\n", at.Sub(killed).Milliseconds())
	return nil
}

// waitPresence reads frames until the presence event saying userID is online (or not), and
// returns when it arrived.
func waitPresence(ctx context.Context, conn *websocket.Conn, userID string, online bool, within time.Duration) (time.Time, error) {
	ctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	want := fmt.Sprintf(`{"userId":%q,"online":%v}`, userID, online)
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return time.Time{}, fmt.Errorf("waiting for %s: %w", want, err)
		}
		var ev struct {
			Type string          `json:"type"`
			Data json.RawMessage `json:"data"`
		}
		if json.Unmarshal(data, &ev) == nil && ev.Type == "presence" && strings.Contains(string(ev.Data), want) {
			return time.Now(), nil
		}
	}
}

func connect(ctx context.Context, base string, u user) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/ws", nil)
	if err != nil {
		return nil, err
	}
	auth, _ := json.Marshal(map[string]any{"type": "auth", "data": map[string]string{"token": u.token}})
	if err := conn.Write(ctx, websocket.MessageText, auth); err != nil {
		return nil, err
	}
	_, data, err := conn.Read(ctx)
	if err != nil || !bytes.Contains(data, []byte(`"ready"`)) {
		return nil, fmt.Errorf("no ready frame: %s %v", data, err)
	}
	return conn, nil
}

func register(base string, fields map[string]any) (user, error) {
	fields["email"] = fmt.Sprintf("crash%d@example.com", rand.Int64())
	fields["password"], fields["confirmPassword"] = "secret123", "secret123"
	body, err := post(base+"/api/register", "", fields)
	if err != nil {
		return user{}, err
	}
	var res struct {
		Token string `json:"token"`
		User  struct {
			ID string `json:"_id"`
		} `json:"user"`
	}
	if err := json.Unmarshal(body, &res); err != nil || res.Token == "" {
		return user{}, fmt.Errorf("register: %s", body)
	}
	return user{id: res.User.ID, token: res.Token}, nil
}

func post(url, token string, body any) ([]byte, error) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var out bytes.Buffer
	_, _ = out.ReadFrom(res.Body)
	if res.StatusCode >= 300 {
		return nil, errors.New(res.Status + " " + url + ": " + out.String())
	}
	return out.Bytes(), nil
}
