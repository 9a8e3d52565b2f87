package credentials

import (
	"bytes"
	_ "embed" // the bundled contexts
	"encoding/json"
	"fmt"
	"sync"

	"github.com/piprate/json-gold/ld"
)

// The contexts, as published; contexts/SOURCES.md says where each file came from. Canonicalizing
// never fetches anything: a credential naming any other context fails.
var (
	//go:embed contexts/credentials-v2.jsonld
	credentialsV2JSON []byte
	//go:embed contexts/ob-context-3.0.3.json
	openBadgesV3JSON []byte
)

// bundled maps each context URL to its document, parsed once per process: json-gold reads a
// loaded context and never writes to it (TestCanonicalize_concurrent holds it to that), and
// parsing the JSON again was a fifth of every canonicalization (BenchmarkCredential).
var bundled = sync.OnceValue(func() map[string]any {
	docs := map[string]any{}
	for url, data := range map[string][]byte{ContextCredentialsV2: credentialsV2JSON, ContextOpenBadgesV3: openBadgesV3JSON} {
		doc, err := ld.DocumentFromReader(bytes.NewReader(data))
		if err != nil {
			panic(fmt.Sprintf("bundled context %s: %v", url, err)) // embedded at build time: a test fails first
		}
		docs[url] = doc
	}
	return docs
})

// bundledLoader is json-gold's document loader over the bundled contexts.
type bundledLoader struct{}

func (bundledLoader) LoadDocument(url string) (*ld.RemoteDocument, error) {
	doc, ok := bundled()[url]
	if !ok {
		return nil, ld.NewJsonLdError(ld.LoadingDocumentFailed, "not a bundled context: "+url)
	}
	return &ld.RemoteDocument{DocumentURL: url, Document: doc}, nil
}

// canonicalize returns the RDFC-1.0 canonical N-Quads of v, a value encoding/json can marshal.
//
// It expands v in safe mode first, which fails on a property no context defines: json-gold's
// Normalize ignores SafeMode and would leave such a property out of what is signed. What the
// expansion cannot see (a value that is no absolute IRI is dropped silently, IRIs are written
// unescaped, @direction is lost) never reaches it: Build writes only checked URLs and plain text,
// and Verify refuses any other document before canonicalizing it (shape.go).
func canonicalize(v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	proc := ld.NewJsonLdProcessor()
	opts := ld.NewJsonLdOptions("")
	opts.DocumentLoader = bundledLoader{}
	opts.ProcessingMode = ld.JsonLd_1_1
	opts.SafeMode = true
	expanded, err := proc.Expand(doc, opts)
	if err != nil {
		return nil, fmt.Errorf("expand: %w", err)
	}
	opts.Algorithm = ld.AlgorithmURDNA2015
	opts.Format = "application/n-quads"
	out, err := proc.Normalize(expanded, opts)
	if err != nil {
		return nil, fmt.Errorf("canonicalize: %w", err)
	}
	nquads, _ := out.(string)
	if nquads == "" {
		return nil, fmt.Errorf("canonicalize: the document states nothing")
	}
	return []byte(nquads), nil
}
