package testenv

import (
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// SMTPSink is a real mail server, Debian's python3-aiosmtpd (./scripts/test.sh installs it),
// keeping what it receives in a Maildir.
type SMTPSink struct {
	Addr string
	dir  string
}

// ReceivedMail is a mail the sink received, parsed: its header, and its text and HTML parts.
type ReceivedMail struct {
	Header     mail.Header
	Text, HTML string
}

// StartSMTP starts a mail server on a free port for the test's lifetime.
func StartSMTP(t testing.TB) *SMTPSink {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	dir := t.TempDir()
	cmd := exec.Command("/usr/bin/python3", "-m", "aiosmtpd", "-n", "-l", addr,
		"-c", "aiosmtpd.handlers.Mailbox", filepath.Join(dir, "Maildir"))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start aiosmtpd (apt-get install python3-aiosmtpd): %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if conn, err := net.Dial("tcp", addr); err == nil {
			conn.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("aiosmtpd did not listen on %s (is python3-aiosmtpd installed?)", addr)
		}
	}
	return &SMTPSink{Addr: addr, dir: filepath.Join(dir, "Maildir", "new")}
}

// Mails returns what the server received so far, oldest first.
func (s *SMTPSink) Mails(t testing.TB) []ReceivedMail {
	t.Helper()
	entries, _ := os.ReadDir(s.dir)
	type file struct {
		at   time.Time
		name string
	}
	var files []file
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			files = append(files, file{info.ModTime(), e.Name()})
		}
	}
	slices.SortFunc(files, func(a, b file) int { return a.at.Compare(b.at) })
	var out []ReceivedMail
	for _, f := range files {
		raw, err := os.ReadFile(filepath.Join(s.dir, f.name))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, parseMail(t, string(raw)))
	}
	return out
}

// WaitMails waits up to 10 s for n mails, calling deliver (the outbox worker) each time.
func (s *SMTPSink) WaitMails(t testing.TB, n int, deliver func()) []ReceivedMail {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		deliver()
		if mails := s.Mails(t); len(mails) >= n || time.Now().After(deadline) {
			return mails
		}
	}
}

func parseMail(t testing.TB, raw string) ReceivedMail {
	m, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatalf("parse mail: %v\n%s", err, raw)
	}
	out := ReceivedMail{Header: m.Header}
	kind, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil {
		t.Fatalf("content type: %v", err)
	}
	if !strings.HasPrefix(kind, "multipart/") {
		body, _ := io.ReadAll(m.Body)
		out.Text = string(body)
		return out
	}
	parts := multipart.NewReader(m.Body, params["boundary"])
	for {
		p, err := parts.NextPart()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("mail part: %v", err)
		}
		body, _ := io.ReadAll(p)
		switch ct := p.Header.Get("Content-Type"); {
		case strings.HasPrefix(ct, "text/plain"):
			out.Text = string(body)
		case strings.HasPrefix(ct, "text/html"):
			out.HTML = string(body)
		default:
			t.Fatalf("unexpected part %s", ct)
		}
	}
}

// String shows a mail in a failure message.
func (m ReceivedMail) String() string {
	return fmt.Sprintf("To: %s\nSubject: %s\n\n%s", m.Header.Get("To"), m.Header.Get("Subject"), m.Text)
}
