package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// linkPattern is one entry of a Link header: <URL>; rel="name".
var linkPattern = regexp.MustCompile(`<([^>]*)>; rel="([a-z]+)"`)

// links maps each rel of the answer's Link header to its URL.
func (r response) links() map[string]string {
	out := map[string]string{}
	for _, m := range linkPattern.FindAllStringSubmatch(r.Header.Get("Link"), -1) {
		out[m[2]] = m[1]
	}
	return out
}

// totalCount is X-Total-Count, or -1 when the answer has none.
func (r response) totalCount() int {
	n, err := strconv.Atoi(r.Header.Get("X-Total-Count"))
	if err != nil {
		return -1
	}
	return n
}

// walkList reads a whole list by following its Link headers from path, and checks on the way
// what the convention promises: every page a bare array of at most per_page items, first on
// every page, prev on all but the first, next on all but the last, last and X-Total-Count
// (when counted) the same on every page and true to what the pages hold, no item twice.
func (e *env) walkList(path, token string) []map[string]any {
	e.t.Helper()
	var all []map[string]any
	seen := map[string]bool{}
	total, lastURL := -2, ""
	for pageN, next := 1, path; next != ""; pageN++ {
		if pageN > 200 {
			e.t.Fatalf("%s: more than 200 pages", path)
		}
		res := e.do("GET", next, token, nil)
		page := decodeList(e.t, res)
		links := res.links()
		if links["first"] == "" || (pageN > 1) != (links["prev"] != "") {
			e.t.Fatalf("%s page %d: Link %q", path, pageN, res.Header.Get("Link"))
		}
		if perPage := queryInt(e.t, links["first"], "per_page"); len(page) > perPage || (links["next"] != "" && len(page) != perPage) {
			e.t.Fatalf("%s page %d: %d items, per_page %d", path, pageN, len(page), perPage)
		}
		if total == -2 {
			total, lastURL = res.totalCount(), links["last"]
		}
		if res.totalCount() != total || links["last"] != lastURL || (total >= 0) != (lastURL != "") {
			e.t.Fatalf("%s page %d: X-Total-Count %d and last %q, first page said %d and %q",
				path, pageN, res.totalCount(), links["last"], total, lastURL)
		}
		if links["next"] == "" && lastURL != "" && queryInt(e.t, lastURL, "page") != pageN {
			e.t.Fatalf("%s: the last page is %d, last says %q", path, pageN, lastURL)
		}
		for _, item := range page {
			id := fmt.Sprint(item["_id"])
			if seen[id] {
				e.t.Fatalf("%s: item %s on two pages", path, id)
			}
			seen[id] = true
		}
		all = append(all, page...)
		next = links["next"]
	}
	if total >= 0 && total != len(all) {
		e.t.Fatalf("%s: X-Total-Count %d, the pages hold %d", path, total, len(all))
	}
	return all
}

// queryInt reads a whole-number parameter of a link's query.
func queryInt(t testing.TB, link, name string) int {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(u.Query().Get(name))
	if err != nil {
		t.Fatalf("no %s in %q", name, link)
	}
	return n
}

// TestPaging_everyListWalksThroughItsLinks: every list of the API, for every role that may read
// it, answers a bare array whose Link headers lead through the whole list, two items a page,
// to exactly what one page of 100 holds.
func TestPaging_everyListWalksThroughItsLinks(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		admin := e.admin()
		startup, other := e.registerStartup("Walk Labs"), e.registerStartup("Other Labs")
		student, peer := e.registerStudent("Walker"), e.registerStudent("Peer")
		for _, s := range []user{student, peer} {
			e.withProfile(s, "Go")
		}
		var taskIDs []string
		for i := range 5 {
			taskIDs = append(taskIDs, e.postTask(startup, map[string]any{"title": fmt.Sprintf("Walk %d", i)}))
		}
		e.postTask(other, nil)
		for _, id := range taskIDs[:3] {
			e.submitLink(student, id, "https://example.com/walk")
		}
		e.submitLink(peer, taskIDs[0], "https://example.com/peer")
		for _, id := range taskIDs[1:3] {
			e.review(startup, id, student.ID)
			if res := e.decideClosing(startup, id, student.ID); res.Status != http.StatusOK {
				t.Fatalf("approve: %d %s", res.Status, res.Raw)
			}
		}
		for _, to := range []user{startup, other} {
			for i := range 3 {
				e.send(student, to, fmt.Sprintf("hello %d", i))
			}
		}
		for range 3 {
			if res := e.do("POST", "/api/help", "", map[string]any{"phone": "+1 555 010 4477", "email": "walk@example.com"}); res.Status != http.StatusCreated {
				t.Fatalf("help: %d %s", res.Status, res.Raw)
			}
		}
		e.login(student) // a second session

		lists := []struct {
			path  string
			token string
			min   int // the walk must see at least this many, so that it crosses pages
		}{
			{"/api/tasks", "", 4},
			{"/api/tasks", student.Token, 4},
			{"/api/student/tasks/all", student.Token, 6},
			{"/api/student/tasks/all?scope=mine", student.Token, 3},
			{"/api/student/tasks/all?scope=available", student.Token, 3},
			{"/api/student/tasks/all", startup.Token, 6},
			{"/api/student/tasks/all", admin.Token, 6},
			{"/api/startup/tasks", startup.Token, 5},
			{"/api/startup/tasks?status=completed", startup.Token, 2},
			{"/api/startup/submissions", startup.Token, 4},
			{"/api/startup/all", student.Token, 2},
			{"/api/users?role=student", startup.Token, 2},
			{"/api/users?role=student&skills=Go", admin.Token, 2},
			{"/api/users?role=startup", student.Token, 2},
			{"/api/startup/students", startup.Token, 2},
			{"/api/student/certificates", student.Token, 2},
			{"/api/student/notifications", student.Token, 2},
			{"/api/startup/notifications", startup.Token, 3},
			{"/api/chat/conversations", student.Token, 2},
			{"/api/chat/partners", student.Token, 2},
			{"/api/admin/students", admin.Token, 2},
			{"/api/admin/startups", admin.Token, 2},
			{"/api/admin/help-requests", admin.Token, 3},
			{"/api/sessions", student.Token, 2},
		}
		for _, l := range lists {
			sep := "?"
			if strings.Contains(l.path, "?") {
				sep = "&"
			}
			whole := e.do("GET", l.path, l.token, nil)
			if whole.Status != http.StatusOK {
				t.Fatalf("GET %s: %d %s", l.path, whole.Status, whole.Raw)
			}
			want := decodeList(t, whole)
			walked := e.walkList(l.path+sep+"per_page=2", l.token)
			if len(want) < l.min || len(walked) != len(want) {
				t.Fatalf("GET %s: %d items on one page, %d walked two at a time, want at least %d", l.path, len(want), len(walked), l.min)
			}
			for i := range want {
				if fmt.Sprint(want[i]["_id"]) != fmt.Sprint(walked[i]["_id"]) {
					t.Fatalf("GET %s: item %d is %v on one page, %v walked", l.path, i, want[i]["_id"], walked[i]["_id"])
				}
			}
		}
	})
}

