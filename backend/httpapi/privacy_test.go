package httpapi_test

import (
	"bytes"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"bridgework/backend/store"
	"bridgework/backend/uploads"
)

// resumeOf reads the résumé link of the student in a response, found under key ("" for the
// top level).
func resumeOf(t *testing.T, res response, key string) (string, bool) {
	t.Helper()
	obj := res.Body
	if key != "" {
		obj, _ = res.Body[key].(map[string]any)
	}
	if obj == nil {
		t.Fatalf("no %q in %s", key, res.Raw)
	}
	link, ok := obj["resume"].(string)
	return link, ok
}

func TestResumeLinks(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		c := e.newCast(true)
		id := c.student.ID
		// Where each role reads the student's profile, and whether a link that opens comes with it.
		views := []struct {
			role, path, key string
			opens           bool
		}{
			{"student", "/api/student/profile", "", true},
			{"startup", "/api/startup/students/" + id, "student", true},
			{"other startup", "/api/users/" + id, "", true},
			{"admin", "/api/admin/dashboard/student/" + id, "user", true},
			{"other student", "/api/users/" + id, "", false},
		}
		var ownLink string
		for _, v := range views {
			t.Run(v.role, func(t *testing.T) {
				res := e.do("GET", v.path, c.token(v.role), nil)
				if res.Status != http.StatusOK {
					t.Fatalf("GET %s: %d %s", v.path, res.Status, res.Raw)
				}
				link, shown := resumeOf(t, res, v.key)
				if !v.opens {
					if shown {
						t.Fatalf("résumé shown: %q", link)
					}
					return
				}
				if !strings.HasPrefix(link, c.resumeURL+"?expires=") {
					t.Fatalf("résumé = %q, want a signed link to %s", link, c.resumeURL)
				}
				file := e.do("GET", link, "", nil)
				if file.Status != http.StatusOK || !bytes.Equal(file.Raw, pdfBytes()) {
					t.Fatalf("GET %s: %d (%d bytes)", link, file.Status, len(file.Raw))
				}
				if cc := file.Header.Get("Cache-Control"); cc != "private, no-store" {
					t.Errorf("Cache-Control = %q: a cached copy would outlive the link", cc)
				}
				if v.role == "student" {
					ownLink = link
				}
			})
		}
		if ownLink == "" {
			t.Fatal("the owner got no link")
		}

		t.Run("the raw URL is refused", func(t *testing.T) {
			for _, role := range peopleRoles {
				res := e.do("GET", c.resumeURL, c.token(role), nil)
				if res.Status != http.StatusForbidden || !strings.Contains(res.field("message"), "Open the profile again") {
					t.Errorf("as %s: %d %s", role, res.Status, res.Raw)
				}
			}
		})

		t.Run("saving the shown link keeps the file", func(t *testing.T) {
			var stored string
			if err := e.app.DB.Raw("SELECT resume FROM users WHERE id = ?", id).Scan(&stored).Error; err != nil {
				t.Fatal(err)
			}
			if stored != c.resumeURL {
				t.Errorf("stored résumé = %q, want %q", stored, c.resumeURL)
			}
		})

		good, err := url.Parse(ownLink)
		if err != nil {
			t.Fatal(err)
		}
		expires, signature := good.Query().Get("expires"), good.Query().Get("signature")
		flipped := []byte(signature)
		flipped[len(flipped)-1] ^= 1
		serverLinks := uploads.NewLinks([]byte(e.cfg.JWTSecret))
		otherFile, _ := url.Parse(serverLinks.Sign("/api/files/" + store.NewID()))
		later, _ := strconv.ParseInt(expires, 10, 64)
		expired := uploads.NewLinks([]byte(e.cfg.JWTSecret))
		expired.Now = func() time.Time { return time.Now().Add(-uploads.LinkTTL - time.Second) }
		link := func(exp, sig string) string {
			return c.resumeURL + "?" + url.Values{"expires": {exp}, "signature": {sig}}.Encode()
		}
		cases := []struct {
			name, path string
			status     int
		}{
			{"a link signed here and now", serverLinks.Sign(c.resumeURL), http.StatusOK},
			{"tampered signature", link(expires, string(flipped)), http.StatusForbidden},
			{"later expiry", link(strconv.FormatInt(later+3600, 10), signature), http.StatusForbidden},
			{"another file's signature", link(otherFile.Query().Get("expires"), otherFile.Query().Get("signature")), http.StatusForbidden},
			{"another secret", uploads.NewLinks([]byte("another-secret-another-secret-0123")).Sign(c.resumeURL), http.StatusForbidden},
			{"expiry only", c.resumeURL + "?expires=" + expires, http.StatusForbidden},
			{"signature only", c.resumeURL + "?signature=" + signature, http.StatusForbidden},
			{"expiry not a number", link("soon", signature), http.StatusForbidden},
			{"expiry overflows", link("99999999999999999999999", signature), http.StatusForbidden},
			{"short signature", link(expires, signature[:10]), http.StatusForbidden},
			{"expired", expired.Sign(c.resumeURL), http.StatusGone},
			{"unknown file, valid signature", otherFile.String(), http.StatusNotFound},
			{"malformed id, valid signature", serverLinks.Sign("/api/files/not-an-id"), http.StatusNotFound},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res := e.do("GET", tc.path, "", nil)
				if res.Status != tc.status {
					t.Fatalf("GET %s: %d %s, want %d", tc.path, res.Status, res.Raw, tc.status)
				}
				switch tc.status {
				case http.StatusForbidden:
					if res.field("message") != "This file link is not valid. Open the page again for a new link." {
						t.Errorf("message: %s", res.Raw)
					}
				case http.StatusGone:
					if res.field("code") != "gone" || res.field("message") != "This file link has expired. Open the page again for a new link." {
						t.Errorf("body: %s", res.Raw)
					}
				}
			})
		}
	})
}

