package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// checkContract holds every API answer of every test to the contract (docs/api-contract.md): it
// must match /api/openapi.json, so the document cannot drift from the code, and carry what the
// spec's client reads (checkSpecShapes).
func (e *env) checkContract(req *http.Request, res response) {
	e.t.Helper()
	if !strings.HasPrefix(req.URL.Path, "/api/") || req.URL.Path == "/api/openapi.json" {
		return
	}
	call := req.Method + " " + req.URL.Path
	checkSpecShapes(e.t, call, res)
	checkAgainstOpenAPI(e.t, e.server.URL, req, res)
}

// A credential (application/vc) is JSON, and is checked as JSON.
func init() { openapi3filter.RegisterBodyDecoder("application/vc", openapi3filter.JSONBodyDecoder) }

var (
	contractOnce   sync.Once
	contractRouter routers.Router
	contractErr    error
)

// checkAgainstOpenAPI validates res, the answer to req, against the document the server serves
// at /api/openapi.json (read once, from the first test server): a documented operation, a
// documented status (or the default error), and a body of the documented schema.
func checkAgainstOpenAPI(t testing.TB, serverURL string, req *http.Request, res response) {
	t.Helper()
	contractOnce.Do(func() {
		r, err := http.Get(serverURL + "/api/openapi.json")
		if err != nil {
			contractErr = err
			return
		}
		defer r.Body.Close()
		body, _ := io.ReadAll(r.Body)
		doc, err := openapi3.NewLoader().LoadFromData(body)
		if err != nil {
			contractErr = err
			return
		}
		closeObjects(doc)
		contractRouter, contractErr = legacy.NewRouter(doc)
	})
	if contractErr != nil {
		t.Fatalf("openapi: %v", contractErr)
	}
	// Matched by path alone: every test server has a port of its own.
	local := req.Clone(context.Background())
	local.URL = &url.URL{Path: req.URL.Path, RawQuery: req.URL.RawQuery}
	local.Host = ""
	route, params, err := contractRouter.FindRoute(local)
	if err != nil {
		// An unknown path is answered 404 in the error shape (checkSpecShapes checks it).
		if res.Status != http.StatusNotFound {
			t.Errorf("%s %s → %d: not in /api/openapi.json: %v", req.Method, req.URL.Path, res.Status, err)
		}
		return
	}
	input := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: local, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}},
		Status: res.Status, Header: res.Header, Body: io.NopCloser(bytes.NewReader(res.Raw)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), input); err != nil {
		t.Errorf("%s %s → %d does not match /api/openapi.json: %v", req.Method, req.URL.Path, res.Status, err)
	}
}

// checkSpecShapes holds every API answer of every test to what the spec's client reads
// (docs/api-contract.md, "For clients written against the spec's table"): an error's text is in
// "error" as well as "message", and every user object (one with a userType or a name) carries its
// id as both "_id" and "id".
func checkSpecShapes(t testing.TB, call string, res response) {
	t.Helper()
	if res.Status >= 400 && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if msg, _ := res.Body["message"].(string); res.Body["error"] != msg || msg == "" {
			t.Errorf("%s: %d error body without the same text in error and message: %s", call, res.Status, res.Raw)
		}
	}
	var doc any
	if json.Unmarshal(res.Raw, &doc) != nil {
		return
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case []any:
			for _, item := range v {
				walk(item)
			}
		case map[string]any:
			_, person := v["userType"]
			for _, k := range []string{"firstName", "lastName", "companyName"} {
				_, named := v[k]
				person = person || named
			}
			if id, ok := v["_id"].(string); ok && person && v["id"] != id {
				t.Errorf("%s: a user object without id equal to _id: %v", call, v)
			}
			for _, item := range v {
				walk(item)
			}
		}
	}
	walk(doc)
}

// closeObjects makes every object schema with properties refuse the ones it does not list, so a
// field the code adds without documenting it fails the tests instead of slipping past them. The
// parts of an allOf stay open: each lists only its share of the object.
func closeObjects(doc *openapi3.T) {
	parts := map[*openapi3.Schema]bool{}
	for _, ref := range doc.Components.Schemas {
		for _, part := range ref.Value.AllOf {
			parts[part.Value] = true
		}
	}
	seen := map[*openapi3.Schema]bool{}
	var visit func(ref *openapi3.SchemaRef)
	visit = func(ref *openapi3.SchemaRef) {
		if ref == nil || ref.Value == nil || seen[ref.Value] {
			return
		}
		s := ref.Value
		seen[s] = true
		if len(s.Properties) > 0 && !parts[s] && s.AdditionalProperties.Has == nil && s.AdditionalProperties.Schema == nil {
			s.AdditionalProperties = openapi3.AdditionalProperties{Has: openapi3.Ptr(false)}
		}
		for _, p := range s.Properties {
			visit(p)
		}
		visit(s.Items)
		for _, list := range []openapi3.SchemaRefs{s.AllOf, s.AnyOf, s.OneOf} {
			for _, r := range list {
				visit(r)
			}
		}
	}
	for _, ref := range doc.Components.Schemas {
		visit(ref)
	}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			for _, res := range op.Responses.Map() {
				if res.Value == nil {
					continue
				}
				for _, media := range res.Value.Content {
					visit(media.Schema)
				}
			}
		}
	}
}
