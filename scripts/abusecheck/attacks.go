package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"regexp"
	"sync"
	"time"

	"github.com/coder/websocket"
)

func (w *world) attacks() []attack {
	return []attack{
		{"one student uploading 5 MiB avatars in a loop for " + w.opts.uploadFor.String(), w.uploadLoop},
		{fmt.Sprintf("one student token opening %d websockets", w.opts.sockets), w.socketFlood},
		{fmt.Sprintf("%d unauthenticated `POST /api/login` connections sending 1 byte of body every 5 s, from 50 addresses", w.opts.slowConns), w.slowLogins},
		{"21, then 101, failed sign-ins for random emails from one address", w.addressFailures},
		{"6 wrong passwords for a named user", w.accountLockout},
		{"a NUL character in a chat message, task title or profile field", w.nulText},
		{"forgot-password with an SMTP server that refuses every mail", w.forgotPassword},
		{"25 registrations from one address, each with a forged `X-Forwarded-For`", w.forgedForwarding},
		{"Redis cut off for " + w.opts.outageFor.String(), w.redisOutage},
		{"50 registrations, 100 help requests, 60 task posts from one address or account", w.cheapWrites},
	}
}

type multipartBody struct {
	data        []byte
	contentType string
}

// noisePNG is a PNG just under 5 MiB: random pixels do not compress.
func noisePNG() ([]byte, error) {
	img := image.NewNRGBA(image.Rect(0, 0, 1100, 1150))
	for i := range img.Pix {
		img.Pix[i] = byte(rand.IntN(256))
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func avatarForm(data []byte) multipartBody {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	part, _ := mw.CreateFormFile("avatar", "avatar.png")
	_, _ = part.Write(data)
	_ = mw.Close()
	return multipartBody{data: buf.Bytes(), contentType: mw.FormDataContentType()}
}

func (w *world) uploadLoop(ctx context.Context) (string, error) {
	c := newClient("127.0.0.2", false)
	a, err := w.register(ctx, c, student("Uploader"))
	if err != nil {
		return "", err
	}
	data, err := noisePNG()
	if err != nil {
		return "", err
	}
	form := avatarForm(data)
	var statuses []int
	accepted, retryAfter := 0, ""
	for end := time.Now().Add(w.opts.uploadFor); time.Now().Before(end); {
		res := c.do(ctx, "POST", w.base+"/api/uploads/avatar", a.token, form)
		statuses = append(statuses, res.status)
		if res.status == http.StatusCreated || res.status == http.StatusOK {
			accepted++
		} else if retryAfter == "" {
			retryAfter = res.header.Get("Retry-After")
		}
	}
	refusal := "none refused"
	if retryAfter != "" {
		refusal = "first refusal's Retry-After " + retryAfter + " s"
	}
	return fmt.Sprintf("%s; %.1f MB accepted; %s", statusCounts(statuses), float64(accepted*len(data))/1e6, refusal), nil
}

func (w *world) socketFlood(ctx context.Context) (string, error) {
	c := newClient("127.0.0.3", false)
	a, err := w.register(ctx, c, student("Flooder"))
	if err != nil {
		return "", err
	}
	var mu sync.Mutex
	var refused []int
	closeCodes := map[websocket.StatusCode]int{}
	var open []*websocket.Conn
	sem := make(chan struct{}, 50)
	var wg sync.WaitGroup
	for range w.opts.sockets {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			conn, err := w.dial(ctx, c, a.token)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				var status int
				fmt.Sscanf(err.Error(), "handshake %d", &status)
				refused = append(refused, status)
				return
			}
			open = append(open, conn)
			go func() {
				_, _, err := conn.Read(context.Background())
				mu.Lock()
				closeCodes[websocket.CloseStatus(err)]++
				mu.Unlock()
			}()
		}()
	}
	wg.Wait()
	time.Sleep(time.Second)
	mu.Lock()
	opened, closed := len(open), 0
	codes := " none"
	if len(closeCodes) > 0 {
		codes = ""
	}
	for code, n := range closeCodes {
		closed += n
		codes += fmt.Sprintf(" %d×%d", n, code)
	}
	mu.Unlock()
	for _, conn := range open {
		conn.CloseNow()
	}
	refusals := "none"
	if len(refused) > 0 {
		refusals = statusCounts(refused)
	}
	return fmt.Sprintf("%d opened, %d of them closed by the server (close codes:%s), %d open at the end; handshakes refused: %s",
		opened, closed, codes, opened-closed, refusals), nil
}

