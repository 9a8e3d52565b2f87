package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestChat_searchInAConversation (docs/api-contract.md, "Saved searches and finding your way in
// chat"): ?q= finds the conversation's messages containing the text in any case, newest first,
// pages on with before, never shows another conversation's, and refuses a search longer than 200
// characters.
func TestChat_searchInAConversation(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student, startup, other := e.registerStudent("Seeker"), e.registerStartup("Search Inc"), e.registerStartup("Elsewhere")
		for i := range 5 {
			e.send(student, startup, fmt.Sprintf("Invoice %d attached", i))
			e.send(startup, student, fmt.Sprintf("thanks %d", i))
		}
		e.send(student, other, "invoice for someone else")
		e.send(student, startup, "100% done_now")

		search := func(query string) []map[string]any {
			return decodeList(t, e.do("GET", "/api/chat/"+startup.ID+"?"+query, student.Token, nil))
		}
		got := search("q=INVOICE")
		if len(got) != 5 || got[0]["content"] != "Invoice 4 attached" || got[4]["content"] != "Invoice 0 attached" {
			t.Fatalf("q=INVOICE: %v", got)
		}
		page := e.do("GET", "/api/chat/"+startup.ID+"?q=invoice&per_page=2", student.Token, nil)
		next := page.Header.Get("Link")
		if len(decodeList(t, page)) != 2 || !strings.Contains(next, "q=invoice") || !strings.Contains(next, "before=") {
			t.Fatalf("a page of two: Link %q", next)
		}
		start := strings.Index(next, "<") + 1
		nextURL, _ := url.Parse(next[start:strings.Index(next, ">")])
		rest := decodeList(t, e.do("GET", nextURL.RequestURI(), student.Token, nil))
		if len(rest) != 2 || rest[0]["content"] != "Invoice 2 attached" {
			t.Errorf("the next page: %v", rest)
		}
		// LIKE's wildcards are plain characters in a search.
		if got := search("q=" + url.QueryEscape("100%")); len(got) != 1 {
			t.Errorf("q=100%%: %v", got)
		}
		if got := search("q=e_n"); len(got) != 1 || got[0]["content"] != "100% done_now" {
			t.Errorf("q=e_n matched %v, want only the message with e_n in it", got)
		}
		if got := search("q=nothing+like+it"); len(got) != 0 {
			t.Errorf("no match: %v", got)
		}
		res := e.do("GET", "/api/chat/"+startup.ID+"?q="+strings.Repeat("x", 201), student.Token, nil)
		if res.Status != http.StatusBadRequest || res.fieldError("q") != "Search must be at most 200 characters" {
			t.Errorf("a long search: %d %s", res.Status, res.Raw)
		}
	})
}

// TestChat_markAllRead (docs/api-contract.md, "Saved searches and finding your way in chat"): every
// conversation's unread messages are marked in one call, each conversation's unread count goes to 0
// (unread, as docs/api-contract.md names it, and unreadCount), and messages the caller sent stay
// unread for their receivers.
func TestChat_markAllRead(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student, a, b := e.registerStudent("Reader"), e.registerStartup("A Inc"), e.registerStartup("B Inc")
		e.send(a, student, "one")
		e.send(a, student, "two")
		e.send(b, student, "three")
		e.send(student, b, "mine")
		unread := func(u user) map[string]float64 {
			out := map[string]float64{}
			for _, c := range decodeList(t, e.do("GET", "/api/chat/conversations", u.Token, nil)) {
				if c["unread"] != c["unreadCount"] {
					t.Errorf("unread %v and unreadCount %v differ", c["unread"], c["unreadCount"])
				}
				out[c["_id"].(string)] = c["unread"].(float64)
			}
			return out
		}
		if got := unread(student); got[a.ID] != 2 || got[b.ID] != 1 {
			t.Fatalf("before: %v", got)
		}
		res := e.do("POST", "/api/chat/read-all", student.Token, nil)
		if res.Status != http.StatusOK || res.Body["marked"] != 3.0 {
			t.Fatalf("read-all: %d %s", res.Status, res.Raw)
		}
		if got := unread(student); got[a.ID] != 0 || got[b.ID] != 0 {
			t.Errorf("after: %v", got)
		}
		if got := unread(b); got[student.ID] != 1 {
			t.Errorf("the student's own message to B was marked read: %v", got)
		}
		if again := e.do("POST", "/api/chat/read-all", student.Token, nil); again.Body["marked"] != 0.0 {
			t.Errorf("read-all again: %s", again.Raw)
		}
	})
}
