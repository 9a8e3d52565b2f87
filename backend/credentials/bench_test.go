package credentials

import (
	"crypto/ed25519"
	"encoding/json"
	"sort"
	"testing"
	"time"
)

// BenchmarkCredential: signing and verifying one credential (docs/performance.md, "Credentials"),
// each with its p50 and p99, against the floor: the bare Ed25519 signature (and check) over the
// same canonical bytes, which is all the work a proof would cost without JSON-LD. The difference is
// canonicalization (RDFC-1.0 over the bundled contexts), twice per proof: the credential and the
// proof configuration.
func BenchmarkCredential(b *testing.B) {
	i := testIssuer(b)
	cred := i.Build(sampleCertificate(), Facts{StudentEmail: "asha@example.com", StartupWebsite: "https://nimbus.io"}, "0011aabb", issued)
	signed, err := i.Sign(cred, issued)
	if err != nil {
		b.Fatal(err)
	}
	var withProof Credential
	if err := json.Unmarshal(signed, &withProof); err != nil {
		b.Fatal(err)
	}
	config, _ := canonicalize(proofConfig{Context: cred.Context, Proof: *withProof.Proof})
	doc, _ := canonicalize(cred)
	canonical := append(config, doc...)
	sig := ed25519.Sign(i.signing, canonical)
	pub := i.signing.Public().(ed25519.PublicKey)

	for _, bc := range []struct {
		name string
		run  func() bool
	}{
		{"floor-sign", func() bool { return len(ed25519.Sign(i.signing, canonical)) == ed25519.SignatureSize }},
		{"floor-verify", func() bool { return ed25519.Verify(pub, canonical, sig) }},
		{"sign", func() bool { _, err := i.Sign(cred, issued); return err == nil }},
		{"verify", func() bool { return i.Verify(signed).Verified }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var took []time.Duration
			for b.Loop() {
				start := time.Now()
				if !bc.run() {
					b.Fatal("failed")
				}
				took = append(took, time.Since(start))
			}
			sort.Slice(took, func(x, y int) bool { return took[x] < took[y] })
			b.ReportMetric(float64(took[len(took)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds()), "p99-µs")
		})
	}
}
