package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"bridgework/backend/store"
)

// TestEveryEndpoint_hostileInput sends malformed JSON, a wrong type for every documented field and
// a 1 MB string in every documented string field to every route that takes a body, as every role.
// No answer may be a 5xx, and the role the route is for must get a 400.
func TestEveryEndpoint_hostileInput(t *testing.T) {
	profiles(t, func(t *testing.T, e *env) {
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
			path := ginParam.ReplaceAllString(r.Path, store.NewID())
			bodies := map[string]any{"malformed": `{"email": "a@b.co",`, "array": `[1,2,3]`, "number": `42`}
			op := doc.Paths[openapiPath(r.Path)][strings.ToLower(r.Method)]
			for contentType, media := range op.RequestBody.Content {
				if contentType != "application/json" {
					continue
				}
				for name, prop := range doc.resolve(media.Schema).Properties {
					bodies["wrong type "+name] = map[string]any{name: wrongValueFor(doc.resolve(prop))}
					if isType(doc.resolve(prop), "string") {
						bodies["1 MB "+name] = map[string]any{name: huge}
					}
				}
			}
			for bodyName, body := range bodies {
				got400 := false
				for role, token := range tokens {
					res := e.do(r.Method, path, token, body)
					if res.Status >= 500 {
						t.Errorf("%s %s as %s with %s: %d %s", r.Method, r.Path, role, bodyName, res.Status, res.Raw)
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

// noBodyRoute lists routes that read no JSON body, so bad bodies are not theirs to refuse.
func noBodyRoute(path string) bool {
	for _, suffix := range []string{"/read"} {
		if strings.HasSuffix(path, suffix) {
			return true
		}
	}
	return strings.HasPrefix(path, "/api/uploads/")
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
