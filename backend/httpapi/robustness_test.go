package httpapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"bridgework/backend/store"
	"bridgework/backend/textcheck"
)

// TestEveryEndpoint_hostileInput sends malformed JSON, a wrong type for every documented field and
// a 1 MB string in every documented string field to every route that takes a body, as every role.
// No answer may be a 5xx, and the role the route is for must get a 400.
func TestEveryEndpoint_hostileInput(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		doc := fetchOpenAPI(t, e)
		tokens := map[string]string{
			"anonymous": "",
			"student":   e.registerStudent("Hostile").Token,
			"startup":   e.registerStartup("Hostile Inc").Token,
			"admin":     e.admin().Token,
		}
		huge := strings.Repeat("x", 1_000_000)
		for _, r := range e.app.Handler.Routes() {
			if r.Method != http.MethodPost && r.Method != http.MethodPut && r.Method != http.MethodPatch {
				continue
			}
			if r.Path == "/api/logout" || r.Path == "/api/sessions/end-all" {
				continue // they read no body, and would end the sessions of the tokens used here
			}
			path := ginParam.ReplaceAllString(r.Path, store.NewID())
			bodies := map[string]any{"malformed": `{"email": "a@b.co",`, "array": `[1,2,3]`, "number": `42`}
			textBodies := map[string]string{} // body name → the field whose text must be refused
			op := doc.Paths[openapiPath(r.Path)][strings.ToLower(r.Method)]
			for contentType, media := range op.RequestBody.Content {
				if contentType != "application/json" {
					continue
				}
				for name, prop := range doc.resolve(media.Schema).Properties {
					bodies["wrong type "+name] = map[string]any{name: wrongValueFor(doc.resolve(prop))}
					if isType(doc.resolve(prop), "string") {
						bodies["1 MB "+name] = map[string]any{name: huge}
						for label, text := range hostileText(name) {
							bodies[label+" in "+name] = map[string]any{name: text}
							textBodies[label+" in "+name] = name
						}
					}
				}
			}
			if r.Path == "/api/credentials/verify" {
				checkVerifierAnswers(t, e, bodies)
				continue
			}
			for bodyName, body := range bodies {
				got400 := false
				for role, token := range tokens {
					res := e.do(r.Method, path, token, body)
					if res.Status >= 500 {
						t.Errorf("%s %s as %s with %s: %d %s", r.Method, r.Path, role, bodyName, res.Status, res.Raw)
					}
					if field, ok := textBodies[bodyName]; ok && res.Status < 300 {
						t.Errorf("%s %s as %s with %s: %d, the text was accepted", r.Method, r.Path, role, bodyName, res.Status)
					} else if ok && res.Status == http.StatusBadRequest && res.fieldError(field) != textcheck.Message {
						t.Errorf("%s %s as %s with %s: 400 without the field message: %s", r.Method, r.Path, role, bodyName, res.Raw)
					}
					if res.Status == http.StatusBadRequest {
						got400 = true
						if res.field("message") == "" || res.field("code") != "invalid" {
							t.Errorf("%s %s as %s with %s: 400 without the error shape: %s", r.Method, r.Path, role, bodyName, res.Raw)
						}
					}
				}
				if !got400 && !noBodyRoute(r.Path) {
					t.Errorf("%s %s with %s: no role got a 400", r.Method, r.Path, bodyName)
				}
			}
		}
	})
}

// checkVerifierAnswers holds POST /api/credentials/verify to what a verifier owes: it reports on
// the credential it is given, so a JSON object with a field of the wrong type or hostile text is a
// credential that does not verify, answered 200 with the reason (docs/credentials.md); a body that
// is no JSON object is no credential, a 400.
func checkVerifierAnswers(t *testing.T, e *env, bodies map[string]any) {
	t.Helper()
	for bodyName, body := range bodies {
		res := e.do("POST", "/api/credentials/verify", "", body)
		errs, _ := res.Body["errors"].([]any)
		if _, object := body.(map[string]any); object && (res.Status != http.StatusOK || res.Body["verified"] != false || len(errs) == 0) {
			t.Errorf("verify %s: %d %s, want verified false with the reason", bodyName, res.Status, res.Raw)
		} else if !object && (res.Status != http.StatusBadRequest || res.fieldError("credential") == "") {
			t.Errorf("verify %s: %d %s, want a 400 on credential", bodyName, res.Status, res.Raw)
		}
	}
}

