package httpapi_test

import (
	"bufio"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// smtpServer is a real SMTP peer on loopback for the mail tests: it speaks the protocol to
// net/smtp and can be told to refuse every mail or to hang after accepting the connection.
type smtpServer struct {
	t        *testing.T
	listener net.Listener
	mu       sync.Mutex
	mode     string // "accept", "refuse" or "hang"
	received []receivedMail
}

type receivedMail struct{ to, data string }

func newSMTPServer(t *testing.T, mode string) *smtpServer {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpServer{t: t, listener: l, mode: mode}
	go s.serve()
	t.Cleanup(func() { l.Close() })
	return s
}

func (s *smtpServer) addr() string { return s.listener.Addr().String() }

func (s *smtpServer) setMode(mode string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mode = mode
}

func (s *smtpServer) mails() []receivedMail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]receivedMail(nil), s.received...)
}

// waitMails waits until n mails arrived, or 10 s.
func (s *smtpServer) waitMails(n int) []receivedMail {
	deadline := time.Now().Add(10 * time.Second)
	for len(s.mails()) < n && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	return s.mails()
}

func (s *smtpServer) serve() {
	for {
		conn, err := s.listener.Accept()
		if err != nil {
			return
		}
		go s.session(conn)
	}
}

func (s *smtpServer) session(conn net.Conn) {
	defer conn.Close()
	s.mu.Lock()
	mode := s.mode
	s.mu.Unlock()
	if mode == "hang" {
		time.Sleep(time.Minute) // the client's deadline must cut this
		return
	}
	r := bufio.NewReader(conn)
	reply := func(line string) { _, _ = conn.Write([]byte(line + "\r\n")) }
	reply("220 test ESMTP")
	var to string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			reply("250 test")
		case strings.HasPrefix(cmd, "MAIL FROM"):
			if mode == "refuse" {
				reply("451 4.3.0 try again later")
				continue
			}
			reply("250 ok")
		case strings.HasPrefix(cmd, "RCPT TO"):
			to = strings.Trim(strings.TrimSpace(line)[len("RCPT TO:"):], "<>")
			reply("250 ok")
		case cmd == "DATA":
			reply("354 go ahead")
			var data strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				data.WriteString(l)
			}
			s.mu.Lock()
			s.received = append(s.received, receivedMail{to: to, data: data.String()})
			s.mu.Unlock()
			reply("250 queued")
		case cmd == "QUIT":
			reply("221 bye")
			return
		default:
			reply("250 ok")
		}
	}
}
