package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// linkOf is the link of the newest notification in u's bell whose message contains substr.
func (e *env) linkOf(u user, substr string) string {
	e.t.Helper()
	for _, n := range decodeList(e.t, e.do("GET", "/api/student/notifications", u.Token, nil)) {
		if strings.Contains(n["message"].(string), substr) {
			link, _ := n["link"].(string)
			return link
		}
	}
	e.t.Fatalf("no notification of %q in the bell", substr)
	return ""
}

// TestNotificationLinks_leadToTheTask: what the bell (and the digest mail) links a student to is
// the task the notification is about: the revision form of their submission when changes are
// requested, the task's page when it is under review or rejected, the task's page for a saved
// search's alert, and the certificates for an approval.
func TestNotificationLinks_leadToTheTask(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Links Inc")
		ada, bob := e.registerStudent("Ada"), e.registerStudent("Bob")
		id := e.postTask(startup, map[string]any{"title": "Linked work"})
		for _, s := range []user{ada, bob} {
			if res := e.submitLink(s, id, "https://example.com/"+s.ID); res.Status != http.StatusOK {
				t.Fatalf("submit: %d %s", res.Status, res.Raw)
			}
		}
		adas := e.submissionOf(startup, id, ada.ID)["_id"].(string)

		e.review(startup, id, ada.ID)
		if got, want := e.linkOf(ada, "is under review"), "/tasks/"+id; got != want {
			t.Errorf("under review links to %q, want %q", got, want)
		}
		if res := e.requestChanges(startup, id, ada.ID, "Add tests"); res.Status != http.StatusOK {
			t.Fatalf("request changes: %d %s", res.Status, res.Raw)
		}
		if got, want := e.linkOf(ada, "Changes were requested"), "/tasks/"+id+"?revise="+adas; got != want {
			t.Errorf("changes requested links to %q, want %q", got, want)
		}
		if res := e.decide(startup, id, bob.ID, false, "Not this time"); res.Status != http.StatusOK {
			t.Fatalf("reject: %d %s", res.Status, res.Raw)
		}
		if got, want := e.linkOf(bob, "was rejected"), "/tasks/"+id; got != want {
			t.Errorf("rejected links to %q, want %q", got, want)
		}
		e.submitLink(ada, id, "https://example.com/ada-2")
		if res := e.decideClosing(startup, id, ada.ID); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		if got := e.linkOf(ada, "was approved"); got != "/certificates" {
			t.Errorf("approved links to %q, want /certificates", got)
		}

		cy := e.registerStudent("Cy")
		search := e.do("POST", "/api/student/saved-searches", cy.Token, map[string]any{"name": "Logos", "search": "logo"})
		if search.Status != http.StatusCreated {
			t.Fatalf("save search: %d %s", search.Status, search.Raw)
		}
		live := e.connect(cy)
		logo := e.postTask(startup, map[string]any{"title": "A logo & more"})
		live.readUntil("task.alert", search.field("_id"))
		if got, want := e.linkOf(cy, "New task matching"), "/tasks/"+logo; got != want {
			t.Errorf("the alert links to %q, want %q", got, want)
		}
	})
}
