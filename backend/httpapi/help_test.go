package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// helpRows reads the stored requests, newest first, as the admin's list serves them.
func helpRows(t *testing.T, e *env) []map[string]any {
	t.Helper()
	return decodeList(t, e.do("GET", "/api/admin/help-requests", e.admin().Token, nil))
}

func TestHelp_topicAndMessage(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		res := e.do("POST", "/api/help", "", map[string]any{"phone": "5551234567", "email": "Caller@Example.com",
			"topic": "payments", "message": "  My payout for the logo task has not arrived.  "})
		if res.Status != http.StatusCreated || res.field("message") != "Thank you! We'll reach out to you at the earliest." {
			t.Fatalf("with a topic and a message: %d %s", res.Status, res.Raw)
		}
		rows := helpRows(t, e)
		if len(rows) != 1 || rows[0]["topic"] != "payments" || rows[0]["message"] != "My payout for the logo task has not arrived." ||
			rows[0]["email"] != "caller@example.com" {
			t.Errorf("the admin's list: %v", rows)
		}
	})
}

func TestHelp_specCallUnchanged(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		res := e.do("POST", "/api/help", "", map[string]any{"phone": "+1 555 010 4477", "email": "spec@example.com"})
		if res.Status != http.StatusCreated || len(res.Body) != 1 || res.field("message") != "Thank you! We'll reach out to you at the earliest." {
			t.Fatalf("the spec's call: %d %s", res.Status, res.Raw)
		}
		// The spec's validation answers come first, whatever else is sent.
		bad := e.do("POST", "/api/help", "", map[string]any{"phone": "12", "email": "x@example.com", "topic": "nonsense"})
		if bad.Status != http.StatusBadRequest || bad.field("message") != "Please enter a valid phone number." {
			t.Errorf("a bad phone with a bad topic: %d %s", bad.Status, bad.Raw)
		}
		rows := helpRows(t, e)
		if len(rows) != 1 || rows[0]["topic"] != "" || rows[0]["message"] != "" || rows[0]["phone"] != "+15550104477" {
			t.Errorf("the admin's list: %v", rows)
		}
	})
}

func TestHelp_badTopicOrMessage(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		for _, tc := range []struct {
			name, topic, message, field, want string
		}{
			{"unknown topic", "refunds", "Hello", "topic", "Topic must be one of: account, tasks, payments, certificates, other."},
			{"over-long message", "other", strings.Repeat("é", 2001), "message", "Please keep the message to 2000 characters."},
		} {
			res := e.do("POST", "/api/help", "", map[string]any{"phone": "5551234567", "email": "a@b.co", "topic": tc.topic, "message": tc.message})
			if res.Status != http.StatusBadRequest || res.fieldError(tc.field) != tc.want || res.field("message") != tc.want {
				t.Errorf("%s: %d %s", tc.name, res.Status, res.Raw)
			}
		}
		if ok := e.do("POST", "/api/help", "", map[string]any{"phone": "5551234567", "email": "a@b.co", "message": strings.Repeat("é", 2000)}); ok.Status != http.StatusCreated {
			t.Errorf("2000 characters: %d %s", ok.Status, ok.Raw)
		}
		if rows := helpRows(t, e); len(rows) != 1 {
			t.Errorf("%d requests stored, want only the valid one", len(rows))
		}
	})
}
