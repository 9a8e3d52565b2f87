package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"bridgework/backend/store"
)

// message is a chat message as the API returns it.
type message struct {
	ID       string  `json:"_id"`
	Sender   string  `json:"sender"`
	Receiver string  `json:"receiver"`
	Content  string  `json:"content"`
	ClientID string  `json:"clientId"`
	ReadAt   *string `json:"readAt"`
}

type conversation struct {
	ID          string  `json:"_id"`
	UserType    string  `json:"userType"`
	CompanyName string  `json:"companyName"`
	FirstName   string  `json:"firstName"`
	UnreadCount int     `json:"unreadCount"`
	LastMessage message `json:"lastMessage"`
}

// list decodes a JSON array answer.
func list[T any](t *testing.T, res response) []T {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("status %d: %s", res.Status, res.Raw)
	}
	var out []T
	if err := json.Unmarshal(res.Raw, &out); err != nil {
		t.Fatalf("decode %s: %v", res.Raw, err)
	}
	return out
}

// send posts a message and returns it, failing the test on anything but 201.
func (e *env) send(from user, to user, content string) message {
	e.t.Helper()
	res := e.do("POST", "/api/chat/send", from.Token, map[string]any{"receiver": to.ID, "content": content})
	if res.Status != http.StatusCreated {
		e.t.Fatalf("send %q: %d %s", content, res.Status, res.Raw)
	}
	var m message
	_ = json.Unmarshal(res.Raw, &m)
	return m
}

func TestChat_Send(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, bob, acme := e.registerStudent("Ada"), e.registerStudent("Bob"), e.registerStartup("Acme")
		cases := []struct {
			name   string
			token  string
			body   map[string]any
			status int
			field  string
			want   string
		}{
			{"empty content", ada.Token, map[string]any{"receiver": acme.ID, "content": ""}, 400, "content", "Message cannot be empty"},
			{"blank content", ada.Token, map[string]any{"receiver": acme.ID, "content": " \n\t "}, 400, "content", "Message cannot be empty"},
			{"too long", ada.Token, map[string]any{"receiver": acme.ID, "content": strings.Repeat("é", 2001)}, 400, "content", "Message must be at most 2000 characters"},
			{"no receiver", ada.Token, map[string]any{"content": "hi"}, 400, "receiver", "Receiver is required"},
			{"unknown receiver", ada.Token, map[string]any{"receiver": store.NewID(), "content": "hi"}, 400, "receiver", "User not found."},
			{"malformed receiver", ada.Token, map[string]any{"receiver": "42", "content": "hi"}, 400, "receiver", "User not found."},
			{"student to student", ada.Token, map[string]any{"receiver": bob.ID, "content": "hi"}, 400, "receiver", "User not found."},
			{"to oneself", acme.Token, map[string]any{"receiver": acme.ID, "content": "hi"}, 400, "receiver", "User not found."},
			{"long client id", ada.Token, map[string]any{"receiver": acme.ID, "content": "hi", "clientId": strings.Repeat("c", 65)}, 400, "clientId", "clientId must be at most 64 characters"},
			{"admin", e.admin().Token, map[string]any{"receiver": acme.ID, "content": "hi"}, 403, "", ""},
			{"signed out", "", map[string]any{"receiver": acme.ID, "content": "hi"}, 401, "", ""},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res := e.do("POST", "/api/chat/send", tc.token, tc.body)
				if res.Status != tc.status {
					t.Fatalf("status %d %s, want %d", res.Status, res.Raw, tc.status)
				}
				if tc.field != "" && res.fieldError(tc.field) != tc.want {
					t.Errorf("fields.%s = %q, want %q", tc.field, res.fieldError(tc.field), tc.want)
				}
			})
		}
		if n := len(list[message](t, e.do("GET", "/api/chat/"+acme.ID, ada.Token, nil))); n != 0 {
			t.Fatalf("refused sends stored %d messages", n)
		}

		t.Run("student to startup and back", func(t *testing.T) {
			m := e.send(ada, acme, "  Hello Acme  ")
			if m.Sender != ada.ID || m.Receiver != acme.ID || m.Content != "Hello Acme" || m.ReadAt != nil || !store.ValidID(m.ID) {
				t.Errorf("sent %+v", m)
			}
			reply := e.send(acme, ada, strings.Repeat("x", 2000))
			thread := list[message](t, e.do("GET", "/api/chat/"+ada.ID, acme.Token, nil))
			if len(thread) != 2 || thread[0].ID != m.ID || thread[1].ID != reply.ID {
				t.Errorf("thread = %+v", thread)
			}
		})
	})
}

