package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"bridgework/backend/store"
)

// roleCallers are the columns of roleTable, in order.
var roleCallers = [4]string{"anonymous", "student", "startup", "admin"}

const (
	stNotFound        = http.StatusNotFound
	stConflict        = http.StatusConflict
	stUpgradeRequired = http.StatusUpgradeRequired
)

// A row of roleTable: who the route admits, and the status those it admits get.
func forAnyone(status int) [4]int   { return [4]int{status, status, status, status} }
func forSignedIn(status int) [4]int { return [4]int{stUnauth, status, status, status} }
func forStudents(status int) [4]int { return [4]int{stUnauth, status, stForbidden, stForbidden} }
func forStartups(status int) [4]int { return [4]int{stUnauth, stForbidden, status, stForbidden} }
func forAdmin(status int) [4]int    { return [4]int{stUnauth, stForbidden, stForbidden, status} }

// forMembers is a route for both sides of the marketplace, never the admin.
func forMembers(student, startup int) [4]int { return [4]int{stUnauth, student, startup, stForbidden} }

// roleTable is every route under /api, by method and registered path, with the status each
// caller gets when it asks with no body, no query and an unknown id in every path parameter.
// A caller the route admits gets past authorization: its handler answers (200, 400 for the
// missing input, 404 for the unknown id).
var roleTable = map[string][4]int{
	"POST /api/register":        forAnyone(stBad),
	"POST /api/login":           forAnyone(stBad),
	"POST /api/logout":          forSignedIn(stOK),
	"POST /api/forgot-password": forAnyone(stBad),
	"POST /api/reset-password":  forAnyone(stBad),

	"POST /api/admin/create-default-admin":     forAnyone(stBad),
	"GET /api/admin/stats":                     forAdmin(stOK),
	"GET /api/admin/activity":                  forAdmin(stOK),
	"GET /api/admin/students":                  forAdmin(stOK),
	"GET /api/admin/startups":                  forAdmin(stOK),
	"GET /api/admin/dashboard/student/:id":     forAdmin(stNotFound),
	"GET /api/admin/dashboard/startup/:id":     forAdmin(stNotFound),
	"GET /api/admin/help-requests":             forAdmin(stOK),
	"GET /api/admin/audit":                     forAdmin(stOK),
	"GET /api/admin/audit/verify":              forAdmin(stOK),
	"GET /api/admin/ledger":                    forAdmin(stOK),
	"GET /api/admin/ledger/check":              forAdmin(stOK),
	"GET /api/certificates/verify/:number":     forAnyone(stNotFound),
	"GET /api/certificates/:number/credential": forAnyone(stNotFound),
	"GET /api/certificates/:number/badge.png":  forAnyone(stNotFound),
	"POST /api/credentials/verify":             forAnyone(stBad),
	"GET /api/chat/conversations":              forMembers(stOK, stOK),
	"GET /api/chat/partners":                   forMembers(stOK, stOK),
	"POST /api/chat/send":                      forMembers(stBad, stBad),
	"POST /api/chat/read-all":                  forMembers(stOK, stOK),
	"GET /api/chat/:userId":                    forMembers(stNotFound, stNotFound),
	"POST /api/chat/:userId/read":              forMembers(stNotFound, stNotFound),
	"GET /api/files/:id":                       forAnyone(stNotFound),
	"POST /api/help":                           forAnyone(stBad),
	"GET /api/payments":                        forSignedIn(stOK),
	"GET /api/payments/:id":                    forSignedIn(stNotFound),
	"GET /api/payments/:id/receipt":            forSignedIn(stNotFound),
	"POST /api/payments/:id/sent":              forStartups(stBad), // no method given
	"POST /api/payments/:id/received":          forStudents(stNotFound),
	"POST /api/payments/:id/not-received":      forStudents(stBad), // no note given
	"GET /api/payments/provider":               forAnyone(stOK),
	"GET /api/currency-rates":                  forAnyone(stOK),
	// The role table's server pays offline: what only Stripe does is refused.
	"POST /api/payments/stripe/webhook":           forAnyone(stConflict),
	"GET /api/student/payouts":                    forStudents(stOK),
	"GET /api/startup/tasks/:id/matches":          forStartups(stNotFound),
	"GET /api/startup/matches":                    forStartups(stOK),
	"GET /api/student/recommended":                forStudents(stOK),
	"POST /api/student/payouts/onboarding":        forStudents(stConflict),
	"POST /api/startup/tasks/:id/funding":         forStartups(stConflict),
	"GET /api/me":                                 forSignedIn(stOK),
	"POST /api/me/password":                       forMembers(stBad, stBad),
	"GET /api/me/security-events":                 forSignedIn(stOK),
	"GET /api/me/ratings":                         forMembers(stOK, stOK),
	"GET /api/me/notification-settings":           forSignedIn(stOK),
	"PUT /api/me/notification-settings":           forSignedIn(stBad),
	"POST /api/unsubscribe":                       forAnyone(stBad),
	"POST /api/ratings":                           forMembers(stBad, stBad),
	"PUT /api/ratings/:id":                        forMembers(stBad, stBad),
	"POST /api/ratings/:id/answer":                forStartups(stBad),
	"GET /api/openapi.json":                       forAnyone(stOK),
	"GET /api/sessions":                           forSignedIn(stOK),
	"DELETE /api/sessions/:id":                    forSignedIn(stNotFound),
	"POST /api/sessions/end-all":                  forSignedIn(stOK),
	"GET /api/startup/all":                        forSignedIn(stOK),
	"GET /api/startup/:id":                        forSignedIn(stNotFound),
	"PUT /api/startup/profile":                    forStartups(stBad),
	"POST /api/startup/tasks":                     forStartups(stBad),
	"GET /api/startup/tasks":                      forStartups(stOK),
	"GET /api/startup/tasks/counts":               forStartups(stOK),
	"GET /api/startup/tasks/:id":                  forStartups(stNotFound),
	"PUT /api/startup/tasks/:id":                  forStartups(stBad),
	"DELETE /api/startup/tasks/:id":               forStartups(stNotFound),
	"POST /api/startup/tasks/:id/close":           forStartups(stBad),
	"POST /api/startup/tasks/:id/repost":          forStartups(stNotFound),
	"POST /api/startup/tasks/:id/review":          forStartups(stBad),
	"POST /api/startup/tasks/:id/request-changes": forStartups(stBad),
	"POST /api/startup/tasks/:id/approve":         forStartups(stBad),
	"POST /api/startup/tasks/:id/reject":          forStartups(stBad),
	"GET /api/startup/submissions":                forStartups(stOK),
	"GET /api/startup/dashboard":                  forStartups(stOK),
	"GET /api/startup/students":                   forStartups(stOK),
	"GET /api/startup/students/:id":               forStartups(stNotFound),
	"POST /api/startup/verification":              forStartups(stBad),
	"POST /api/startup/verification/confirm":      forStartups(stBad),
	"GET /api/startup/notifications":              forStartups(stOK),
	"PATCH /api/startup/notifications/:id/read":   forStartups(stNotFound),
	"GET /api/student/profile":                    forStudents(stOK),
	// An empty body is a valid, empty profile.
	"POST /api/student/profile": forStudents(stCreated),
	// A student's empty body creates an empty profile; a startup's lacks the company name.
	"PUT /api/student/profile":                   forMembers(stOK, stBad),
	"POST /api/student/tasks/:id/submit-link":    forStudents(stBad),
	"GET /api/student/saved-searches":            forStudents(stOK),
	"POST /api/student/saved-searches":           forStudents(stBad),
	"DELETE /api/student/saved-searches/:id":     forStudents(stNotFound),
	"GET /api/student/tasks/all":                 forSignedIn(stOK),
	"GET /api/student/dashboard":                 forSignedIn(stOK),
	"GET /api/student/certificates":              forStudents(stOK),
	"GET /api/student/certificates/:id/download": forStudents(stNotFound),
	"GET /api/student/badges-certificates":       forStudents(stOK),
	"GET /api/student/notifications":             forStudents(stOK),
	"PATCH /api/student/notifications/:id/read":  forStudents(stNotFound),
	"GET /api/tasks":                             forAnyone(stOK),
	"GET /api/tasks/:id":                         forAnyone(stNotFound),
	"POST /api/uploads/avatar":                   forMembers(stBad, stBad),
	"POST /api/uploads/resume":                   forStudents(stBad),
	"POST /api/uploads/task-image":               forStartups(stBad),
	"POST /api/uploads/chat":                     forMembers(stBad, stBad),
	"GET /api/users":                             forSignedIn(stBad), // ?role is required
	"GET /api/users/:id":                         forSignedIn(stNotFound),
	"GET /api/users/:id/ratings":                 forSignedIn(stNotFound),
	// The socket authenticates by its first frame; a request that is no upgrade is refused.
	"GET /api/ws": forAnyone(stUpgradeRequired),
}

