package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"bridgework/backend/testenv"
	"bridgework/backend/uploads"
)

// peopleCast is everyone an authorization cell may act as, fresh for each route.
type peopleCast struct {
	student, otherStudent, startup, otherStartup, admin user
	// resumeURL is the student's résumé as stored (unsigned), signedResume the link its upload
	// answered with; avatarURL is the student's avatar.
	resumeURL, signedResume, avatarURL string
	// phone and collegeEmail are the student's own (withProfiles only), unlike anyone else's.
	phone, collegeEmail string
}

func (e *env) newCast(withProfiles bool) peopleCast {
	e.t.Helper()
	c := peopleCast{
		student: e.registerStudent("Owner"), otherStudent: e.registerStudent("Other"),
		startup: e.registerStartup("Owner Inc"), otherStartup: e.registerStartup("Other Inc"), admin: e.admin(),
	}
	c.signedResume = e.upload("/api/uploads/resume", c.student.Token, "resume", "cv.pdf", pdfBytes()).field("url")
	c.resumeURL = uploads.Unsigned(c.signedResume)
	c.avatarURL = e.uploadAvatar(c.student, pngBytes(e.t)).field("url")
	if withProfiles {
		body := fullProfile(c.student)
		body["skills"] = []map[string]any{{"name": "Go"}}
		body["phone"], body["collegeEmail"] = "+44 20 7946 0958", "owner"+testenv.RandomHex(4)+"@uni.edu"
		body["resume"], body["profilePicture"] = c.signedResume, c.avatarURL
		res := e.do("POST", "/api/student/profile", c.student.Token, body)
		if res.Status != http.StatusCreated {
			e.t.Fatalf("profile: %d %s", res.Status, res.Raw)
		}
		c.phone, c.collegeEmail = res.field("phone"), res.field("collegeEmail")
		e.withProfile(c.otherStudent, "Go")
	}
	return c
}

// seen is what of the student's private data a response shows.
type seen uint8

const (
	seesEmail   seen = 1 << iota // the sign-in email
	seesPrivate                  // phone and college email
	seesResume                   // the résumé, as a signed link only
	seesAll     = seesEmail | seesPrivate | seesResume
	seesNothing = seen(0)
)

func (s seen) String() string {
	names := []string{}
	for _, n := range []struct {
		bit  seen
		name string
	}{{seesEmail, "email"}, {seesPrivate, "phone and college email"}, {seesResume, "résumé"}} {
		if s&n.bit != 0 {
			names = append(names, n.name)
		}
	}
	if len(names) == 0 {
		return "nothing"
	}
	return strings.Join(names, ", ")
}

// revealed reads raw, a whole response, for the student's private data, wherever it appears.
// A résumé counts only as a signed link: the raw URL anywhere is an error.
func (c peopleCast) revealed(t *testing.T, raw []byte) seen {
	t.Helper()
	body := string(raw)
	var s seen
	if strings.Contains(body, c.student.Email) {
		s |= seesEmail
	}
	phone, college := strings.Contains(body, c.phone), strings.Contains(body, c.collegeEmail)
	if phone != college {
		t.Errorf("phone shown %v but college email %v: %s", phone, college, raw)
	}
	if phone {
		s |= seesPrivate
	}
	if strings.Contains(body, `"`+c.resumeURL+`"`) {
		t.Errorf("the résumé's unsigned URL is shown: %s", raw)
	}
	if strings.Contains(body, `"`+c.resumeURL+`?expires=`) {
		s |= seesResume
	}
	return s
}

// roles are the table's columns, in order.
var peopleRoles = []string{"anonymous", "student", "other student", "startup", "other startup", "admin"}

func (c peopleCast) token(role string) string {
	switch role {
	case "student":
		return c.student.Token
	case "other student":
		return c.otherStudent.Token
	case "startup":
		return c.startup.Token
	case "other startup":
		return c.otherStartup.Token
	case "admin":
		return c.admin.Token
	}
	return ""
}

type peopleAuthzRow struct {
	method, route string // route is the registered pattern
	withProfiles  bool
	path          func(c peopleCast) string
	body          func(c peopleCast) any
	upload        string // multipart field, for upload routes
	want          [6]int // per role, in the order of roles
	// sees, when set, is what each role may see of the student's private data (withProfiles).
	sees *[6]seen
	name string // tells apart rows of one route
}

const (
	stOK, stCreated, stUnauth, stForbidden = http.StatusOK, http.StatusCreated, http.StatusUnauthorized, http.StatusForbidden
	stBad                                  = http.StatusBadRequest
)

// What a startup sees of a student: enough to hire them (spec: Browse Students).
const seesHire = seesEmail | seesResume