func (w *world) slowLogins(ctx context.Context) (string, error) {
	var mu sync.Mutex
	var cutAfter []time.Duration
	held := 0
	var wg sync.WaitGroup
	ctx, cancel := context.WithTimeout(ctx, w.opts.slowFor)
	defer cancel()
	for i := range w.opts.slowConns {
		ip := fmt.Sprintf("127.0.0.%d", 20+i%50)
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
		conn, err := d.DialContext(ctx, "tcp", w.base[len("http://"):])
		if err != nil {
			continue
		}
		start := time.Now()
		_, err = fmt.Fprintf(conn, "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
		if err != nil {
			conn.Close()
			continue
		}
		held++
		wg.Add(2)
		go func() { // the server's side: wait until it closes the connection
			defer wg.Done()
			buf := make([]byte, 512)
			for {
				if _, err := conn.Read(buf); err != nil {
					if ctx.Err() == nil {
						mu.Lock()
						cutAfter = append(cutAfter, time.Since(start))
						mu.Unlock()
					}
					return
				}
			}
		}()
		go func() { // the attacker's side: one byte every 5 s
			defer wg.Done()
			defer conn.Close()
			tick := time.NewTicker(5 * time.Second)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
					if _, err := conn.Write([]byte(" ")); err != nil {
						return
					}
				}
			}
		}()
	}
	<-ctx.Done()
	wg.Wait()
	return fmt.Sprintf("%d connections held; the server cut off %d, median after %.1f s, last after %.1f s (the attacker gave up at %s)",
		held, len(cutAfter), median(cutAfter).Seconds(), maxOf(cutAfter).Seconds(), w.opts.slowFor), nil
}

func (w *world) addressFailures(ctx context.Context) (string, error) {
	const ip = "127.0.0.5"
	plain, trusted := newClient(ip, false), newClient(ip, true)
	cookieless, err := w.register(ctx, newClient("127.0.0.250", false), student("Campus"))
	if err != nil {
		return "", err
	}
	known, err := w.register(ctx, newClient("127.0.0.251", false), student("Regular"))
	if err != nil {
		return "", err
	}
	if res := w.signIn(ctx, trusted, known, known.password); res.status != http.StatusOK {
		return "", fmt.Errorf("device sign-in: %d", res.status)
	}
	fail := func(n int) []int {
		var statuses []int
		for range n {
			stranger := account{email: fmt.Sprintf("nobody%d@example.com", emailSeq.Add(1))}
			statuses = append(statuses, w.signIn(ctx, plain, stranger, "wrong-password").status)
		}
		return statuses
	}
	first := fail(21)
	after21 := w.signIn(ctx, plain, cookieless, cookieless.password).status
	more := fail(80)
	after101 := w.signIn(ctx, plain, cookieless, cookieless.password).status
	withCookie := w.signIn(ctx, trusted, known, known.password).status
	return fmt.Sprintf("failures answered %s, then %s; a correct password from that address without a device cookie: %d after 21 failures, %d after 101; with one: %d",
		statusCounts(first), statusCounts(more), after21, after101, withCookie), nil
}

func (w *world) accountLockout(ctx context.Context) (string, error) {
	attacker, device, newDevice := newClient("127.0.0.6", false), newClient("127.0.0.7", true), newClient("127.0.0.8", false)
	victim, err := w.register(ctx, newClient("127.0.0.252", false), student("Victim"))
	if err != nil {
		return "", err
	}
	if res := w.signIn(ctx, device, victim, victim.password); res.status != http.StatusOK {
		return "", fmt.Errorf("victim's first sign-in: %d", res.status)
	}
	var statuses []int
	for i := range 6 {
		statuses = append(statuses, w.signIn(ctx, attacker, victim, fmt.Sprint("guess-", i)).status)
	}
	right := w.signIn(ctx, attacker, victim, victim.password)
	return fmt.Sprintf("guesses answered %s; the right password from the attacker's machine: %d (Retry-After %s s); the victim on a device that signed in before: %d; on a new device: %d",
		statusCounts(statuses), right.status, right.header.Get("Retry-After"),
		w.signIn(ctx, device, victim, victim.password).status, w.signIn(ctx, newDevice, victim, victim.password).status), nil
}

func (w *world) nulText(ctx context.Context) (string, error) {
	c := newClient("127.0.0.9", false)
	s, err := w.register(ctx, c, student("Nul"))
	if err != nil {
		return "", err
	}
	chat := c.do(ctx, "POST", w.base+"/api/chat/send", s.token, map[string]any{"receiver": w.partner.id, "content": "hi\x00there"})
	task := c.do(ctx, "POST", w.base+"/api/startup/tasks", w.partner.token, taskBody("Landing\x00page"))
	profile := c.do(ctx, "POST", w.base+"/api/student/profile", s.token, map[string]any{"bio": "I\x00build things", "phone": "+15550100000"})
	return fmt.Sprintf("chat message %d, task title %d, profile field %d", chat.status, task.status, profile.status), nil
}

func taskBody(title string) map[string]any {
	return map[string]any{
		"title": title, "description": "A responsive landing page for our beta.", "workType": "technical",
		"category": "web-development", "skills": []string{"React"}, "estimatedHours": 10,
		"deadline": time.Now().AddDate(0, 1, 0).Format(time.DateOnly), "budget": map[string]any{"min": 100, "max": 300},
	}
}

