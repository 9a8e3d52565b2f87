package httpapi_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"bridgework/backend/testenv"
)

// marketplaceData posts 50 tasks for one startup with 4 submissions each (one of every status),
// the shape the budget names, and returns the startup and the busiest student.
func marketplaceData(b *testing.B, e *env) (startup, student user) {
	b.Helper()
	startup = e.registerStartup("Bench Startup")
	students := []user{e.registerStudent("Ann"), e.registerStudent("Ben"), e.registerStudent("Cat"), e.registerStudent("Dan")}
	for i := range 50 {
		id := e.postTask(startup, map[string]any{"title": fmt.Sprintf("Bench task %02d", i)})
		for j, s := range students {
			e.submitLink(s, id, fmt.Sprintf("https://example.com/%d/%d", i, j))
		}
		switch i % 4 {
		case 1:
			e.review(startup, id, students[0].ID)
		case 2:
			e.decide(startup, id, students[0].ID, true, "Good")
		case 3:
			e.decide(startup, id, students[0].ID, false, "Not yet")
		}
	}
	return startup, students[0]
}

// BenchmarkMarketplace measures the two calls with a latency budget (p99 ≤ 20 ms at 200
// requests/s, see scripts/bench-marketplace.sh for the load test) through the whole handler
// stack: GET /api/startup/tasks for a startup with 50 tasks × 4 submissions, and
// GET /api/student/dashboard for a student with a submission on each of them.
func BenchmarkMarketplace(b *testing.B) {
	for _, kind := range testenv.Kinds() {
		e := newEnv(b, kind)
		startup, student := marketplaceData(b, e)
		for _, call := range []struct{ name, path, token string }{
			{"startup-tasks", "/api/startup/tasks", startup.Token},
			{"student-dashboard", "/api/student/dashboard", student.Token},
			{"startup-dashboard", "/api/startup/dashboard", startup.Token},
			{"open-tasks", "/api/tasks?search=bench&sort=title", ""},
			// The whole view the spec's client reads (own tasks first), beside its available half.
			{"student-market", "/api/student/tasks/all", student.Token},
			{"student-available", "/api/student/tasks/all?scope=available", student.Token},
		} {
			b.Run(string(kind)+"/"+call.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					req := httptest.NewRequest("GET", call.path, nil)
					if call.token != "" {
						req.Header.Set("Authorization", "Bearer "+call.token)
					}
					rec := httptest.NewRecorder()
					e.app.Handler.ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatalf("status %d: %s", rec.Code, rec.Body)
					}
				}
			})
		}
	}
}