// TestPaging_chatThreadByCursor: a thread comes per_page messages at a time, the latest first;
// Link's next leads to the earlier ones, and after a message to the later ones.
func TestPaging_chatThreadByCursor(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, student := e.registerStartup("Thread Labs"), e.registerStudent("Threader")
		var sent []string
		for i := range 5 {
			sent = append(sent, e.send(student, startup, fmt.Sprintf("m%d", i)).ID)
		}
		var got []string
		for next := "/api/chat/" + startup.ID + "?per_page=2"; next != ""; {
			res := e.do("GET", next, student.Token, nil)
			page := decodeList(t, res)
			if res.totalCount() != -1 {
				t.Errorf("a thread is not counted: X-Total-Count %d", res.totalCount())
			}
			ids := make([]string, len(page))
			for i, m := range page {
				ids[i] = m["_id"].(string)
			}
			got = append(ids, got...) // each page is in time order and comes before the last read
			next = res.links()["next"]
		}
		if fmt.Sprint(got) != fmt.Sprint(sent) {
			t.Fatalf("walked back %v, sent %v", got, sent)
		}
		after := e.do("GET", "/api/chat/"+startup.ID+"?per_page=2&after="+sent[0], student.Token, nil)
		page := decodeList(t, after)
		if len(page) != 2 || page[0]["_id"] != sent[1] || !strings.Contains(after.links()["next"], "after="+sent[2]) {
			t.Fatalf("after the first: %v, Link %q", page, after.Header.Get("Link"))
		}
	})
}

// TestPaging_badParameters: page and per_page out of range get 400 with the field's message.
func TestPaging_badParameters(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		admin := e.admin()
		for _, c := range []struct{ query, field, message string }{
			{"page=0", "page", "page must be a whole number of at least 1"},
			{"page=x", "page", "page must be a whole number of at least 1"},
			{"page=99999999999", "page", "page must be a whole number of at least 1"},
			{"page=100001", "page", "page must be at most 100000"},
			{"per_page=0", "per_page", "per_page must be between 1 and 100"},
			{"per_page=101", "per_page", "per_page must be between 1 and 100"},
		} {
			for _, path := range []string{"/api/tasks", "/api/admin/students", "/api/users?role=student"} {
				sep := "?"
				if strings.Contains(path, "?") {
					sep = "&"
				}
				res := e.do("GET", path+sep+c.query, admin.Token, nil)
				if res.Status != http.StatusBadRequest || res.fieldError(c.field) != c.message || res.field("error") != c.message {
					t.Errorf("GET %s%s%s: %d %s", path, sep, c.query, res.Status, res.Raw)
				}
			}
		}
		// The default is a full page of 100: a client that never pages sees the first hundred.
		for i := range 101 {
			if res := e.do("POST", "/api/help", "", map[string]any{"phone": "+1 555 010 4477", "email": fmt.Sprintf("n%d@example.com", i)}); res.Status != http.StatusCreated {
				t.Fatalf("help: %d %s", res.Status, res.Raw)
			}
		}
		res := e.do("GET", "/api/admin/help-requests", admin.Token, nil)
		if n := len(decodeList(t, res)); n != 100 || res.totalCount() != 101 || !strings.Contains(res.links()["next"], "page=2&per_page=100") {
			t.Fatalf("no paging asked: %d items, X-Total-Count %d, Link %q", n, res.totalCount(), res.Header.Get("Link"))
		}
	})
}
