package httpapi_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// refreshMatching rebuilds the signals the rankings read, as the periodic job does.
func (e *env) refreshMatching() {
	e.t.Helper()
	if err := e.app.Matching.Refresh(context.Background()); err != nil {
		e.t.Fatalf("matching refresh: %v", err)
	}
}

// provedWork is a task of startup's with skills, in category, that student did and startup
// approved: a certificate proving the skills.
func (e *env) provedWork(startup, student user, category string, skills ...string) string {
	e.t.Helper()
	id := e.postTask(startup, map[string]any{"title": "Proof of " + strings.Join(skills, " "), "category": category, "skills": skills})
	if res := e.submitLink(student, id, "https://example.com/work/"+student.ID); res.Status != http.StatusCreated && res.Status != http.StatusOK {
		e.t.Fatalf("submit: %d %s", res.Status, res.Raw)
	}
	if res := e.decide(startup, id, student.ID, true, ""); res.Status != http.StatusOK {
		e.t.Fatalf("approve: %d %s", res.Status, res.Raw)
	}
	return id
}

// ranked is a ranking's rows: each row's id (its student's or task's), score and reasons.
type ranked struct {
	ids     []string
	scores  []float64
	reasons map[string][]string
}

func rankedOf(t *testing.T, res response, key string) ranked {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("ranking: %d %s", res.Status, res.Raw)
	}
	out := ranked{reasons: map[string][]string{}}
	for _, row := range items(res) {
		id := row[key].(map[string]any)["_id"].(string)
		out.ids = append(out.ids, id)
		out.scores = append(out.scores, row["score"].(float64))
		for _, r := range row["reasons"].([]any) {
			out.reasons[id] = append(out.reasons[id], r.(string))
		}
	}
	return out
}

func (e *env) setChoices(s user, choices map[string]any) {
	e.t.Helper()
	body := fullProfile(s)
	for k, v := range choices {
		body[k] = v
	}
	if res := e.do("PUT", "/api/student/profile", s.Token, body); res.Status != http.StatusOK {
		e.t.Fatalf("save profile: %d %s", res.Status, res.Raw)
	}
}

// TestMatching_studentsForATask: on a crafted marketplace whose order is known, a student with
// React proved by approved work ranks above one who only lists React and CSS, above one who lists
// CSS alone; a student who hid from matches never appears, whatever they proved; the draft's
// matches rank the same; pages split the order and count it all; each row says why; another startup's task is not found; Find Students
// and the people lists do not show the hidden student to startups, while the admin sees them.
func TestMatching_studentsForATask(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, other := e.registerStartup("Match Labs"), e.registerStartup("Other Labs")
		proved, claims, without, hidden := e.registerStudent("Proved"), e.registerStudent("Claims"), e.registerStudent("Without"), e.registerStudent("Hidden")
		e.withProfile(claims, "React", "CSS")
		e.withProfile(without, "CSS")
		e.provedWork(other, proved, "web-development", "React")
		e.provedWork(other, hidden, "web-development", "React")
		e.provedWork(other, hidden, "web-development", "React")
		e.withProfile(hidden, "React", "CSS")
		e.setChoices(hidden, map[string]any{"discoverable": false})
		task := e.postTask(startup, map[string]any{"title": "React and CSS work", "skills": []string{"React", "CSS"}})
		e.refreshMatching()

		want := []string{proved.ID, claims.ID, without.ID}
		got := rankedOf(t, e.do("GET", "/api/startup/tasks/"+task+"/matches", startup.Token, nil), "student")
		if !slices.Equal(got.ids, want) {
			t.Fatalf("matches %v, want %v (proved, claims, without; hidden never)", got.ids, want)
		}
		if !slices.IsSortedFunc(got.scores, func(a, b float64) int { return int(b - a) }) || got.scores[0] <= got.scores[1] || got.scores[1] <= got.scores[2] {
			t.Errorf("scores %v, want strictly falling", got.scores)
		}
		if r := got.reasons[proved.ID]; !slices.Contains(r, "React proved in 1 approved task") || !slices.Contains(r, "1 task approved in web-development") {
			t.Errorf("the proved student's reasons %q", r)
		}
		if r := got.reasons[claims.ID]; !slices.Contains(r, "lists React and CSS on their profile") {
			t.Errorf("the claiming student's reasons %q", r)
		}
		for _, page := range []struct {
			query string
			ids   []string
		}{{"?per_page=2", want[:2]}, {"?per_page=2&page=2", want[2:]}, {"?per_page=2&page=3", nil}} {
			res := e.do("GET", "/api/startup/tasks/"+task+"/matches"+page.query, startup.Token, nil)
			if got := rankedOf(t, res, "student"); !slices.Equal(got.ids, page.ids) || res.Header.Get("X-Total-Count") != "3" {
				t.Errorf("matches%s: %v, X-Total-Count %q; want %v of 3", page.query, got.ids, res.Header.Get("X-Total-Count"), page.ids)
			}
		}
		draft := rankedOf(t, e.do("GET", "/api/startup/matches?skills=React,CSS&category=web-development", startup.Token, nil), "student")
		if !slices.Equal(draft.ids, want) {
			t.Errorf("draft matches %v, want %v", draft.ids, want)
		}
		if res := e.do("GET", "/api/startup/tasks/"+task+"/matches", other.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("another startup's matches: %d, want 404", res.Status)
		}
		for _, path := range []string{"/api/startup/students?skills=React", "/api/users?role=student&skills=React"} {
			if _, listed := usersOf(t, e.do("GET", path, startup.Token, nil))[hidden.ID]; listed {
				t.Errorf("%s lists the hidden student to a startup", path)
			}
		}
		if _, listed := usersOf(t, e.do("GET", "/api/users?role=student&skills=React", e.admin().Token, nil))[hidden.ID]; !listed {
			t.Errorf("the admin's list lost the hidden student")
		}

		// Shown again once the student lets startups find them.
		e.setChoices(hidden, map[string]any{"discoverable": true})
		again := rankedOf(t, e.do("GET", "/api/startup/tasks/"+task+"/matches", startup.Token, nil), "student")
		if len(again.ids) != 4 || again.ids[0] != hidden.ID {
			t.Errorf("after showing again: %v, want the hidden student (two proofs) first of 4", again.ids)
		}
	})
}