func (w *world) forgotPassword(ctx context.Context) (string, error) {
	known, err := w.register(ctx, newClient("127.0.0.253", false), student("Forgetful"))
	if err != nil {
		return "", err
	}
	ask := func(ip, email string) ([]int, []time.Duration, map[string]bool) {
		c := newClient(ip, false)
		var statuses []int
		var took []time.Duration
		bodies := map[string]bool{}
		for range 3 {
			res := c.do(ctx, "POST", w.base+"/api/forgot-password", "", map[string]any{"email": email})
			statuses, took = append(statuses, res.status), append(took, res.took)
			bodies[string(res.raw)] = true
		}
		return statuses, took, bodies
	}
	ks, kt, kb := ask("127.0.0.10", known.email)
	us, ut, ub := ask("127.0.0.11", "nobody-at-all@example.com")
	same := "identical bodies"
	for b := range kb {
		if !ub[b] || len(kb) != 1 || len(ub) != 1 {
			same = "**bodies differ**"
		}
	}
	return fmt.Sprintf("known email: %s, median %s; unknown email: %s, median %s; %s",
		statusCounts(ks), ms(median(kt)), statusCounts(us), ms(median(ut)), same), nil
}

func (w *world) forgedForwarding(ctx context.Context) (string, error) {
	c := newClient("127.0.0.12", false)
	var statuses []int
	for i := range 25 {
		fields := student("Forger")
		fields["email"] = fmt.Sprintf("forger%d-%d@example.com", i, emailSeq.Add(1))
		fields["password"], fields["confirmPassword"] = "secret123", "secret123"
		res := c.do(ctx, "POST", w.base+"/api/register", "", fields, "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i+1))
		statuses = append(statuses, res.status)
	}
	compose, _ := os.ReadFile("docker-compose.yml")
	trusted := regexp.MustCompile(`TRUSTED_PROXIES:\s*(\S+)`).FindSubmatch(compose)
	setting := "not set"
	if trusted != nil {
		setting = string(trusted[1])
	}
	return fmt.Sprintf("registrations answered %s; docker-compose.yml trusts %s", statusCounts(statuses), setting), nil
}

func (w *world) redisOutage(ctx context.Context) (string, error) {
	c := newClient("127.0.0.13", true)
	s, err := w.register(ctx, c, student("Outage"))
	if err != nil {
		return "", err
	}
	measure := func(d time.Duration) (signIn, send []time.Duration, statuses []int) {
		for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(300 * time.Millisecond) {
			res := w.signIn(ctx, c, s, s.password)
			signIn, statuses = append(signIn, res.took), append(statuses, res.status)
			res = c.do(ctx, "POST", w.base+"/api/chat/send", s.token, map[string]any{"receiver": w.partner.id, "content": "during the outage"})
			send, statuses = append(send, res.took), append(statuses, res.status)
		}
		return
	}
	beforeIn, beforeSend, _ := measure(3 * time.Second)
	w.redis.cut()
	measure(time.Second) // the first second: the breaker learns Redis is gone
	duringIn, duringSend, statuses := measure(w.opts.outageFor - time.Second)
	if err := w.redis.restore(); err != nil {
		return "", err
	}
	var afterStatus int
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(500 * time.Millisecond) {
		res, err := http.Get(w.base + "/readyz")
		if err == nil {
			res.Body.Close()
			if afterStatus = res.StatusCode; afterStatus == http.StatusOK {
				break
			}
		}
	}
	return fmt.Sprintf("after the first second: sign-in median %s (max %s), chat send median %s (max %s), answers %s; before: sign-in %s, chat send %s; /readyz %d once Redis returned",
		ms(median(duringIn)), ms(maxOf(duringIn)), ms(median(duringSend)), ms(maxOf(duringSend)), statusCounts(statuses),
		ms(median(beforeIn)), ms(median(beforeSend)), afterStatus), nil
}

func (w *world) cheapWrites(ctx context.Context) (string, error) {
	reg := newClient("127.0.0.14", false)
	var registrations []int
	for range 50 {
		fields := student("Spam")
		fields["email"] = fmt.Sprintf("spam%d@example.com", emailSeq.Add(1)+time.Now().UnixNano())
		fields["password"], fields["confirmPassword"] = "secret123", "secret123"
		registrations = append(registrations, reg.do(ctx, "POST", w.base+"/api/register", "", fields).status)
	}
	help := newClient("127.0.0.15", false)
	var helps []int
	for range 100 {
		helps = append(helps, help.do(ctx, "POST", w.base+"/api/help", "", map[string]any{"phone": "+15550100000", "email": "spam@example.com"}).status)
	}
	poster := newClient("127.0.0.16", false)
	s, err := w.register(ctx, poster, startup("Spam Labs"))
	if err != nil {
		return "", errors.Join(errors.New("startup"), err)
	}
	var posts []int
	for i := range 60 {
		posts = append(posts, poster.do(ctx, "POST", w.base+"/api/startup/tasks", s.token, taskBody(fmt.Sprint("Spam task ", i))).status)
	}
	return fmt.Sprintf("registrations %s; help requests %s; task posts %s", statusCounts(registrations), statusCounts(helps), statusCounts(posts)), nil
}
