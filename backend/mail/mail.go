// Package mail sends the product's few emails (password reset and company verification links)
// through an outbox table and a worker (outbox.go). The default Mailer writes them to the log, so
// the embedded setup needs no mail server; SMTP is used when configured.
package mail

import (
	"context"
	"crypto/tls"
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

// Send delivers m within ctx's deadline, upgrading to TLS when the server offers it.
func (s SMTP) Send(ctx context.Context, m Message) error {
	host, _, _ := net.SplitHostPort(s.Addr)
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", s.Addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		return err
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: host}); err != nil {
			return err
		}
	}
	if s.User != "" {
		if err := c.Auth(smtp.PlainAuth("", s.User, s.Password, host)); err != nil {
			return err
		}
	}
	// Header values come from our own templates and a validated address, never raw user text,
	// so no header injection is possible; strip line breaks anyway as a second guard.
	clean := func(v string) string { return strings.NewReplacer("\r", "", "\n", "").Replace(v) }
	if err := c.Mail(addressOf(s.From)); err != nil {
		return err
	}
	if err := c.Rcpt(clean(m.To)); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "From: %s\r\nTo: %s\r\nSubject: %s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		clean(s.From), clean(m.To), clean(m.Subject), m.Body)
	if err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// addressOf extracts the bare address from "Name <addr>".
func addressOf(from string) string {
	if i, j := strings.LastIndex(from, "<"), strings.LastIndex(from, ">"); i >= 0 && j > i {
		return from[i+1 : j]
	}
	return from
}
