package httpapi_test

import (
	"encoding/json"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"bridgework/backend/testenv"
)

// openapiDoc is the served document, decoded.
type openapiDoc struct {
	Paths      map[string]map[string]openapiOp `json:"paths"`
	Components struct {
		Schemas map[string]openapiSchema `json:"schemas"`
	} `json:"components"`
}

type openapiOp struct {
	RequestBody struct {
		Content map[string]struct {
			Schema openapiSchema `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

type openapiSchema struct {
	Ref        string                   `json:"$ref"`
	Type       any                      `json:"type"`
	Properties map[string]openapiSchema `json:"properties"`
}

func fetchOpenAPI(t *testing.T, e *env) openapiDoc {
	t.Helper()
	res := e.do("GET", "/api/openapi.json", "", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/openapi.json: %d", res.Status)
	}
	var doc openapiDoc
	if err := json.Unmarshal(res.Raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// resolve follows a local $ref.
func (d openapiDoc) resolve(s openapiSchema) openapiSchema {
	if name, ok := strings.CutPrefix(s.Ref, "#/components/schemas/"); ok {
		return d.resolve(d.Components.Schemas[name])
	}
	return s
}

var ginParam = regexp.MustCompile(`[:*]([A-Za-z]+)`)

// openapiPath turns gin's /users/:id into OpenAPI's /users/{id}.
func openapiPath(ginPath string) string { return ginParam.ReplaceAllString(ginPath, "{$1}") }

func TestOpenAPI_documentsEveryRoute(t *testing.T) {
	e := newEnv(t, testenv.SQLite)
	doc := fetchOpenAPI(t, e)
	routes := e.app.Handler.Routes()
	if len(routes) < 10 {
		t.Fatalf("only %d routes registered", len(routes))
	}
	for _, r := range routes {
		ops, ok := doc.Paths[openapiPath(r.Path)]
		if !ok {
			t.Errorf("%s %s is not in /api/openapi.json", r.Method, r.Path)
			continue
		}
		if _, ok := ops[strings.ToLower(r.Method)]; !ok {
			t.Errorf("%s %s: path documented but not the method", r.Method, r.Path)
		}
	}
	registered := map[string]bool{}
	for _, r := range routes {
		registered[strings.ToLower(r.Method)+" "+openapiPath(r.Path)] = true
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			if !registered[method+" "+path] {
				t.Errorf("documented %s %s has no route", strings.ToUpper(method), path)
			}
		}
	}
}

// TestOpenAPI_frontendCopyIsCurrent: the SPA's API types are generated from a copy of the
// document (frontend/src/types/openapi.json); a change to the API must regenerate them.
func TestOpenAPI_frontendCopyIsCurrent(t *testing.T) {
	e := newEnv(t, testenv.SQLite)
	served := e.do("GET", "/api/openapi.json", "", nil).Raw
	copied, err := os.ReadFile("../../frontend/src/types/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	if string(copied) != string(served)+"\n" {
		t.Fatal("frontend/src/types/openapi.json is not the served document: run ./scripts/api-types.sh")
	}
}
