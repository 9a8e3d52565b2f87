package httpapi_test

import (
	"net/http"
	"reflect"
	"testing"
)

// TestTasks_Reject: POST /reject {studentId, reviewNotes} rejects exactly as the spec's
// POST /approve {approve: false} does: the same answer, the same submission, task and bell
// afterwards, and the same refusals.
func TestTasks_Reject(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Reject Inc")
		routes := map[string]func(taskID, studentID, notes string) response{
			"approve false": func(id, studentID, notes string) response { return e.decide(startup, id, studentID, false, notes) },
			"reject":        func(id, studentID, notes string) response { return e.reject(startup, id, studentID, notes) },
		}
		// outcome is what a rejection answered and left behind, without ids and times.
		type outcome struct {
			status                        int
			message, code                 string
			submission, reviewNotes, task string
			revisions                     int
			certificate                   bool
			state                         stateOf
			bell                          string
		}
		decideAs := func(t *testing.T, route string, underReview bool, notes string) (outcome, outcome) {
			student := e.registerStudent("Rejected")
			id := e.postTask(startup, nil)
			if res := e.submitLink(student, id, "https://example.com/work"); res.Status != http.StatusOK {
				t.Fatalf("submit: %d %s", res.Status, res.Raw)
			}
			if underReview {
				e.review(startup, id, student.ID)
			}
			result := func(res response) outcome {
				o := outcome{status: res.Status, message: res.field("message"), code: res.field("code")}
				_, o.certificate = res.Body["certificate"]
				if sub, ok := res.Body["submission"].(map[string]any); ok {
					o.submission, o.reviewNotes = sub["status"].(string), sub["reviewNotes"].(string)
					o.revisions = len(sub["revisions"].([]any))
				}
				o.state = e.state(startup, student, id)
				o.task = o.state.task
				if texts := e.notificationTexts(student, "/api/student/notifications"); len(texts) > 0 {
					o.bell = texts[0]
				}
				return o
			}
			first := result(routes[route](id, student.ID, notes))
			again := result(routes[route](id, student.ID, notes))
			return first, again
		}
		for _, underReview := range []bool{false, true} {
			name := map[bool]string{false: "pending", true: "under-review"}[underReview]
			t.Run(name, func(t *testing.T) {
				wantFirst, wantAgain := decideAs(t, "approve false", underReview, "Not what we asked for")
				gotFirst, gotAgain := decideAs(t, "reject", underReview, "Not what we asked for")
				if wantFirst.status != http.StatusOK || wantFirst.submission != "rejected" || wantAgain.status != http.StatusConflict {
					t.Fatalf("approve false: %+v then %+v, want 200 rejected then 409", wantFirst, wantAgain)
				}
				if !reflect.DeepEqual(gotFirst, wantFirst) {
					t.Errorf("reject: %+v, want what approve false did: %+v", gotFirst, wantFirst)
				}
				if !reflect.DeepEqual(gotAgain, wantAgain) {
					t.Errorf("reject again: %+v, want what approve false did: %+v", gotAgain, wantAgain)
				}
			})
		}
		t.Run("without a student", func(t *testing.T) {
			id := e.postTask(startup, nil)
			want := e.do("POST", "/api/startup/tasks/"+id+"/approve", startup.Token, map[string]any{"approve": false})
			got := e.do("POST", "/api/startup/tasks/"+id+"/reject", startup.Token, map[string]any{})
			if got.Status != want.Status || got.Status != http.StatusBadRequest || string(got.Raw) != string(want.Raw) {
				t.Errorf("reject: %d %s, want approve false's %d %s", got.Status, got.Raw, want.Status, want.Raw)
			}
		})
	})
}
