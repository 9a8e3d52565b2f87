package credentials

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"image/png"
	"reflect"
	"strings"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"bridgework/backend/certs"
)

var testSeed = bytes.Repeat([]byte{7}, ed25519.SeedSize)

func testIssuer(t testing.TB) *Issuer {
	t.Helper()
	i, err := NewIssuer("http://localhost:8080", ed25519.NewKeyFromSeed(testSeed), nil)
	if err != nil {
		t.Fatal(err)
	}
	return i
}

var issued = time.Date(2026, 11, 3, 9, 30, 15, 123456789, time.UTC)

func sampleCertificate() certs.Certificate {
	return certs.Certificate{
		ID: "c1", Number: "BW-ABCDEFGHIJKLMNOP", TaskID: "11111111-2222-3333-4444-555555555555", StudentID: "s1",
		StartupID: "66666666-7777-8888-9999-000000000000", StudentName: "Аша Верма", StartupName: "Nimbus Labs",
		Title: "Build a landing page", TaskTitle: "Build a landing page", Skills: []string{"React", " CSS "},
		IssuedAt: issued, CompletionDate: issued, WorkLink: "https://rosa.dev/work", WorkRevision: 2,
		ReviewNotes: "Great work!\nThanks.", IssuerDomain: "nimbus.io",
	}
}

