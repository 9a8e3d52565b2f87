// Package mail sends the product's few emails (password reset links). The default Mailer writes
// them to the log, so the embedded setup needs no mail server; SMTP is used when configured.
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/smtp"
	"strings"
)

// Message is one plain-text email.
type Message struct {
	To      string
	Subject string
	Body    string
}

// Mailer sends messages.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// Log is a Mailer that writes each message to the log instead of sending it.
type Log struct{ Logger *slog.Logger }

func (l Log) Send(_ context.Context, m Message) error {
	l.Logger.Info("mail (not sent: no SMTP_ADDR configured)", "to", m.To, "subject", m.Subject, "body", m.Body)
	return nil
}

// SMTP sends messages through a mail server.
type SMTP struct {
	Addr     string // host:port
	From     string
	User     string
	Password string
}

func (s SMTP) Send(_ context.Context, m Message) error {
	var auth smtp.Auth
	if s.User != "" {
		host, _, _ := net.SplitHostPort(s.Addr)
		auth = smtp.PlainAuth("", s.User, s.Password, host)
	}
	// Header values come from our own templates and a validated address, never raw user text,
	// so no header injection is possible; strip line breaks anyway as a second guard.
	clean := func(v string) string { return strings.NewReplacer("\r", "", "\n", "").Replace(v) }
	body := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		clean(s.From), clean(m.To), clean(m.Subject), m.Body)
	return smtp.SendMail(s.Addr, auth, addressOf(s.From), []string{clean(m.To)}, []byte(body))
}

// addressOf extracts the bare address from "Name <addr>".
func addressOf(from string) string {
	if i, j := strings.LastIndex(from, "<"), strings.LastIndex(from, ">"); i >= 0 && j > i {
		return from[i+1 : j]
	}
	return from
}
