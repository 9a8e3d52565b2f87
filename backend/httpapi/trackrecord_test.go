package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"gorm.io/gorm"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

type trackRecord struct {
	ApprovedTasks int `json:"approvedTasks"`
	Certificates  []struct {
		Number   string `json:"number"`
		Title    string `json:"title"`
		IssuedAt string `json:"issuedAt"`
	} `json:"certificates"`
	VerifiedSkills []string `json:"verifiedSkills"`
}

// trackRecordOf decodes the trackRecord of a user object; nil when there is none.
func trackRecordOf(t *testing.T, user any) *trackRecord {
	t.Helper()
	raw, _ := json.Marshal(user)
	var out struct {
		TrackRecord *trackRecord `json:"trackRecord"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("user: %v", err)
	}
	return out.TrackRecord
}

// TestTrackRecord_listsAndProfiles: the people lists, a startup's view of a student, a user's
// page and the student's own profile show approved tasks, certificates and verified skills; a
// student with none shows zeros, and a startup has no track record.
func TestTrackRecord_listsAndProfiles(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Record Inc")
		rosa, idle := e.registerStudent("Rosa"), e.registerStudent("Idle")
		e.withProfile(rosa, "Figma", "Go")
		for i := range 2 {
			id := e.postTask(startup, map[string]any{"title": fmt.Sprintf("Landing page %d", i)})
			e.submitLink(rosa, id, "https://example.com/rosa")
			if res := e.decide(startup, id, rosa.ID, true, ""); res.Status != http.StatusOK {
				t.Fatalf("approve: %d %s", res.Status, res.Raw)
			}
		}
		rejected := e.postTask(startup, map[string]any{"title": "Rejected one"})
		e.submitLink(rosa, rejected, "https://example.com/no")
		e.decide(startup, rejected, rosa.ID, false, "Not this time")

		check := func(where string, rec *trackRecord) {
			t.Helper()
			if rec == nil {
				t.Fatalf("%s: no trackRecord", where)
			}
			if rec.ApprovedTasks != 2 || len(rec.Certificates) != 2 {
				t.Errorf("%s: approvedTasks %d, certificates %d; want 2 and 2", where, rec.ApprovedTasks, len(rec.Certificates))
			}
			for _, c := range rec.Certificates {
				if c.Number == "" || c.Title == "" || c.IssuedAt == "" {
					t.Errorf("%s: certificate %+v lacks number, title or date", where, c)
				}
			}
			if len(rec.VerifiedSkills) != 1 || rec.VerifiedSkills[0] != "Figma" {
				t.Errorf("%s: verifiedSkills %v, want [Figma]", where, rec.VerifiedSkills)
			}
		}
		for _, path := range []string{"/api/users?role=student", "/api/startup/students"} {
			list := usersOf(t, e.do("GET", path, startup.Token, nil))
			check(path, trackRecordOf(t, list[rosa.ID]))
			if none := trackRecordOf(t, list[idle.ID]); none == nil || none.ApprovedTasks != 0 || none.Certificates == nil || len(none.Certificates) != 0 || none.VerifiedSkills == nil {
				t.Errorf("%s: a student without work has %+v, want zeros and empty lists", path, none)
			}
		}
		view := e.do("GET", "/api/startup/students/"+rosa.ID, startup.Token, nil)
		check("student view", trackRecordOf(t, view.Body["student"]))
		check("user page", trackRecordOf(t, e.do("GET", "/api/users/"+rosa.ID, startup.Token, nil).Body))
		check("own profile", trackRecordOf(t, e.do("GET", "/api/student/profile", rosa.Token, nil).Body))
		if rec := trackRecordOf(t, e.do("GET", "/api/users/"+startup.ID, rosa.Token, nil).Body); rec != nil {
			t.Errorf("a startup has a track record: %+v", rec)
		}
	})
}

// TestTrackRecord_fixedQueryCount: the student lists read every card's track record in the same
// number of queries for two students with nothing as for five with many certificates.
func TestTrackRecord_fixedQueryCount(t *testing.T) {
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			// On PostgreSQL the count is the database's own (executed): the reads reach it through
			// pgx, past gorm's callbacks.
			var ran func() int64
			e := newEnvPrepared(t, kind, func(c *config.Config) { c.UserCacheTTL = 0 }, func(db *gorm.DB) {
				ran = countQueries(t, db).Load
				if kind == testenv.Postgres {
					pool, _ := db.DB()
					pool.SetMaxOpenConns(1) // the plans counted are those of every statement the calls ran
					ran = func() int64 { return executed(t, pool) }
				}
			})
			startup := e.registerStartup("Count Inc")
			students := []user{e.registerStudent("Ann"), e.registerStudent("Ben")}
			paths := []string{"/api/users?role=student", "/api/startup/students"}
			measure := func() []int64 {
				var out []int64
				for _, p := range paths {
					before := ran()
					if res := e.do("GET", p, startup.Token, nil); res.Status != http.StatusOK {
						t.Fatalf("GET %s: %d %s", p, res.Status, res.Raw)
					}
					out = append(out, ran()-before)
				}
				return out
			}
			small := measure()
			for _, name := range []string{"Cat", "Dan", "Eve"} {
				students = append(students, e.registerStudent(name))
			}
			for i := range 3 {
				id := e.postTask(startup, map[string]any{"title": fmt.Sprintf("Task %d", i)})
				for _, s := range students {
					e.submitLink(s, id, "https://example.com/"+s.ID)
					e.decide(startup, id, s.ID, true, "")
				}
			}
			large := measure()
			for i, p := range paths {
				if small[i] != large[i] {
					t.Errorf("GET %s ran %d queries for 2 students and %d for 5 with certificates: it grows with the data", p, small[i], large[i])
				}
			}
		})
	}
}
