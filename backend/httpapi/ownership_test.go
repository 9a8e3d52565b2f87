package httpapi_test

import (
	"net/http"
	"testing"

	"bridgework/backend/store"
)

// TestTasks_Ownership: who may do what. Another startup cannot see, review or approve a task (404,
// state unchanged); another student cannot download a certificate; a student cannot post work;
// the admin cannot change anything; nobody signed out can do anything but read /api/tasks.
func TestTasks_Ownership(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		owner := e.registerStartup("Owner Inc")
		other := e.registerStartup("Other Inc")
		student := e.registerStudent("Stu")
		stranger := e.registerStudent("Stranger")
		admin := e.admin()

		id := e.postTask(owner, nil)
		e.submitLink(student, id, "https://example.com/work")
		done := e.postTask(owner, nil)
		e.submitLink(student, done, "https://example.com/done")
		cert := e.decide(owner, done, student.ID, true, "").Body["certificate"].(map[string]any)["_id"].(string)
		assigned := e.postTask(owner, map[string]any{"assignedStudent": student.ID})
		notes := decodeList(t, e.do("GET", "/api/student/notifications", student.Token, nil))
		ownerNotes := decodeList(t, e.do("GET", "/api/startup/notifications", owner.Token, nil))
		before := e.state(owner, student, id)

		review := map[string]any{"studentId": student.ID}
		approve := map[string]any{"studentId": student.ID, "approve": true}
		reject := map[string]any{"studentId": student.ID, "reviewNotes": "no"}
		link := map[string]any{"link": "https://example.com/x"}
		cases := []struct {
			name, method, path string
			who                user
			body               any
			want               int
		}{
			{"other startup reads the task", "GET", "/api/startup/tasks/" + id, other, nil, 404},
			{"other startup reviews", "POST", "/api/startup/tasks/" + id + "/review", other, review, 404},
			{"other startup approves", "POST", "/api/startup/tasks/" + id + "/approve", other, approve, 404},
			{"other startup rejects", "POST", "/api/startup/tasks/" + id + "/approve", other, map[string]any{"studentId": student.ID, "approve": false}, 404},
			{"other startup rejects at /reject", "POST", "/api/startup/tasks/" + id + "/reject", other, reject, 404},
			{"owner, unknown task", "POST", "/api/startup/tasks/" + store.NewID() + "/approve", owner, approve, 404},
			{"owner rejects an unknown task", "POST", "/api/startup/tasks/" + store.NewID() + "/reject", owner, reject, 404},
			{"owner, student without a submission", "POST", "/api/startup/tasks/" + id + "/approve", owner, map[string]any{"studentId": stranger.ID, "approve": true}, 404},
			{"owner rejects a student without a submission", "POST", "/api/startup/tasks/" + id + "/reject", owner, map[string]any{"studentId": stranger.ID}, 404},
			{"student reviews", "POST", "/api/startup/tasks/" + id + "/review", student, review, 403},
			{"student approves", "POST", "/api/startup/tasks/" + id + "/approve", student, approve, 403},
			{"student rejects", "POST", "/api/startup/tasks/" + id + "/reject", student, reject, 403},
			{"student posts work", "POST", "/api/startup/tasks", student, validTask(nil), 403},
			{"student reads startup tasks", "GET", "/api/startup/tasks", student, nil, 403},
			{"student reads the tab counts", "GET", "/api/startup/tasks/counts", student, nil, 403},
			{"admin reads the tab counts", "GET", "/api/startup/tasks/counts", admin, nil, 403},
			{"signed out reads the tab counts", "GET", "/api/startup/tasks/counts", user{}, nil, 401},
			{"startup submits a link", "POST", "/api/student/tasks/" + id + "/submit-link", owner, link, 403},
			{"student submits to a task assigned to another", "POST", "/api/student/tasks/" + assigned + "/submit-link", stranger, link, 404},
			{"another student downloads the certificate", "GET", "/api/student/certificates/" + cert + "/download", stranger, nil, 404},
			{"the startup downloads the certificate", "GET", "/api/student/certificates/" + cert + "/download", owner, nil, 403},
			{"another user marks a notification read", "PATCH", "/api/student/notifications/" + notes[0]["_id"].(string) + "/read", stranger, nil, 404},
			{"another startup marks a notification read", "PATCH", "/api/startup/notifications/" + ownerNotes[0]["_id"].(string) + "/read", other, nil, 404},
			{"admin posts work", "POST", "/api/startup/tasks", admin, validTask(nil), 403},
			{"admin reviews", "POST", "/api/startup/tasks/" + id + "/review", admin, review, 403},
			{"admin approves", "POST", "/api/startup/tasks/" + id + "/approve", admin, approve, 403},
			{"admin rejects", "POST", "/api/startup/tasks/" + id + "/reject", admin, reject, 403},
			{"admin submits a link", "POST", "/api/student/tasks/" + id + "/submit-link", admin, link, 403},
			{"admin marks a student notification read", "PATCH", "/api/student/notifications/" + notes[0]["_id"].(string) + "/read", admin, nil, 403},
			{"admin marks a startup notification read", "PATCH", "/api/startup/notifications/" + ownerNotes[0]["_id"].(string) + "/read", admin, nil, 403},
			{"signed out posts work", "POST", "/api/startup/tasks", user{}, validTask(nil), 401},
			{"signed out approves", "POST", "/api/startup/tasks/" + id + "/approve", user{}, approve, 401},
			{"signed out rejects", "POST", "/api/startup/tasks/" + id + "/reject", user{}, reject, 401},
			{"signed out submits", "POST", "/api/student/tasks/" + id + "/submit-link", user{}, link, 401},
			{"signed out downloads", "GET", "/api/student/certificates/" + cert + "/download", user{}, nil, 401},
			{"signed out lists open tasks", "GET", "/api/tasks", user{}, nil, 200},
			{"signed out verifies", "GET", "/api/certificates/verify/BW-AAAAAAAAAAAAAAAA", user{}, nil, 404},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				if res := e.do(tc.method, tc.path, tc.who.Token, tc.body); res.Status != tc.want {
					t.Errorf("%s %s: %d %s, want %d", tc.method, tc.path, res.Status, res.Raw, tc.want)
				}
			})
		}
		if after := e.state(owner, student, id); after != before {
			t.Errorf("refused calls changed %+v into %+v", before, after)
		}
		var tasks int64
		e.app.DB.Table("tasks").Count(&tasks)
		if tasks != 3 {
			t.Errorf("%d tasks exist, want the owner's 3", tasks)
		}
		if res := e.do("GET", "/api/student/certificates/"+cert+"/download", student.Token, nil); res.Status != http.StatusOK {
			t.Errorf("owner's download: %d", res.Status)
		}
	})
}
