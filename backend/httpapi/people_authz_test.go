package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// peopleCast is everyone an authorization cell may act as, fresh for each route.
type peopleCast struct {
	student, otherStudent, startup, otherStartup, admin user
	resumeURL                                           string
}

func (e *env) newCast(withProfiles bool) peopleCast {
	e.t.Helper()
	c := peopleCast{
		student: e.registerStudent("Owner"), otherStudent: e.registerStudent("Other"),
		startup: e.registerStartup("Owner Inc"), otherStartup: e.registerStartup("Other Inc"), admin: e.admin(),
	}
	if withProfiles {
		e.withProfile(c.student, "Go")
		e.withProfile(c.otherStudent, "Go")
	}
	c.resumeURL = e.upload("/api/uploads/resume", c.student.Token, "resume", "cv.pdf", pdfBytes()).field("url")
	return c
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
}

const (
	stOK, stCreated, stUnauth, stForbidden = http.StatusOK, http.StatusCreated, http.StatusUnauthorized, http.StatusForbidden
	stBad                                  = http.StatusBadRequest
)

var peopleAdminOnly = [6]int{stUnauth, stForbidden, stForbidden, stForbidden, stForbidden, stOK}

func fixedPath(p string) func(peopleCast) string { return func(peopleCast) string { return p } }

var peopleAuthzTable = []peopleAuthzRow{
	{method: "GET", route: "/api/student/profile", withProfiles: true, path: fixedPath("/api/student/profile"),
		want: [6]int{stUnauth, stOK, stOK, stForbidden, stForbidden, stForbidden}},
	{method: "POST", route: "/api/student/profile", path: fixedPath("/api/student/profile"),
		body: func(c peopleCast) any { return fullProfile(c.student) }, want: [6]int{stUnauth, stCreated, stCreated, stForbidden, stForbidden, stForbidden}},
	{method: "PUT", route: "/api/student/profile", withProfiles: true, path: fixedPath("/api/student/profile"),
		body: func(c peopleCast) any { return fullProfile(c.student) }, want: [6]int{stUnauth, stOK, stOK, stForbidden, stForbidden, stForbidden}},
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
	{method: "GET", route: "/api/files/:id", path: func(c peopleCast) string { return c.resumeURL },
		want: [6]int{stOK, stOK, stOK, stOK, stOK, stOK}},
	{method: "GET", route: "/api/users", path: fixedPath("/api/users?role=student&skills=go"),
		want: [6]int{stUnauth, stOK, stOK, stOK, stOK, stOK}},
	{method: "GET", route: "/api/startup/students", path: fixedPath("/api/startup/students?skills=go"),
		want: [6]int{stUnauth, stForbidden, stForbidden, stOK, stOK, stForbidden}},
	{method: "GET", route: "/api/startup/students/:id", path: func(c peopleCast) string { return "/api/startup/students/" + c.student.ID },
		want: [6]int{stUnauth, stForbidden, stForbidden, stOK, stOK, stForbidden}},
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
	{method: "GET", route: "/api/admin/students", path: fixedPath("/api/admin/students?page=1"), want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/startups", path: fixedPath("/api/admin/startups?page=1"), want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/students/:id/dashboard", path: func(c peopleCast) string { return "/api/admin/students/" + c.student.ID + "/dashboard" },
		want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/startups/:id/dashboard", path: func(c peopleCast) string { return "/api/admin/startups/" + c.startup.ID + "/dashboard" },
		want: peopleAdminOnly},
	{method: "GET", route: "/api/admin/help-requests", path: fixedPath("/api/admin/help-requests"), want: peopleAdminOnly},
}

// isPeopleRoute tells which registered routes belong to issue 5, so a route added later without
// a row in the table fails the test.
func isPeopleRoute(method, path string) bool {
	switch {
	case path == "/api/admin/create-default-admin":
		return false
	case strings.HasPrefix(path, "/api/admin/"), strings.HasPrefix(path, "/api/uploads/"), strings.HasPrefix(path, "/api/files/"),
		strings.HasPrefix(path, "/api/startup/students"), strings.HasPrefix(path, "/api/startup/verification"):
		return true
	}
	for _, p := range []string{"/api/student/profile", "/api/startup/profile", "/api/me/password", "/api/users", "/api/startup/:id"} {
		if path == p {
			return true
		}
	}
	return false
}

func TestPeople_authorizationTable(t *testing.T) {
	profiles(t, func(t *testing.T, e *env) {
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
			t.Run(row.method+" "+row.route, func(t *testing.T) {
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
				}
			})
		}
	})
}