// TestRoutes_roleTable asks every route under /api as every kind of caller. The rows come from
// the router's own list, so a route added without a row fails, and so does a row left behind.
// Every 401 and 403 is the route table's (httpapi/routes.go): one message each.
func TestRoutes_roleTable(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		registered := map[string]bool{}
		for _, r := range e.app.Handler.Routes() {
			if !strings.HasPrefix(r.Path, "/api/") {
				continue
			}
			key := r.Method + " " + r.Path
			registered[key] = true
			want, ok := roleTable[key]
			if !ok {
				t.Errorf("%s has no row in roleTable", key)
				continue
			}
			t.Run(key, func(t *testing.T) {
				// Fresh callers for each route: /logout and /sessions/end-all end their sessions.
				tokens := [4]string{"", e.registerStudent("Role").Token, e.registerStartup("Role Inc").Token, e.admin().Token}
				path := ginParam.ReplaceAllString(r.Path, store.NewID())
				for i, caller := range roleCallers {
					if r.Path == "/api/ws" {
						// The hub answers in plain text, outside the JSON contract do checks.
						if got := e.statusOf(r.Method, path, tokens[i], nil); got != want[i] {
							t.Errorf("as %s: %d, want %d", caller, got, want[i])
						}
						continue
					}
					res := e.do(r.Method, path, tokens[i], nil)
					if res.Status != want[i] {
						t.Errorf("as %s: %d, want %d (%s)", caller, res.Status, want[i], res.Raw)
					}
					if msg := res.field("message"); res.Status == stUnauth && msg != "Please sign in to continue." ||
						res.Status == stForbidden && msg != "You do not have access to this." {
						t.Errorf("as %s: %d says %q, not the route table's", caller, res.Status, msg)
					}
				}
			})
		}
		for key := range roleTable {
			if !registered[key] {
				t.Errorf("roleTable has a row for %s, which is not a route", key)
			}
		}
	})
}