var (
	seenByOwner    = &[6]seen{seesNothing, seesAll, seesNothing, seesNothing, seesNothing, seesNothing}
	seenByHirers   = &[6]seen{seesNothing, seesNothing, seesNothing, seesHire, seesHire, seesAll}
	seenByStartups = &[6]seen{seesNothing, seesNothing, seesNothing, seesHire, seesHire, seesNothing}
	seenByAdmin    = &[6]seen{seesNothing, seesNothing, seesNothing, seesNothing, seesNothing, seesAll}
	seenByNobody   = &[6]seen{}
	seenByEveryone = &[6]seen{seesNothing, seesAll, seesNothing, seesHire, seesHire, seesAll}
)

var peopleAdminOnly = [6]int{stUnauth, stForbidden, stForbidden, stForbidden, stForbidden, stOK}

func fixedPath(p string) func(peopleCast) string { return func(peopleCast) string { return p } }

var peopleAuthzTable = []peopleAuthzRow{
	{method: "GET", route: "/api/student/profile", withProfiles: true, path: fixedPath("/api/student/profile"),
		want: [6]int{stUnauth, stOK, stOK, stForbidden, stForbidden, stForbidden}, sees: seenByOwner},
	{method: "POST", route: "/api/student/profile", path: fixedPath("/api/student/profile"),
		// The body names the student (userId): another student sending it is refused.
		body: func(c peopleCast) any { return fullProfile(c.student) }, want: [6]int{stUnauth, stCreated, stForbidden, stForbidden, stForbidden, stForbidden}},
	{method: "PUT", route: "/api/student/profile", withProfiles: true, path: fixedPath("/api/student/profile"),
		body: func(c peopleCast) any { return fullProfile(c.student) }, want: [6]int{stUnauth, stOK, stForbidden, stForbidden, stForbidden, stForbidden}},
	{method: "PUT", route: "/api/startup/profile", path: fixedPath("/api/startup/profile"),
		body: func(peopleCast) any { return map[string]any{"companyName": "Renamed", "industry": "AI"} },
		want: [6]int{stUnauth, stForbidden, stForbidden, stOK, stOK, stForbidden}},
	{method: "POST", route: "/api/me/password", path: fixedPath("/api/me/password"),
		body: func(peopleCast) any {
			return map[string]any{"currentPassword": "secret123", "newPassword": "secret456", "confirmPassword": "secret456"}
		},
		want: [6]int{stUnauth, stOK, stOK, stOK, stOK, stForbidden}},
	{method: "POST", route: "/api/uploads/avatar", path: fixedPath("/api/uploads/avatar"), upload: "avatar",
		want: [6]int{stUnauth, stCreated, stCreated, stCreated, stCreated, stForbidden}},
	{method: "POST", route: "/api/uploads/resume", path: fixedPath("/api/uploads/resume"), upload: "resume",
		want: [6]int{stUnauth, stCreated, stCreated, stForbidden, stForbidden, stForbidden}},
	{method: "POST", route: "/api/uploads/task-image", path: fixedPath("/api/uploads/task-image"), upload: "image",
		want: [6]int{stUnauth, stForbidden, stForbidden, stCreated, stCreated, stForbidden}},
	// Files for chat: both sides; the admin has no chat. Who may open one: TestChatFiles_access.
	{method: "POST", route: "/api/uploads/chat", path: fixedPath("/api/uploads/chat"), upload: "file",
		want: [6]int{stUnauth, stCreated, stCreated, stCreated, stCreated, stForbidden}},
	// A résumé opens only through a signed link, whoever asks; the link itself is the permission,
	// handed out only to those who may see the résumé (TestResumeLinks).
	{method: "GET", route: "/api/files/:id", name: "résumé, unsigned", path: func(c peopleCast) string { return c.resumeURL },
		want: [6]int{stForbidden, stForbidden, stForbidden, stForbidden, stForbidden, stForbidden}},
	{method: "GET", route: "/api/files/:id", name: "résumé, signed", path: func(c peopleCast) string { return c.signedResume },
		want: [6]int{stOK, stOK, stOK, stOK, stOK, stOK}},
	{method: "GET", route: "/api/files/:id", name: "avatar", path: func(c peopleCast) string { return c.avatarURL },
		want: [6]int{stOK, stOK, stOK, stOK, stOK, stOK}},
	{method: "GET", route: "/api/users", withProfiles: true, path: fixedPath("/api/users?role=student&skills=go"),
		want: [6]int{stUnauth, stForbidden, stForbidden, stOK, stOK, stOK}, sees: seenByHirers},
	{method: "GET", route: "/api/users", name: "startups", withProfiles: true, path: fixedPath("/api/users?role=startup"),
		want: [6]int{stUnauth, stOK, stOK, stOK, stOK, stOK}, sees: seenByNobody},
	{method: "GET", route: "/api/users/:id", withProfiles: true, path: func(c peopleCast) string { return "/api/users/" + c.student.ID },
		want: [6]int{stUnauth, stOK, stOK, stOK, stOK, stOK}, sees: seenByEveryone},
	{method: "GET", route: "/api/startup/students", withProfiles: true, path: fixedPath("/api/startup/students?skills=go"),
		want: [6]int{stUnauth, stForbidden, stForbidden, stOK, stOK, stForbidden}, sees: seenByStartups},
	{method: "GET", route: "/api/startup/students/:id", withProfiles: true, path: func(c peopleCast) string { return "/api/startup/students/" + c.student.ID },
		want: [6]int{stUnauth, stForbidden, stForbidden, stOK, stOK, stForbidden}, sees: seenByStartups},
	{method: "GET", route: "/api/startup/:id", path: func(c peopleCast) string { return "/api/startup/" + c.startup.ID },
		want: [6]int{stUnauth, stOK, stOK, stOK, stOK, stOK}},
	// Company verification: a fresh startup has no website yet (400) and a garbage token is
	// invalid (400); everyone else is refused before either is looked at.
	{method: "POST", route: "/api/startup/verification", path: fixedPath("/api/startup/verification"),
		body: func(peopleCast) any { return map[string]any{"email": "ceo@nimbus.io"} },
		want: [6]int{stUnauth, stForbidden, stForbidden, stBad, stBad, stForbidden}},
	{method: "POST", route: "/api/startup/verification/confirm", path: fixedPath("/api/startup/verification/confirm"),
		body: func(peopleCast) any { return map[string]any{"token": "garbage"} },
		want: [6]int{stUnauth, stForbidden, stForbidden, stBad, stBad, stForbidden}},
	{method: "GET", route: "/api/admin/stats", path: fixedPath("/api/admin/stats"), want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/activity", path: fixedPath("/api/admin/activity"), want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/students", withProfiles: true, path: fixedPath("/api/admin/students?page=1"), want: peopleAdminOnly,
		sees: seenByAdmin},
	{method: "GET", route: "/api/admin/startups", path: fixedPath("/api/admin/startups?page=1"), want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/dashboard/student/:id", withProfiles: true, path: func(c peopleCast) string { return "/api/admin/dashboard/student/" + c.student.ID },
		want: peopleAdminOnly, sees: seenByAdmin},
	{method: "GET", route: "/api/admin/dashboard/startup/:id", path: func(c peopleCast) string { return "/api/admin/dashboard/startup/" + c.startup.ID },
		want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/help-requests", path: fixedPath("/api/admin/help-requests"), want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/audit", path: fixedPath("/api/admin/audit"), want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/audit/verify", path: fixedPath("/api/admin/audit/verify"), want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/ledger", path: fixedPath("/api/admin/ledger"), want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/ledger/check", path: fixedPath("/api/admin/ledger/check"), want: peopleAdminOnly},
}

// isPeopleRoute tells which registered routes are the people routes (spec §6), so a route added
// later without a row in the table fails the test.
func isPeopleRoute(method, path string) bool {
	switch {
	case path == "/api/admin/create-default-admin":
		return false
	case strings.HasPrefix(path, "/api/admin/"), strings.HasPrefix(path, "/api/uploads/"), strings.HasPrefix(path, "/api/files/"),
		strings.HasPrefix(path, "/api/startup/students"), strings.HasPrefix(path, "/api/startup/verification"):
		return true
	}
	for _, p := range []string{"/api/student/profile", "/api/startup/profile", "/api/me/password", "/api/users", "/api/users/:id", "/api/startup/:id"} {
		if path == p {
			return true
		}
	}
	return false
}

func TestPeople_authorizationTable(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		covered := map[string]bool{}
		for _, row := range peopleAuthzTable {
			covered[row.method+" "+row.route] = true
		}
		for _, r := range e.app.Handler.Routes() {
			if isPeopleRoute(r.Method, r.Path) && !covered[r.Method+" "+r.Path] {
				t.Errorf("%s %s has no row in the authorization table", r.Method, r.Path)
			}
		}
		for _, row := range peopleAuthzTable {
			t.Run(strings.TrimSpace(row.method+" "+row.route+" "+row.name), func(t *testing.T) {
				c := e.newCast(row.withProfiles)
				for i, role := range peopleRoles {
					var res response
					if row.upload != "" {
						data := pngBytes(t)
						if row.upload == "resume" {
							data = pdfBytes()
						}
						res = e.upload(row.path(c), c.token(role), row.upload, "file", data)
					} else {
						var body any
						if row.body != nil {
							body = row.body(c)
						}
						res = e.do(row.method, row.path(c), c.token(role), body)
					}
					if res.Status != row.want[i] {
						t.Errorf("as %s: %d, want %d (%s)", role, res.Status, row.want[i], res.Raw)
					}
					if row.sees != nil {
						if got := c.revealed(t, res.Raw); got != row.sees[i] {
							t.Errorf("as %s: sees the student's %s, want %s (%s)", role, got, row.sees[i], res.Raw)
						}
					}
				}
			})
		}
	})
}
