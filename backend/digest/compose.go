package digest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"net/url"
	"strings"
	texttemplate "text/template"
	"time"

	"bridgework/backend/mail"
	"bridgework/backend/textcheck"
)

const subject = "What you missed on Bridgework"

// perType bounds what one digest lists of each type; the rest is counted.
const perType = 50

// Item is one unread thing a digest lists: a message (From is its sender, Text what they wrote)
// or a notification (Text is Bridgework's words, Quote what QuoteAuthor wrote).
type Item struct {
	Type        Type
	From        string // a message's sender id
	FromName    string // a message's sender name
	Text        string
	Quote       string
	QuoteAuthor string
	Link        string // an in-app path
	CreatedAt   time.Time
}

// section is one type's part of a digest.
type section struct {
	Heading string
	Lines   []line
	More    int // items past perType
}

// line is one thing listed: Bridgework's words and their link, then what a user wrote, if
// anything, quoted under their name: one paragraph, never a link of the mail's, in lines of at
// most quoteWidth runes.
type line struct {
	Text, URL   string
	Quote       []string
	QuoteAuthor string
}

const (
	// quoteLen bounds a quote in a digest, a preview of what the app shows in full.
	quoteLen = 300
	// quoteWidth keeps a quote's lines short: the mail goes as 8-bit text, whose lines may not
	// pass 998 bytes (RFC 5322), and a mail client shows a "> " quote as it is written.
	quoteWidth = 72
)

// quote is what a user wrote as a digest quotes it.
func quote(text string) []string { return wrap(textcheck.Excerpt(text, quoteLen), quoteWidth) }

// wrap breaks one line of text into lines of at most width runes, between words where it can; a
// longer word is cut.
func wrap(text string, width int) []string {
	var lines []string
	var cur []rune
	for _, word := range strings.Fields(text) {
		w := []rune(word)
		if len(cur) > 0 && len(cur)+1+len(w) > width {
			lines, cur = append(lines, string(cur)), nil
		}
		if len(cur) > 0 {
			cur = append(cur, ' ')
		}
		for len(cur)+len(w) > width {
			n := width - len(cur)
			lines, cur, w = append(lines, string(append(cur, w[:n]...))), nil, w[n:]
		}
		cur = append(cur, w...)
	}
	if len(cur) > 0 {
		lines = append(lines, string(cur))
	}
	return lines
}

type page struct {
	Name                        string
	Sections                    []section
	SettingsURL, UnsubscribeURL string
	TypeLinks                   []line // one "stop these" link per type listed
}

// Compose writes a queued digest at send time from what is still unread; with nothing left
// (all of it read since it was queued) the mail is dropped.
func (s *Service) Compose(ctx context.Context, q mail.Queued) (mail.Message, bool, error) {
	var w Window
	if err := json.Unmarshal([]byte(q.Body), &w); err != nil {
		return mail.Message{}, false, fmt.Errorf("digest window: %w", err)
	}
	items, err := s.Store.Missed(ctx, w.UserID, w, perType+1)
	if err != nil {
		return mail.Message{}, false, err
	}
	if len(items) == 0 {
		return mail.Message{}, false, nil
	}
	p := page{
		Name:           w.Name,
		SettingsURL:    s.PublicURL + "/settings",
		UnsubscribeURL: s.PublicURL + "/unsubscribe?token=" + s.unsubscribeToken(w.UserID, All),
	}
	for _, t := range Types {
		sec := s.section(t, items)
		if len(sec.Lines) == 0 {
			continue
		}
		p.Sections = append(p.Sections, sec)
		p.TypeLinks = append(p.TypeLinks, line{Text: "Stop " + stopName[t],
			URL: s.PublicURL + "/unsubscribe?token=" + s.unsubscribeToken(w.UserID, string(t))})
	}
	var text, html bytes.Buffer
	if err := textPage.Execute(&text, p); err != nil {
		return mail.Message{}, false, err
	}
	if err := htmlPage.Execute(&html, p); err != nil {
		return mail.Message{}, false, err
	}
	oneClick := s.PublicURL + "/api/unsubscribe?token=" + s.unsubscribeToken(w.UserID, All)
	return mail.Message{
		To: q.To, Subject: subject, Body: text.String(), HTML: html.String(),
		Headers: map[string]string{
			"List-Unsubscribe":      "<" + oneClick + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click", // RFC 8058
		},
	}, true, nil
}

