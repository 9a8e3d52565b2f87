package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"sort"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// client is one machine: its loopback address, and a cookie jar when it keeps cookies (a
// browser that received a bw_device cookie sends it again).
type client struct {
	ip   string
	http *http.Client
}

var emailSeq atomic.Int64

func newClient(ip string, withCookies bool) *client {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	c := &client{ip: ip, http: &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: 64},
	}}
	if withCookies {
		c.http.Jar, _ = cookiejar.New(nil)
	}
	return c
}

// reply is an answer: status, raw body, decoded JSON and headers.
type reply struct {
	status int
	raw    []byte
	body   map[string]any
	header http.Header
	took   time.Duration
}

func (r reply) str(name string) string { s, _ := r.body[name].(string); return s }

func (c *client) do(ctx context.Context, method, url, token string, body any, header ...string) reply {
	var reader io.Reader
	contentType := "application/json"
	switch b := body.(type) {
	case nil:
	case multipartBody:
		reader, contentType = bytes.NewReader(b.data), b.contentType
	default:
		raw, _ := json.Marshal(b)
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, reader)
	if err != nil {
		return reply{status: -1}
	}
	req.Header.Set("Content-Type", contentType)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	start := time.Now()
	res, err := c.http.Do(req)
	if err != nil {
		return reply{status: 0, took: time.Since(start)}
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := reply{status: res.StatusCode, raw: raw, header: res.Header, took: time.Since(start)}
	_ = json.Unmarshal(raw, &out.body)
	return out
}

// account is a registered user.
type account struct {
	id, email, password, token string
}

func (w *world) register(ctx context.Context, c *client, fields map[string]any) (account, error) {
	a := account{email: fmt.Sprintf("abuse%d-%d@example.com", time.Now().UnixNano(), emailSeq.Add(1)), password: "secret123"}
	fields["email"], fields["password"], fields["confirmPassword"] = a.email, a.password, a.password
	res := c.do(ctx, "POST", w.base+"/api/register", "", fields)
	if res.status != http.StatusCreated {
		return a, fmt.Errorf("register from %s: %d %s", c.ip, res.status, res.raw)
	}
	user, _ := res.body["user"].(map[string]any)
	a.id, _ = user["_id"].(string)
	a.token = res.str("token")
	return a, nil
}

func student(first string) map[string]any {
	return map[string]any{"userType": "student", "firstName": first, "lastName": "Tester"}
}

func startup(name string) map[string]any {
	return map[string]any{"userType": "startup", "companyName": name}
}

// signIn signs a in from c and returns the answer.
func (w *world) signIn(ctx context.Context, c *client, a account, password string) reply {
	return c.do(ctx, "POST", w.base+"/api/login", "", map[string]any{"email": a.email, "password": password})
}

// dial opens an authenticated websocket from c.
func (w *world) dial(ctx context.Context, c *client, token string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, res, err := websocket.Dial(ctx, w.ws, &websocket.DialOptions{HTTPClient: c.http})
	if err != nil {
		if res != nil {
			return nil, fmt.Errorf("handshake %d", res.StatusCode)
		}
		return nil, err
	}
	auth, _ := json.Marshal(map[string]any{"type": "auth", "data": map[string]string{"token": token}})
	if err := conn.Write(ctx, websocket.MessageText, auth); err != nil {
		conn.CloseNow()
		return nil, err
	}
	_, data, err := conn.Read(ctx)
	if err != nil {
		conn.CloseNow()
		return nil, err
	}
	var first struct{ Type string }
	if json.Unmarshal(data, &first) != nil || first.Type != "ready" {
		conn.CloseNow()
		return nil, fmt.Errorf("first frame %s", data)
	}
	return conn, nil
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func maxOf(ds []time.Duration) time.Duration {
	var m time.Duration
	for _, d := range ds {
		m = max(m, d)
	}
	return m
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000) }

// statusCounts renders how many answers had each status, e.g. "20×201, 30×429".
func statusCounts(statuses []int) string {
	counts := map[int]int{}
	var keys []int
	for _, s := range statuses {
		if counts[s] == 0 {
			keys = append(keys, s)
		}
		counts[s]++
	}
	sort.Ints(keys)
	out := ""
	for i, k := range keys {
		if i > 0 {
			out += ", "
		}
		label := fmt.Sprint(k)
		if k == 0 {
			label = "no answer"
		}
		out += fmt.Sprintf("%d×%s", counts[k], label)
	}
	return out
}
