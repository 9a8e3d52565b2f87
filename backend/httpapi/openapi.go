package httpapi

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"sort"
	"strings"

	"github.com/gin-gonic/gin"
)

// The OpenAPI document is kept as one fragment per domain (openapi/*.json), each holding its
// paths and schemas, merged into base.json at start. A test fails when a route is undocumented.
//
//go:embed openapi/*.json
var openapiFiles embed.FS

var openapiDoc = mustBuildOpenAPI()

func serveOpenAPI(c *gin.Context) error {
	c.Data(http.StatusOK, "application/json", openapiDoc)
	return nil
}

// OpenAPIDocument is the document served at /api/openapi.json.
func OpenAPIDocument() []byte { return openapiDoc }

type openapiFragment struct {
	Paths      map[string]map[string]any `json:"paths"`
	Components struct {
		Schemas map[string]any `json:"schemas"`
	} `json:"components"`
}

func mustBuildOpenAPI() []byte {
	doc, err := buildOpenAPI(openapiFiles)
	if err != nil {
		panic(err)
	}
	return doc
}

// withDefaultError documents, on every operation, what any call may also answer besides the
// statuses it lists: an error body (docs/api-contract.md), e.g. 400 for a control character in a
// query, 429 past the per-user request rate, 500. The Go tests check every answer against it.
func withDefaultError(op map[string]any) {
	responses, ok := op["responses"].(map[string]any)
	if !ok {
		return
	}
	if _, ok := responses["default"]; !ok {
		responses["default"] = map[string]any{
			"description": "Any other error, in the one error shape.",
			"content":     map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Error"}}},
		}
	}
}

// withUnavailable documents, on every operation under /api/ but this document, the answer while
// the database cannot be reached: 503 with Retry-After, in the error shape (code "unavailable").
func withUnavailable(path string, op map[string]any) {
	responses, ok := op["responses"].(map[string]any)
	if !ok || !strings.HasPrefix(path, "/api/") || path == "/api/openapi.json" {
		return
	}
	if _, ok := responses["503"]; !ok {
		responses["503"] = map[string]any{"$ref": "#/components/responses/Unavailable"}
	}
}

// unavailableResponse is the 503 withUnavailable refers to.
var unavailableResponse = map[string]any{
	"description": "The database cannot be reached for now; the same call succeeds once it is back.",
	"headers": map[string]any{"Retry-After": map[string]any{"description": "Seconds to wait before trying again.",
		"required": true, "schema": map[string]any{"type": "integer", "minimum": 1}}},
	"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Error"}}},
}

// withPaging documents the paging of a list (paging.go) where its operation says "x-paged":
// "page" lists take page and per_page and answer Link and X-Total-Count; "cursor" lists take
// per_page, and their Link's next names the cursor of the following page.
func withPaging(op map[string]any) {
	kind, _ := op["x-paged"].(string)
	if kind == "" {
		return
	}
	param := func(name, description string, maximum any) map[string]any {
		schema := map[string]any{"type": "integer", "minimum": 1}
		if maximum != nil {
			schema["maximum"] = maximum
		}
		return map[string]any{"name": name, "in": "query", "required": false, "schema": schema, "description": description}
	}
	params, _ := op["parameters"].([]any)
	params = append(params, param("per_page", fmt.Sprintf("Items a page, 1 to %d (default %d).", maxPerPage, maxPerPage), maxPerPage))
	headers := map[string]any{
		"Link": map[string]any{"description": `Where the rest of the list is, as <URL>; rel="first|prev|next|last" (RFC 8288).`,
			"schema": map[string]any{"type": "string"}},
	}
	if kind == "page" {
		params = append(params, param("page", "Page number, from 1 (default 1).", nil))
		headers["X-Total-Count"] = map[string]any{"description": "How many items the whole list holds, when it is counted.",
			"schema": map[string]any{"type": "integer"}}
	}
	op["parameters"] = params
	responses, _ := op["responses"].(map[string]any)
	if success, _ := responses["200"].(map[string]any); success != nil {
		success["headers"] = headers
	}
}

func buildOpenAPI(files fs.FS) ([]byte, error) {
	var base map[string]any
	raw, err := fs.ReadFile(files, "openapi/base.json")
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &base); err != nil {
		return nil, fmt.Errorf("openapi/base.json: %w", err)
	}
	paths := map[string]map[string]any{}
	schemas := map[string]any{}
	names, _ := fs.Glob(files, "openapi/*.json")
	sort.Strings(names)
	for _, name := range names {
		raw, err := fs.ReadFile(files, name)
		if err != nil {
			return nil, err
		}
		var frag openapiFragment
		if err := json.Unmarshal(raw, &frag); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for p, ops := range frag.Paths {
			if paths[p] == nil {
				paths[p] = map[string]any{}
			}
			for method, op := range ops {
				if _, dup := paths[p][method]; dup {
					return nil, fmt.Errorf("%s: %s %s is documented twice", name, method, p)
				}
				if op, ok := op.(map[string]any); ok {
					withDefaultError(op)
					withUnavailable(p, op)
					withPaging(op)
				}
				paths[p][method] = op
			}
		}
		for k, v := range frag.Components.Schemas {
			schemas[k] = v
		}
	}
	base["paths"] = paths
	base["components"] = map[string]any{
		"schemas":         schemas,
		"responses":       map[string]any{"Unavailable": unavailableResponse},
		"securitySchemes": map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
	}
	return json.MarshalIndent(base, "", "  ")
}