func TestChat_SendWithClientIDIsIdempotent(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")
		body := map[string]any{"receiver": acme.ID, "content": "only once", "clientId": "tab1-42"}
		first := e.do("POST", "/api/chat/send", ada.Token, body)
		again := e.do("POST", "/api/chat/send", ada.Token, body)
		if first.Status != http.StatusCreated || again.Status != http.StatusOK {
			t.Fatalf("statuses %d then %d, want 201 then 200", first.Status, again.Status)
		}
		if first.field("_id") != again.field("_id") || again.field("clientId") != "tab1-42" {
			t.Errorf("retry answered %s, first was %s", again.Raw, first.Raw)
		}
		if n := len(list[message](t, e.do("GET", "/api/chat/"+acme.ID, ada.Token, nil))); n != 1 {
			t.Errorf("thread has %d messages, want 1", n)
		}
		other := e.do("POST", "/api/chat/send", ada.Token, map[string]any{"receiver": acme.ID, "content": "something else", "clientId": "tab1-42"})
		if other.Status != http.StatusConflict || other.fieldError("clientId") == "" {
			t.Errorf("reused client id for another message: %d %s, want 409", other.Status, other.Raw)
		}
	})
}

func TestChat_SendIsRateLimited(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")
		limit := e.cfg.ChatMessagesPerMinute
		for i := range limit {
			e.send(ada, acme, fmt.Sprint("message ", i))
		}
		res := e.do("POST", "/api/chat/send", ada.Token, map[string]any{"receiver": acme.ID, "content": "one too many"})
		if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Fatalf("message %d: %d %s (Retry-After %q), want 429", limit+1, res.Status, res.Raw, res.Header.Get("Retry-After"))
		}
		// The limit is per user: the startup can still answer.
		e.send(acme, ada, "still fine")
	})
}

// TestChat_ThreadNeverShowsOthersMessages is acceptance 3's REST half: GET /api/chat/{userId}
// returns only messages between the caller and that user, whatever the path and cursor.
func TestChat_ThreadNeverShowsOthersMessages(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, dan := e.registerStudent("Ada"), e.registerStudent("Dan")
		acme, zeta := e.registerStartup("Acme"), e.registerStartup("Zeta")
		e.send(ada, acme, "ada to acme")
		e.send(acme, ada, "acme to ada")
		private := e.send(dan, zeta, "dan to zeta")
		e.send(zeta, dan, "zeta to dan")

		cases := []struct {
			name   string
			caller user
			path   string
			status int
			want   []string
		}{
			{"own thread", ada, "/api/chat/" + acme.ID, 200, []string{"ada to acme", "acme to ada"}},
			{"same thread, other side", acme, "/api/chat/" + ada.ID, 200, []string{"ada to acme", "acme to ada"}},
			{"a partner the caller never wrote to", ada, "/api/chat/" + zeta.ID, 200, nil},
			{"a startup's thread with someone else's partner", acme, "/api/chat/" + dan.ID, 200, nil},
			{"cursor from another thread", ada, "/api/chat/" + acme.ID + "?after=" + private.ID, 200, nil},
			{"a user of the caller's own type", ada, "/api/chat/" + dan.ID, 404, nil},
			{"oneself", ada, "/api/chat/" + ada.ID, 404, nil},
			{"unknown user", ada, "/api/chat/" + store.NewID(), 404, nil},
			{"malformed id", ada, "/api/chat/not-an-id", 404, nil},
			{"scrolling back past another thread's message", ada, "/api/chat/" + acme.ID + "?before=" + private.ID, 200, []string{"ada to acme", "acme to ada"}},
			{"malformed cursor", ada, "/api/chat/" + acme.ID + "?after=nope", 400, nil},
			{"malformed before", ada, "/api/chat/" + acme.ID + "?before=nope", 400, nil},
			{"both cursors", ada, "/api/chat/" + acme.ID + "?after=" + private.ID + "&before=" + private.ID, 400, nil},
			{"admin", e.admin(), "/api/chat/" + acme.ID, 403, nil},
			{"signed out", user{}, "/api/chat/" + acme.ID, 401, nil},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res := e.do("GET", tc.path, tc.caller.Token, nil)
				if res.Status != tc.status {
					t.Fatalf("status %d %s, want %d", res.Status, res.Raw, tc.status)
				}
				if tc.status != http.StatusOK {
					return
				}
				var got []string
				for _, m := range list[message](t, res) {
					got = append(got, m.Content)
					if m.Sender != tc.caller.ID && m.Receiver != tc.caller.ID {
						t.Errorf("returned a message between %s and %s", m.Sender, m.Receiver)
					}
				}
				if fmt.Sprint(got) != fmt.Sprint(tc.want) {
					t.Errorf("got %q, want %q", got, tc.want)
				}
			})
		}
	})
}