// multilineFields are the request fields that may hold direction characters (text:"multiline"):
// text shown only as a block. Messages, notes, comments and answers are previewed on one line too
// and refuse them.
var multilineFields = map[string]bool{
	"description": true, "bio": true, "summary": true, "companyDescription": true,
}

// hostileText is text every field must refuse: control characters, and in a single-line field a
// right-to-left override. (Invalid UTF-8 cannot arrive in JSON: decoding turns it into U+FFFD.)
func hostileText(field string) map[string]string {
	texts := map[string]string{"NUL": "a\x00b", "escape": "a\x1b[2Jb", "DEL": "a\x7fb"}
	if !multilineFields[field] {
		texts["bidi override"] = "gpj\u202eexe.doc"
	}
	return texts
}

// TestEveryQuery_hostileText sends a NUL, an escape and invalid UTF-8 in the query of every
// GET route, as every role: the answer is a 400 naming the parameter, before anything runs.
func TestEveryQuery_hostileText(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		tokens := map[string]string{"anonymous": "", "student": e.registerStudent("Query").Token, "admin": e.admin().Token}
		for _, r := range e.app.Handler.Routes() {
			if r.Method != http.MethodGet || !strings.HasPrefix(r.Path, "/api/") {
				continue
			}
			path := ginParam.ReplaceAllString(r.Path, store.NewID())
			for _, query := range []string{"search=a%00b", "page=1%1b", "skills=%ff", "status=a%E2%80%AEb"} {
				for role, token := range tokens {
					res := e.do("GET", path+"?"+query, token, nil)
					name, _, _ := strings.Cut(query, "=")
					if res.Status != http.StatusBadRequest || res.fieldError(name) != textcheck.Message {
						t.Errorf("GET %s?%s as %s: %d %s, want 400 naming %s", r.Path, query, role, res.Status, res.Raw, name)
					}
				}
			}
		}
	})
}

// noBodyRoute lists routes that read no JSON body, so bad bodies are not theirs to refuse.
func noBodyRoute(path string) bool {
	for _, suffix := range []string{"/read", "/read-all", "/received"} {
		if strings.HasSuffix(path, suffix) {
			return true
		}
	}
	switch path {
	case "/api/startup/tasks/:id/funding", "/api/student/payouts/onboarding":
		return true
	case "/api/payments/stripe/webhook":
		return true // Stripe's signed bytes, refused by their signature (TestStripe_payoutOnboarding)
	}
	return strings.HasPrefix(path, "/api/uploads/") || path == "/api/unsubscribe" // its token is in the query
}

func isType(s openapiSchema, want string) bool {
	switch t := s.Type.(type) {
	case string:
		return t == want
	case []any:
		for _, v := range t {
			if v == want {
				return true
			}
		}
	}
	return false
}

// wrongValueFor returns a JSON value of a type the schema does not allow.
func wrongValueFor(s openapiSchema) any {
	if isType(s, "string") {
		return map[string]any{"not": "a string"}
	}
	return "not the right type"
}

// TestRequests_clientGoneIsNoServerError: a request whose client went away while it was served
// (here: before it reached the database) is answered 499 and logged as a request, not as a
// server error, so the error log and the 5xx metrics keep meaning something.
func TestRequests_clientGoneIsNoServerError(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Gone Inc")
		var log syncBuffer
		logged := newEnvLogging(t, e.cfg, e.app.DB, e.app.Redis, &log)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req := httptest.NewRequestWithContext(ctx, "GET", "/api/startup/tasks", nil)
		req.Header.Set("Authorization", "Bearer "+startup.Token)
		rec := httptest.NewRecorder()
		logged.app.Handler.ServeHTTP(rec, req)
		if rec.Code != 499 {
			t.Errorf("a request whose client is gone: %d %s, want 499", rec.Code, rec.Body)
		}
		if strings.Contains(log.String(), "level=ERROR") {
			t.Errorf("logged as an error:\n%s", log.String())
		}
		if res := e.do("GET", "/api/startup/tasks", startup.Token, nil); res.Status != http.StatusOK {
			t.Errorf("the same request with its client there: %d %s", res.Status, res.Raw)
		}
	})
}
