package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"bridgework/backend/config"
)

// TestSignedInUser_seesChangesAtOnce: with the user cache holding users for an hour, changes
// made through the instance still show in the user's next request: their own profile edits and
// the skill an approval verifies. (The password change is TestChangePassword_signsOutOtherSessions.)
func TestSignedInUser_seesChangesAtOnce(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { c.UserCacheTTL = time.Hour }, func(t *testing.T, e *env) {
		me := func(u user) response {
			t.Helper()
			res := e.do("GET", "/api/me", u.Token, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("GET /api/me: %d %s", res.Status, res.Raw)
			}
			return res
		}
		student, startup := e.registerStudent("Ada"), e.registerStartup("Nimbus")
		me(student)
		me(startup)

		if res := e.do("POST", "/api/student/profile", student.Token, fullProfile(student)); res.Status != http.StatusCreated {
			t.Fatalf("POST profile: %d %s", res.Status, res.Raw)
		}
		if got := me(student); got.field("bio") != "I build engines." {
			t.Errorf("after adding the profile /api/me says bio %q", got.field("bio"))
		}
		if res := e.do("PUT", "/api/startup/profile", startup.Token, map[string]any{"companyName": "Nimbus Labs", "industry": "AI"}); res.Status != http.StatusOK {
			t.Fatalf("PUT startup profile: %d %s", res.Status, res.Raw)
		}
		if got := me(startup); got.field("companyName") != "Nimbus Labs" {
			t.Errorf("after the edit /api/me says company %q", got.field("companyName"))
		}

		task := e.postTask(startup, nil) // skills React, CSS and Figma; the student has React
		e.submitLink(student, task, "https://example.com/work")
		if res := e.decide(startup, task, student.ID, true, ""); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		verified := map[string]bool{}
		for _, s := range me(student).Body["skills"].([]any) {
			sk := s.(map[string]any)
			verified[sk["name"].(string)] = sk["isVerified"] == true
		}
		if !verified["React"] || verified["Go"] {
			t.Errorf("after the approval /api/me skills verified = %v, want React only", verified)
		}
	})
}