var headings = map[Type]string{Messages: "Messages", Invitations: "Invitations", Submissions: "Submission updates",
	Payments: "Payments", TaskAlerts: "Task alerts"}
var stopName = map[Type]string{Messages: "message emails", Invitations: "invitation emails", Submissions: "submission update emails",
	Payments: "payment emails", TaskAlerts: "task alert emails"}

// section lists t's items: messages one line per conversation (how many, from whom, the
// latest), notifications one line each with the task they name.
func (s *Service) section(t Type, items []Item) section {
	sec := section{Heading: headings[t]}
	if t == Messages {
		var order []string
		byFrom := map[string][]Item{}
		for _, it := range items {
			if it.Type != Messages {
				continue
			}
			if _, ok := byFrom[it.From]; !ok {
				order = append(order, it.From)
			}
			byFrom[it.From] = append(byFrom[it.From], it)
		}
		for _, from := range order {
			msgs := byFrom[from]
			last := msgs[len(msgs)-1]
			count := "1 new message"
			if len(msgs) > 1 {
				count = fmt.Sprintf("%d new messages", len(msgs))
			}
			sec.Lines = append(sec.Lines, line{
				Text: count + " from " + last.FromName, URL: s.PublicURL + "/chat/" + url.PathEscape(from),
				Quote: quote(last.Text), QuoteAuthor: last.FromName,
			})
		}
		return sec
	}
	for _, it := range items {
		if it.Type != t {
			continue
		}
		if len(sec.Lines) == perType {
			sec.More++
			continue
		}
		sec.Lines = append(sec.Lines, line{Text: it.Text, URL: s.PublicURL + it.Link,
			Quote: quote(it.Quote), QuoteAuthor: it.QuoteAuthor})
	}
	return sec
}

var textPage = texttemplate.Must(texttemplate.New("text").Parse(`Hi {{.Name}},

Here is what happened on Bridgework while you were away.
{{range .Sections}}
{{.Heading}}
{{range .Lines}}
- {{.Text}}
  {{.URL}}
{{- if .Quote}}
  {{.QuoteAuthor}} wrote:
{{- range .Quote}}
  > {{.}}
{{- end}}{{end}}
{{end}}{{if .More}}- and {{.More}} more
{{end}}{{end}}
Choose which emails you get: {{.SettingsURL}}
{{range .TypeLinks}}{{.Text}}: {{.URL}}
{{end}}Unsubscribe from all Bridgework emails: {{.UnsubscribeURL}}
`))

var htmlPage = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:sans-serif;color:#111827;max-width:600px">
<p>Hi {{.Name}},</p>
<p>Here is what happened on Bridgework while you were away.</p>
{{range .Sections}}<h2 style="font-size:16px">{{.Heading}}</h2>
<ul>
{{range .Lines}}<li><a href="{{.URL}}">{{.Text}}</a>{{if .Quote}}
<p style="margin:4px 0 0;color:#6b7280">{{.QuoteAuthor}} wrote:</p>
<blockquote style="margin:2px 0 0;padding-left:8px;border-left:3px solid #d1d5db;color:#374151">
{{- range $i, $l := .Quote}}{{if $i}}
{{end}}{{$l}}{{end}}</blockquote>{{end}}</li>
{{end}}{{if .More}}<li>and {{.More}} more</li>
{{end}}</ul>
{{end}}<p style="font-size:12px;color:#6b7280">
<a href="{{.SettingsURL}}">Choose which emails you get</a>
{{range .TypeLinks}}· <a href="{{.URL}}">{{.Text}}</a>
{{end}}· <a href="{{.UnsubscribeURL}}">Unsubscribe from all Bridgework emails</a>
</p>
</body></html>
`))