// TestMatching_choicesSavedWithTheProfile: both choices start true, are saved by POST and PUT
// /api/student/profile, are kept by a save that leaves them out (the spec's client), and are shown
// to the student alone.
func TestMatching_choicesSavedWithTheProfile(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		s, startup := e.registerStudent("Chooser"), e.registerStartup("Viewer Labs")
		e.withProfile(s)
		choices := func() (any, any) {
			res := e.do("GET", "/api/student/profile", s.Token, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("profile: %d %s", res.Status, res.Raw)
			}
			return res.Body["discoverable"], res.Body["acceptsInvitations"]
		}
		if d, a := choices(); d != true || a != true {
			t.Fatalf("new profile: discoverable %v, acceptsInvitations %v; want true, true", d, a)
		}
		e.setChoices(s, map[string]any{"discoverable": false, "acceptsInvitations": false})
		if d, a := choices(); d != false || a != false {
			t.Errorf("after saving false: %v, %v", d, a)
		}
		e.setChoices(s, nil) // the spec's client's save: neither field
		if d, a := choices(); d != false || a != false {
			t.Errorf("a save without them changed them: %v, %v", d, a)
		}
		page := e.do("GET", "/api/users/"+s.ID, startup.Token, nil)
		if _, shown := page.Body["discoverable"]; shown || page.Status != http.StatusOK {
			t.Errorf("a startup sees the student's choices: %d %s", page.Status, page.Raw)
		}
	})
}

// TestMatching_recommendedTasks: a student's recommendations are the listed tasks sharing their
// skills, a startup with a payment in dispute ranked below one that paid, a task the student
// submitted to left out, each with its reasons; the tasks page's Best match sort is the same
// order, for students only.
func TestMatching_recommendedTasks(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student, worker := e.registerStudent("Seeker"), e.registerStudent("Worker")
		e.withProfile(student, "React")
		good, bad := e.registerStartup("Good Payer"), e.registerStartup("Disputed Payer")
		sent := map[string]any{"method": "bank-transfer", "reference": "TXN-1"}
		_, paid := e.paidWork(good, worker, map[string]any{"skills": []string{"Figma"}})
		e.paymentStep(good, paid["_id"].(string), "sent", sent)
		e.paymentStep(worker, paid["_id"].(string), "received", nil)
		_, disputed := e.paidWork(bad, worker, map[string]any{"skills": []string{"Figma"}})
		e.paymentStep(bad, disputed["_id"].(string), "sent", sent)
		e.paymentStep(worker, disputed["_id"].(string), "not-received", map[string]any{"note": "Nothing arrived"})

		fromBad := e.postTask(bad, map[string]any{"title": "React for the disputed", "skills": []string{"React"}})
		fromGood := e.postTask(good, map[string]any{"title": "React for the good", "skills": []string{"React"}})
		e.postTask(good, map[string]any{"title": "Design only", "skills": []string{"Figma"}})
		submitted := e.postTask(good, map[string]any{"title": "React, already sent", "skills": []string{"React"}})
		e.submitLink(student, submitted, "https://example.com/mine")
		e.refreshMatching()

		got := rankedOf(t, e.do("GET", "/api/student/recommended", student.Token, nil), "task")
		if want := []string{fromGood, fromBad}; !slices.Equal(got.ids, want) {
			t.Fatalf("recommended %v, want %v (the good payer's, then the disputed's)", got.ids, want)
		}
		if r := got.reasons[fromBad]; !slices.Contains(r, "startup has 1 payment in dispute") || !slices.Contains(r, "asks for React, on your profile") {
			t.Errorf("the disputed startup's task's reasons %q", r)
		}
		if r := got.reasons[fromGood]; !slices.Contains(r, "startup paid 1 of 1 approval") {
			t.Errorf("the good payer's task's reasons %q", r)
		}
		var sorted []string
		for _, row := range items(e.do("GET", "/api/student/tasks/all?sort=best-match", student.Token, nil)) {
			sorted = append(sorted, row["_id"].(string))
		}
		if !slices.Equal(sorted, got.ids) {
			t.Errorf("best-match sort %v, want the recommended order %v", sorted, got.ids)
		}
		if res := e.do("GET", "/api/student/tasks/all?sort=best-match", good.Token, nil); res.Status != http.StatusBadRequest {
			t.Errorf("a startup sorting by best match: %d, want 400", res.Status)
		}
		if res := e.do("GET", "/api/student/recommended", e.registerStudent("Newcomer").Token, nil); res.Status != http.StatusOK || string(res.Raw) != "[]" {
			t.Errorf("a student with no skills: %d %s, want []", res.Status, res.Raw)
		}
	})
}