// TestPrivacy_studentsOnTasks reads every list that names the people on tasks as each kind of
// reader: a student's email reaches the startup it submitted to and the admin, never another
// student or a visitor.
func TestPrivacy_studentsOnTasks(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Hiring Inc")
		ada, bob, admin := e.registerStudent("Ada"), e.registerStudent("Bob"), e.admin()
		open := e.postTask(startup, nil)
		e.postTask(startup, map[string]any{"title": "Assigned to Ada", "assignedStudent": ada.ID})
		e.postTask(startup, map[string]any{"title": "Still open"})
		for _, s := range []user{ada, bob} {
			if res := e.submitLink(s, open, "https://example.com/work"); res.Status != http.StatusOK {
				t.Fatalf("submit: %d %s", res.Status, res.Raw)
			}
		}
		// Approving Ada completes the task with her as its assignee, on Bob's list too.
		if res := e.decide(startup, open, ada.ID, true, ""); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		views := []struct {
			reader          string
			token, path     string
			adaSeen, bobSee bool // whether Ada's email shows; whether Bob's own does
		}{
			{"visitor", "", "/api/tasks", false, false},
			{"bob", bob.Token, "/api/tasks", false, false},
			{"bob", bob.Token, "/api/student/tasks/all?scope=available", false, false},
			{"bob", bob.Token, "/api/student/tasks/all?scope=mine", false, true},
			{"bob", bob.Token, "/api/student/dashboard", false, true},
			{"bob", bob.Token, "/api/startup/" + startup.ID, false, false},
			{"bob", bob.Token, "/api/startup/all", false, false},
			{"bob", bob.Token, "/api/users?role=startup", false, false},
			{"bob", bob.Token, "/api/users/" + ada.ID, false, false},
			{"bob", bob.Token, "/api/chat/partners", false, false},
			{"ada", ada.Token, "/api/student/tasks/all?scope=mine", true, false},
			{"startup", startup.Token, "/api/startup/tasks", true, true},
			{"startup", startup.Token, "/api/startup/tasks/" + open, true, true},
			{"startup", startup.Token, "/api/startup/submissions", true, true},
			{"startup", startup.Token, "/api/startup/dashboard", true, true},
			{"startup", startup.Token, "/api/chat/partners", true, true},
			{"admin", admin.Token, "/api/admin/dashboard/startup/" + startup.ID, true, true},
			{"admin", admin.Token, "/api/admin/dashboard/student/" + ada.ID, true, false},
		}
		for _, v := range views {
			res := e.do("GET", v.path, v.token, nil)
			if res.Status != http.StatusOK {
				t.Errorf("%s GET %s: %d %s", v.reader, v.path, res.Status, res.Raw)
				continue
			}
			if got := bytes.Contains(res.Raw, []byte(ada.Email)); got != v.adaSeen {
				t.Errorf("%s GET %s: Ada's email shown %v, want %v", v.reader, v.path, got, v.adaSeen)
			}
			if got := bytes.Contains(res.Raw, []byte(bob.Email)); got != v.bobSee {
				t.Errorf("%s GET %s: Bob's email shown %v, want %v", v.reader, v.path, got, v.bobSee)
			}
		}
		// A startup's email is for the signed-in marketplace, not for visitors.
		if res := e.do("GET", "/api/tasks", "", nil); bytes.Contains(res.Raw, []byte(`"email"`)) {
			t.Errorf("a visitor sees an email on the open market: %s", res.Raw)
		}
		if res := e.do("GET", "/api/student/tasks/all?scope=mine", bob.Token, nil); !bytes.Contains(res.Raw, []byte(startup.Email)) {
			t.Errorf("a student does not see the startup's email: %s", res.Raw)
		}
	})
}
