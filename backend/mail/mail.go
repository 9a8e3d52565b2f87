// Package mail sends the product's few emails (password reset and company verification links)
// through an outbox table and a worker (outbox.go). The default Mailer writes them to the log, so
// the embedded setup needs no mail server; SMTP is used when configured.
package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"mime"
	"mime/multipart"
	"net"
	"net/smtp"
	"net/textproto"
	"slices"
	"strings"
)

// Message is one email: plain text, and the same in HTML when HTML is set. Headers are extra
// header fields (List-Unsubscribe), from our own code only.
type Message struct {
	To      string
	Subject string
	Body    string
	HTML    string
	Headers map[string]string
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
	if _, err := w.Write(m.encode(clean(s.From), clean)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// encode writes the message's header and body: text/plain alone, or multipart/alternative with
// the HTML after the text (mail clients show the last part they can). Bodies go as 8-bit UTF-8
// with short lines, which our own templates guarantee.
func (m Message) encode(from string, clean func(string) string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nMIME-Version: 1.0\r\n", from, clean(m.To),
		mime.QEncoding.Encode("utf-8", clean(m.Subject)))
	for _, k := range slices.Sorted(maps.Keys(m.Headers)) {
		fmt.Fprintf(&b, "%s: %s\r\n", clean(k), clean(m.Headers[k]))
	}
	if m.HTML == "" {
		fmt.Fprintf(&b, "Content-Type: text/plain; charset=utf-8\r\n\r\n%s", m.Body)
		return b.Bytes()
	}
	parts := multipart.NewWriter(&b)
	fmt.Fprintf(&b, "Content-Type: multipart/alternative; boundary=%q\r\n\r\n", parts.Boundary())
	for _, p := range []struct{ kind, text string }{{"text/plain", m.Body}, {"text/html", m.HTML}} {
		w, _ := parts.CreatePart(textproto.MIMEHeader{"Content-Type": {p.kind + "; charset=utf-8"}})
		_, _ = io.WriteString(w, p.text)
	}
	_ = parts.Close()
	return b.Bytes()
}

// addressOf extracts the bare address from "Name <addr>".
func addressOf(from string) string {
	if i, j := strings.LastIndex(from, "<"), strings.LastIndex(from, ">"); i >= 0 && j > i {
		return from[i+1 : j]
	}
	return from
}
