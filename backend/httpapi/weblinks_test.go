package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// Every link a user gives is an absolute http or https URL as RFC 3986 writes it (package
// weblink): the submitted work link, project and résumé links, the startup's website. A link
// with a character no URL holds is refused on its field, and the stored link stays the good one
// saved before; a link with a query and a fragment is kept as typed.
func TestLinks_charactersNoURLHoldsRefused(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, student := e.registerStartup("Links Inc"), e.registerStudent("Lin")
		task := e.postTask(startup, nil)
		const good = "https://github.com/lin/work?tab=readme&lang=en#install"
		const site = "https://www.links.io/?ref=bridgework#team"
		profile := func(resume, project string) map[string]any {
			body := fullProfile(student)
			body["resume"] = resume
			body["projects"] = []map[string]any{{"title": "Work", "link": project}}
			return body
		}
		if res := e.do("POST", "/api/student/profile", student.Token, profile(good, good)); res.Status != http.StatusCreated {
			t.Fatalf("profile with good links: %d %s", res.Status, res.Raw)
		}
		if res := e.submitLink(student, task, good); res.Status != http.StatusOK {
			t.Fatalf("submit a good link: %d %s", res.Status, res.Raw)
		}
		e.setWebsite(startup, "Links Inc", site)

		newcomer := e.registerStudent("New")
		for _, c := range []string{" ", "<", ">", `"`} {
			bad := "https://github.com/lin/my" + c + "work"
			if res := e.submitLink(student, task, bad); res.Status != http.StatusBadRequest ||
				res.fieldError("link") != "Please enter a valid URL starting with http:// or https://" {
				t.Errorf("submit %q: %d %s", bad, res.Status, res.Raw)
			}
			if res := e.do("PUT", "/api/student/profile", student.Token, profile(good, bad)); res.Status != http.StatusBadRequest ||
				res.fieldError("projects.0.link") != "Link must be a URL starting with http:// or https://" {
				t.Errorf("project link %q: %d %s", bad, res.Status, res.Raw)
			}
			if res := e.do("PUT", "/api/student/profile", student.Token, profile(bad, good)); res.Status != http.StatusBadRequest ||
				res.fieldError("resume") != "Please enter a valid URL starting with http:// or https://" {
				t.Errorf("résumé link %q: %d %s", bad, res.Status, res.Raw)
			}
			body := fullProfile(newcomer)
			body["projects"] = []map[string]any{{"title": "Work", "link": bad}}
			if res := e.do("POST", "/api/student/profile", newcomer.Token, body); res.Status != http.StatusBadRequest || res.fieldError("projects.0.link") == "" {
				t.Errorf("a first profile with project link %q: %d %s", bad, res.Status, res.Raw)
			}
			badSite := "https://www.links.io/my" + c + "site"
			if res := e.do("PUT", "/api/startup/profile", startup.Token, map[string]any{"companyName": "Links Inc", "industry": "Cloud", "website": badSite}); res.Status != http.StatusBadRequest ||
				res.fieldError("website") != "Please enter a valid URL, such as https://nimbus.io" {
				t.Errorf("website %q: %d %s", badSite, res.Status, res.Raw)
			}
		}

		got := e.do("GET", "/api/student/profile", student.Token, nil)
		projects, _ := got.Body["projects"].([]any)
		if got.field("resume") != good || len(projects) != 1 || projects[0].(map[string]any)["link"] != good {
			t.Errorf("stored profile: %s", got.Raw)
		}
		if res := e.do("GET", "/api/student/profile", newcomer.Token, nil); strings.TrimSpace(string(res.Raw)) != "null" {
			t.Errorf("a refused first profile was stored: %s", res.Raw)
		}
		detail := e.do("GET", "/api/startup/tasks/"+task, startup.Token, nil)
		subs, _ := detail.Body["submissions"].([]any)
		if len(subs) != 1 || subs[0].(map[string]any)["link"] != good {
			t.Errorf("stored submissions: %s", detail.Raw)
		}
		if me := e.do("GET", "/api/me", startup.Token, nil); me.field("website") != site {
			t.Errorf("stored website: %s", me.Raw)
		}
	})
}

// An international link is stored as the URI a browser sends for it: the host in IDNA form, the
// rest percent-encoded.
func TestLinks_internationalLinksStoredAsURIs(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, student := e.registerStartup("Links Inc"), e.registerStudent("Lin")
		task := e.postTask(startup, nil)
		if res := e.submitLink(student, task, "https://münchen.de/straße?q=ü"); res.Status != http.StatusOK {
			t.Fatalf("submit: %d %s", res.Status, res.Raw)
		}
		detail := e.do("GET", "/api/startup/tasks/"+task, startup.Token, nil)
		subs, _ := detail.Body["submissions"].([]any)
		if len(subs) != 1 || subs[0].(map[string]any)["link"] != "https://xn--mnchen-3ya.de/stra%C3%9Fe?q=%C3%BC" {
			t.Errorf("stored submissions: %s", detail.Raw)
		}
		if res := e.setWebsite(startup, "Links Inc", "münchen.de"); res.field("website") != "https://xn--mnchen-3ya.de" {
			t.Errorf("website: %s", res.Raw)
		}
	})
}