func signedSample(t testing.TB, i *Issuer, c certs.Certificate) []byte {
	t.Helper()
	out, err := i.Sign(i.Build(c, Facts{StudentEmail: "asha@example.com", StartupWebsite: "https://nimbus.io"}, "0011aabb", issued), issued)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDIDWeb(t *testing.T) {
	for url, want := range map[string]string{
		"http://localhost:8080":      "did:web:localhost%3A8080",
		"https://Bridgework.example": "did:web:bridgework.example",
		"https://app.example:8443/":  "did:web:app.example%3A8443",
		"http://[::1]:5173":          "did:web:%5B%3A%3A1%5D%3A5173",
	} {
		if got, err := DIDWeb(url); err != nil || got != want {
			t.Errorf("DIDWeb(%q) = %q, %v; want %q", url, got, err, want)
		}
	}
	if _, err := DIDWeb("localhost:8080"); err == nil {
		t.Error("a PUBLIC_URL without a scheme names a did:web")
	}
}

func TestMultikey_roundTrip(t *testing.T) {
	pub := ed25519.NewKeyFromSeed(testSeed).Public().(ed25519.PublicKey)
	mk := Multikey(pub)
	if !strings.HasPrefix(mk, "z6Mk") {
		t.Fatalf("Multikey %q does not start z6Mk", mk)
	}
	back, err := ParseMultikey(mk)
	if err != nil || !back.Equal(pub) {
		t.Fatalf("ParseMultikey(%q) = %x, %v", mk, back, err)
	}
	for _, bad := range []string{"", "6Mk", "z", "z0OIl", mk[:len(mk)-2], "zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme"} {
		if _, err := ParseMultikey(bad); err == nil {
			t.Errorf("ParseMultikey(%q) accepted", bad)
		}
	}
	if _, err := ParseSigningKey("c2hvcnQ="); err == nil {
		t.Error("a seed of 5 bytes accepted")
	}
	if _, err := ParseRetiredKeys([]string{mk, "not-a-key"}); err == nil || !strings.Contains(err.Error(), "CREDENTIAL_RETIRED_KEYS") {
		t.Errorf("a bad retired key: %v", err)
	}
}

func TestNewIssuer_refusesAPublicURLThatIsNoURL(t *testing.T) {
	for _, url := range []string{"", "localhost:8080", "http://local host", "ftp://example.com"} {
		if _, err := NewIssuer(url, ed25519.NewKeyFromSeed(testSeed), nil); err == nil {
			t.Errorf("NewIssuer(%q) accepted", url)
		}
	}
}

func TestSign_verifies(t *testing.T) {
	i := testIssuer(t)
	raw := signedSample(t, i, sampleCertificate())
	if r := i.Verify(raw); !r.Verified || r.CertificateNumber != "BW-ABCDEFGHIJKLMNOP" || r.Credential.CredentialSubject.Name != "Аша Верма" {
		t.Fatalf("Verify: %+v", r)
	}
	var c Credential
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	if c.ValidFrom != "2026-11-03T09:30:15Z" || c.Proof.Created != "2026-11-03T09:30:15Z" {
		t.Errorf("dates %q, %q: not xsd:dateTime to the second", c.ValidFrom, c.Proof.Created)
	}
	if got := c.CredentialSubject.Achievement.Tag; strings.Join(got, "|") != "React|CSS" {
		t.Errorf("tags %q", got)
	}
	// Ed25519 is deterministic: the same credential signed again is the same bytes.
	if again := signedSample(t, i, sampleCertificate()); !bytes.Equal(again, raw) {
		t.Error("signing the same credential twice gave two documents")
	}
}

// Changing any value of a signed credential, at any depth, fails its verification.
func TestVerify_anyChangeBreaksIt(t *testing.T) {
	i := testIssuer(t)
	raw := signedSample(t, i, sampleCertificate())
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	changed := 0
	var walk func(v any, at string, change func(any))
	walk = func(v any, at string, change func(any)) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(x, at+"."+k, func(n any) { v[k] = n })
			}
		case []any:
			for n, x := range v {
				walk(x, at+"["+string(rune('0'+n))+"]", func(y any) { v[n] = y })
			}
		case string:
			change(v + "x")
			if r := i.Verify(mustJSON(t, doc)); r.Verified {
				t.Errorf("changing %s still verifies", at)
			}
			change(v)
			changed++
		case bool:
			change(!v)
			if r := i.Verify(mustJSON(t, doc)); r.Verified {
				t.Errorf("changing %s still verifies", at)
			}
			change(v)
			changed++
		}
	}
	walk(doc, "", nil)
	if changed < 30 {
		t.Fatalf("only %d values changed", changed)
	}
	if r := i.Verify(mustJSON(t, doc)); !r.Verified {
		t.Fatalf("the credential put back does not verify: %v", r.Errors)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// What json-gold would get wrong never reaches it: control characters are dropped from text
// before signing, and a credential holding one, or a link json-gold would drop, is refused.
func TestBuild_keepsToWhatEveryProcessorReadsAlike(t *testing.T) {
	i := testIssuer(t)
	c := sampleCertificate()
	c.StudentName, c.ReviewNotes = "Asha\x07 Verma\x1b", "Good\x0cwork\ttabbed\r\nnext\x7f"
	raw := signedSample(t, i, c)
	var got Credential
	_ = json.Unmarshal(raw, &got)
	if got.CredentialSubject.Name != "Asha Verma" || got.Evidence[0].Narrative != "Goodwork\ttabbed\r\nnext" {
		t.Errorf("text kept control characters: %q, %q", got.CredentialSubject.Name, got.Evidence[0].Narrative)
	}
	for name, change := range map[string]func(c *Credential){
		"a control character":    func(c *Credential) { c.Name = "Title\x01" },
		"a relative link":        func(c *Credential) { c.Evidence[0].ID = "/work" },
		"a link with a space":    func(c *Credential) { c.Evidence[0].ID = "https://rosa.dev/my work" },
		"a link with <>":         func(c *Credential) { c.Evidence[0].ID = "https://rosa.dev/<script>" },
		"an IRI not encoded":     func(c *Credential) { c.Evidence[0].ID = "https://münchen.de/" },
		"a link json-gold drops": func(c *Credential) { c.Evidence[0].ID = "https://-rosa.dev/" },
		"another issuer":         func(c *Credential) { c.Issuer.ID = "did:web:evil.example" },
		"another id":             func(c *Credential) { c.ID = "https://evil.example/x" },
	} {
		cred := got
		cred.Proof = nil
		cred.Evidence = append([]Evidence(nil), got.Evidence...)
		change(&cred)
		if _, err := i.Sign(cred, issued); err == nil {
			t.Errorf("%s: signed", name)
		}
	}
}

func TestEvidence_linksStoredBefore(t *testing.T) {
	for stored, want := range map[string]string{
		"https://rosa.dev/work":                         "https://rosa.dev/work",
		"https://münchen.de/straße":                     "https://xn--mnchen-3ya.de/stra%C3%9Fe",
		"https://rosa.dev/my work":                      "https://rosa.dev/my%20work",
		`https://rosa.dev/"q"{a}|b^c` + "`":             "https://rosa.dev/%22q%22%7Ba%7D%7Cb%5Ec%60",
		"rosa.dev/work":                                 "",
		"https://rosa.dev/" + strings.Repeat("w", 2100): "",
		"https://-rosa.dev/work":                        "",
		`https://rosa.dev\@evil.io`:                     "",
		"https://rosa.dev/\x00":                         "",
		"":                                              "",
	} {
		c := sampleCertificate()
		c.WorkLink = stored
		e := evidence(c)
		if e.ID != want || (want == "") != (e.Description != "") {
			t.Errorf("link %q: evidence %+v, want id %q", stored, e, want)
		}
	}
}

// The expansion runs in safe mode: a term no context defines fails instead of being dropped
// from what is signed, which json-gold's Normalize alone would do.
func TestCanonicalize_safeMode(t *testing.T) {
	doc := map[string]any{"@context": credentialContexts, "type": "VerifiableCredential", "favouriteColour": "blue"}
	if _, err := canonicalize(doc); err == nil {
		t.Fatal("an undefined term was canonicalized")
	}
	doc = map[string]any{"@context": []string{ContextCredentialsV2, "https://evil.example/context.json"}, "type": "VerifiableCredential"}
	if _, err := canonicalize(doc); err == nil || !strings.Contains(err.Error(), "not a bundled context") {
		t.Fatalf("a context not bundled: %v", err)
	}
}

func TestVerify_refusesWhatItCannotVouchFor(t *testing.T) {
	i := testIssuer(t)
	raw := signedSample(t, i, sampleCertificate())
	for name, tc := range map[string]struct {
		doc    string
		reason string
	}{
		"not JSON":        {"{", "not valid JSON"},
		"a list":          {"[]", "not an object"},
		"a number":        {"12", "not an object"},
		"wrong type":      {strings.Replace(string(raw), `"hashed": true`, `"hashed": "yes"`, 1), "hashed"},
		"null":            {strings.Replace(string(raw), `"name": "Build a landing page"`, `"name": null`, 1), "name"},
		"a bad signature": {strings.Replace(string(raw), `"proofValue": "z`, `"proofValue": "zz`, 1), "signature"},
		"@direction":      {strings.Replace(string(raw), `"name": "Build`, `"@direction": "rtl", "name": "Build`, 1), "@direction"},
		"a language map":  {strings.Replace(string(raw), `"name": "Build a landing page"`, `"name": {"@value": "x", "@language": "en"}`, 1), "name"},
	} {
		r := i.Verify([]byte(tc.doc))
		if r.Verified || len(r.Errors) != 1 || !strings.Contains(r.Errors[0], tc.reason) || r.Credential != nil {
			t.Errorf("%s: %+v, want a refusal naming %q", name, r, tc.reason)
		}
	}
}

func TestBake_roundTrip(t *testing.T) {
	cred := []byte(`{"name": "Аша"}`)
	baked, err := Bake(BadgeImage(), cred)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(baked)); err != nil {
		t.Fatalf("a baked badge is not a PNG: %v", err)
	}
	got, err := Unbake(baked)
	if err != nil || !bytes.Equal(got, cred) {
		t.Fatalf("Unbake = %q, %v", got, err)
	}
	// Baking again replaces the credential instead of adding a second.
	rebaked, _ := Bake(baked, []byte(`{"name": "other"}`))
	if got, _ := Unbake(rebaked); string(got) != `{"name": "other"}` || bytes.Count(rebaked, []byte("iTXtopenbadgecredential")) != 1 {
		t.Errorf("rebaked badge carries %q", got)
	}
	for name, img := range map[string][]byte{"unbaked": BadgeImage(), "not a PNG": []byte("GIF89a"), "cut short": baked[:len(baked)/2]} {
		if _, err := Unbake(img); err != ErrNoCredential {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestFromPDF(t *testing.T) {
	cred := []byte(`{"name": "Аша", "proof": {}}`)
	withCredential, err := certs.RenderPDF(sampleCertificate(), "https://bridgework.example/verify/BW-ABCDEFGHIJKLMNOP", cred)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := FromPDF(withCredential); err != nil || !bytes.Equal(got, cred) {
		t.Fatalf("FromPDF = %q, %v", got, err)
	}
	// Another attachment, not JSON, is passed over.
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetAttachments([]fpdf.Attachment{{Content: []byte("notes"), Filename: "notes.txt"}, {Content: cred, Filename: AttachmentName}})
	pdf.AddPage()
	var two bytes.Buffer
	if err := pdf.Output(&two); err != nil {
		t.Fatal(err)
	}
	if got, err := FromPDF(two.Bytes()); err != nil || !bytes.Equal(got, cred) {
		t.Errorf("FromPDF with two attachments = %q, %v", got, err)
	}
	without, _ := certs.RenderPDF(sampleCertificate(), "https://bridgework.example/verify/BW-ABCDEFGHIJKLMNOP", nil)
	for name, doc := range map[string][]byte{"no attachment": without, "not a PDF": []byte("%PNG"), "header only": []byte("%PDF-1.4\n")} {
		if _, err := FromPDF(doc); err != ErrNoCredential {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestDIDDocument_listsRetiredKeys(t *testing.T) {
	old := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{9}, 32)).Public().(ed25519.PublicKey)
	signing := ed25519.NewKeyFromSeed(testSeed)
	i, err := NewIssuer("http://localhost:8080", signing, []ed25519.PublicKey{old, old, signing.Public().(ed25519.PublicKey)})
	if err != nil {
		t.Fatal(err)
	}
	doc := i.DIDDocument()
	if len(doc.VerificationMethod) != 2 || doc.VerificationMethod[0].ID != i.KeyID() ||
		doc.VerificationMethod[1].PublicKeyMultibase != Multikey(old) || len(doc.AssertionMethod) != 2 {
		t.Errorf("DID document: %+v", doc)
	}
}

// The parsed contexts are shared by every canonicalization: run many at once (under -race, as
// the suite runs) and check they all agree and leave the shared documents as parsed.
func TestCanonicalize_concurrent(t *testing.T) {
	i := testIssuer(t)
	cred := i.Build(sampleCertificate(), Facts{StudentEmail: "asha@example.com"}, "00", issued)
	want, err := canonicalize(cred)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan []byte)
	for range 8 {
		go func() {
			got, _ := canonicalize(cred)
			done <- got
		}()
	}
	for range 8 {
		if got := <-done; !bytes.Equal(got, want) {
			t.Errorf("a concurrent canonicalization differs:\n%s", got)
		}
	}
	for url, data := range map[string][]byte{ContextCredentialsV2: credentialsV2JSON, ContextOpenBadgesV3: openBadgesV3JSON} {
		var fresh any
		_ = json.Unmarshal(data, &fresh)
		if !reflect.DeepEqual(fresh, bundled()[url]) {
			t.Errorf("canonicalizing changed the shared context %s", url)
		}
	}
}
