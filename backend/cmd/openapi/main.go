// Command openapi prints the API's OpenAPI document, the one GET /api/openapi.json serves: the
// SPA's API types are generated from it (scripts/api-types.sh).
package main

import (
	"os"

	"bridgework/backend/httpapi"
)

func main() {
	if _, err := os.Stdout.Write(append(httpapi.OpenAPIDocument(), '\n')); err != nil {
		os.Exit(1)
	}
}