func TestChat_ConversationsAndReadReceipts(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, acme, zeta := e.registerStudent("Ada"), e.registerStartup("Acme"), e.registerStartup("Zeta")
		e.send(acme, ada, "a1")
		e.send(acme, ada, "a2")
		e.send(zeta, ada, "z1")
		if got := list[conversation](t, e.do("GET", "/api/chat/conversations", e.registerStudent("New").Token, nil)); len(got) != 0 {
			t.Errorf("a new user has conversations %+v", got)
		}

		convs := list[conversation](t, e.do("GET", "/api/chat/conversations", ada.Token, nil))
		if len(convs) != 2 || convs[0].ID != zeta.ID || convs[1].ID != acme.ID {
			t.Fatalf("conversations = %+v, want Zeta (latest) then Acme", convs)
		}
		if convs[1].CompanyName != "Acme" || convs[1].UserType != "startup" || convs[1].UnreadCount != 2 || convs[1].LastMessage.Content != "a2" {
			t.Errorf("Acme conversation = %+v", convs[1])
		}

		res := e.do("POST", "/api/chat/"+acme.ID+"/read", ada.Token, nil)
		if res.Status != http.StatusOK || res.Body["count"] != float64(2) || res.field("readerId") != ada.ID {
			t.Fatalf("read: %d %s", res.Status, res.Raw)
		}
		for _, m := range list[message](t, e.do("GET", "/api/chat/"+ada.ID, acme.Token, nil)) {
			if m.ReadAt == nil {
				t.Errorf("%q not marked read", m.Content)
			}
		}
		convs = list[conversation](t, e.do("GET", "/api/chat/conversations", ada.Token, nil))
		if convs[1].UnreadCount != 0 || convs[0].UnreadCount != 1 {
			t.Errorf("unread after reading Acme: Zeta %d, Acme %d", convs[0].UnreadCount, convs[1].UnreadCount)
		}
		// Reading is only of one's own incoming messages, with a chat partner.
		if res := e.do("POST", "/api/chat/"+ada.ID+"/read", acme.Token, nil); res.Body["count"] != float64(0) {
			t.Errorf("Acme reading Ada (who sent nothing) marked %v", res.Body["count"])
		}
		if res := e.do("POST", "/api/chat/"+e.registerStudent("Eve").ID+"/read", ada.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("read with a student as a student: %d", res.Status)
		}
	})
}

func TestChat_Partners(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")
		e.registerStartup("Zeta")
		type partner struct {
			ID       string `json:"_id"`
			UserType string `json:"userType"`
		}
		ids := func(ps []partner, wantType string) map[string]bool {
			seen := map[string]bool{}
			for _, p := range ps {
				if p.UserType != wantType {
					t.Errorf("partner %+v is not a %s", p, wantType)
				}
				seen[p.ID] = true
			}
			return seen
		}
		startups := ids(list[partner](t, e.do("GET", "/api/chat/partners", ada.Token, nil)), "startup")
		if !startups[acme.ID] || len(startups) < 2 {
			t.Errorf("a student's partners %v lack the startups", startups)
		}
		students := ids(list[partner](t, e.do("GET", "/api/chat/partners", acme.Token, nil)), "student")
		if !students[ada.ID] {
			t.Errorf("a startup's partners %v lack Ada", students)
		}
		if res := e.do("GET", "/api/chat/partners", e.admin().Token, nil); res.Status != http.StatusForbidden {
			t.Errorf("admin: %d, want 403", res.Status)
		}
		if res := e.do("GET", "/api/chat/conversations", e.admin().Token, nil); res.Status != http.StatusForbidden {
			t.Errorf("admin conversations: %d, want 403", res.Status)
		}
	})
}
