package httpapi_test

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"image/png"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bridgework/backend/certs"
	"bridgework/backend/config"
	"bridgework/backend/credentials"
	"bridgework/backend/testenv"
)

// Every certificate is an Open Badges 3.0 credential the deployment signed (package credentials):
// served, baked into a badge, attached to the PDF, and verified by POST /api/credentials/verify.

// credentialOf has student complete a task of startup with a link and notes; it returns the
// certificate's id and number and its credential as served.
func (e *env) credentialOf(startup, student user, task map[string]any, link, notes string) (string, string, response) {
	e.t.Helper()
	id := e.postTask(startup, task)
	e.submitLink(student, id, link)
	res := e.decide(startup, id, student.ID, true, notes)
	cert, ok := res.Body["certificate"].(map[string]any)
	if !ok {
		e.t.Fatalf("approve: %d %s", res.Status, res.Raw)
	}
	number := cert["certificateNumber"].(string)
	cred := e.do("GET", "/api/certificates/"+number+"/credential", "", nil)
	if cred.Status != http.StatusOK || cred.Header.Get("Content-Type") != "application/vc" {
		e.t.Fatalf("credential: %d %s %s", cred.Status, cred.Header.Get("Content-Type"), cred.Raw)
	}
	return cert["_id"].(string), number, cred
}

// verifyFile posts a file to the verify endpoint; every answer it gets is below 500.
func (e *env) verifyFile(file []byte) response {
	e.t.Helper()
	res := e.do("POST", "/api/credentials/verify", "", file)
	if res.Status >= 500 {
		e.t.Fatalf("verify answered %d: %s", res.Status, res.Raw)
	}
	return res
}

// path reads a value out of decoded JSON by keys and list indexes.
func path(v any, keys ...any) any {
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			l, _ := v.([]any)
			if k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

func TestCredentials_whatTheCredentialSays(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		verified := e.verifiedCompany("Nimbus Labs", "https://www.nimbus.io/", "ceo@nimbus.io")
		unverified := e.registerStartup("Google LLC")
		student := e.register(map[string]any{"userType": "student", "firstName": "आशा", "lastName": "Верма"})
		did, err := credentials.DIDWeb(e.cfg.PublicURL)
		if err != nil {
			t.Fatal(err)
		}

		_, number, res := e.credentialOf(verified, student, map[string]any{"title": "Design a logo", "skills": []string{"Figma", "Branding"}},
			"https://dribbble.com/asha/logo", "Lovely work,\nthank you!")
		c := res.Body
		for _, tc := range []struct {
			path []any
			want any
		}{
			{[]any{"@context", 0}, "https://www.w3.org/ns/credentials/v2"},
			{[]any{"@context", 1}, "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"},
			{[]any{"type", 1}, "OpenBadgeCredential"},
			{[]any{"id"}, e.cfg.PublicURL + "/api/certificates/" + number + "/credential"},
			{[]any{"name"}, "Design a logo"},
			{[]any{"issuer", "id"}, did},
			{[]any{"issuer", "type", 0}, "Profile"},
			{[]any{"issuer", "name"}, "Bridgework"},
			{[]any{"issuer", "url"}, e.cfg.PublicURL},
			{[]any{"credentialSubject", "type", 0}, "AchievementSubject"},
			{[]any{"credentialSubject", "name"}, "आशा Верма"},
			{[]any{"credentialSubject", "identifier", 0, "identityType"}, "emailAddress"},
			{[]any{"credentialSubject", "identifier", 0, "hashed"}, true},
			{[]any{"credentialSubject", "achievement", "name"}, "Design a logo"},
			{[]any{"credentialSubject", "achievement", "tag", 0}, "Figma"},
			{[]any{"credentialSubject", "achievement", "tag", 1}, "Branding"},
			{[]any{"credentialSubject", "achievement", "creator", "name"}, "Nimbus Labs"},
			{[]any{"credentialSubject", "achievement", "creator", "url"}, "https://www.nimbus.io/"},
			{[]any{"evidence", 0, "id"}, "https://dribbble.com/asha/logo"},
			{[]any{"evidence", 0, "type", 0}, "Evidence"},
			{[]any{"evidence", 0, "name"}, "Revision 1 of the work submitted for “Design a logo”"},
			{[]any{"evidence", 0, "narrative"}, "Lovely work,\nthank you!"},
			{[]any{"proof", "type"}, "DataIntegrityProof"},
			{[]any{"proof", "cryptosuite"}, "eddsa-rdfc-2022"},
			{[]any{"proof", "proofPurpose"}, "assertionMethod"},
		} {
			if got := path(c, tc.path...); got != tc.want {
				t.Errorf("%v = %v, want %v", tc.path, got, tc.want)
			}
		}
		if d, _ := path(c, "credentialSubject", "achievement", "creator", "description").(string); !strings.Contains(d, "verified that this company controls the domain nimbus.io") {
			t.Errorf("creator description %q does not say nimbus.io is verified", d)
		}
		// The student appears as a salted hash of their email, never the address itself.
		salt, _ := path(c, "credentialSubject", "identifier", 0, "salt").(string)
		sum := sha256.Sum256([]byte(student.Email + salt))
		if got := path(c, "credentialSubject", "identifier", 0, "identityHash"); salt == "" || got != "sha256$"+hex.EncodeToString(sum[:]) {
			t.Errorf("identityHash %v is not sha256$hex(sha256(email + salt %q))", got, salt)
		}
		if bytes.Contains(res.Raw, []byte(student.Email)) {
			t.Error("the credential holds the student's email in clear")
		}
		// validFrom is the certificate's issue time; the proof's key is the DID document's first.
		page := e.do("GET", "/api/certificates/verify/"+number, "", nil)
		issued, _ := time.Parse(time.RFC3339Nano, path(page.Body, "certificate", "issuedAt").(string))
		if got := path(c, "validFrom"); got != issued.UTC().Truncate(time.Second).Format("2006-01-02T15:04:05Z") {
			t.Errorf("validFrom %v, certificate issued at %v", got, issued)
		}
		doc := e.do("GET", "/.well-known/did.json", "", nil)
		if got, want := path(c, "proof", "verificationMethod"), path(doc.Body, "verificationMethod", 0, "id"); got != want {
			t.Errorf("proof by %v, DID document's key %v", got, want)
		}
		// Signed once: the same document every time.
		if again := e.do("GET", "/api/certificates/"+strings.ToLower(number)+"/credential", "", nil); !bytes.Equal(again.Raw, res.Raw) {
			t.Error("the credential changed between two requests")
		}
		if v := e.verifyFile(res.Raw); v.Status != http.StatusOK || v.Body["verified"] != true {
			t.Errorf("verify: %d %s", v.Status, v.Raw)
		}

		// An unverified startup without a website: no url, and the description says so. No notes: no narrative.
		_, _, other := e.credentialOf(unverified, student, nil, "https://example.com/w", "")
		creator := path(other.Body, "credentialSubject", "achievement", "creator").(map[string]any)
		if _, ok := creator["url"]; ok || !strings.Contains(creator["description"].(string), "has not verified") {
			t.Errorf("unverified creator: %v", creator)
		}
		if _, ok := path(other.Body, "evidence", 0).(map[string]any)["narrative"]; ok {
			t.Errorf("evidence without notes has a narrative: %s", other.Raw)
		}
	})
}

func TestCredentials_didDocument(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		res := e.do("GET", "/.well-known/did.json", "", nil)
		if res.Status != http.StatusOK || res.Header.Get("Content-Type") != "application/did+ld+json" {
			t.Fatalf("did.json: %d %s", res.Status, res.Header.Get("Content-Type"))
		}
		var doc credentials.DIDDocument
		if err := json.Unmarshal(res.Raw, &doc); err != nil {
			t.Fatal(err)
		}
		did, _ := credentials.DIDWeb(e.cfg.PublicURL)
		if strings.Join(doc.Context, " ") != "https://www.w3.org/ns/did/v1 https://w3id.org/security/multikey/v1" ||
			doc.ID != did || len(doc.VerificationMethod) != 1 {
			t.Fatalf("DID document: %s", res.Raw)
		}
		vm := doc.VerificationMethod[0]
		if _, err := credentials.ParseMultikey(vm.PublicKeyMultibase); err != nil || !strings.HasPrefix(vm.PublicKeyMultibase, "z6Mk") ||
			vm.ID != did+"#"+vm.PublicKeyMultibase || vm.Type != "Multikey" || vm.Controller != did ||
			len(doc.AssertionMethod) != 1 || doc.AssertionMethod[0] != vm.ID {
			t.Errorf("verification method: %s", res.Raw)
		}
	})
}

func TestCredentials_badgeIsBaked(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		_, number, cred := e.credentialOf(e.registerStartup("Baker Inc"), e.registerStudent("李明"), nil, "https://example.com/cake", "")
		res := e.do("GET", "/api/certificates/"+number+"/badge.png", "", nil)
		if res.Status != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("badge: %d %s", res.Status, res.Header.Get("Content-Type"))
		}
		if _, err := png.Decode(bytes.NewReader(res.Raw)); err != nil {
			t.Fatalf("the badge is not a PNG an image decoder reads: %v", err)
		}
		baked, err := credentials.Unbake(res.Raw)
		if err != nil || !bytes.Equal(baked, cred.Raw) {
			t.Fatalf("the badge carries %q (%v), not the credential", baked, err)
		}
		if v := e.verifyFile(res.Raw); v.Body["verified"] != true || v.Body["certificateNumber"] != number {
			t.Errorf("verify the badge: %s", v.Raw)
		}
		if e.do("GET", "/api/certificates/BW-AAAAAAAAAAAAAAAA/badge.png", "", nil).Status != http.StatusNotFound {
			t.Error("a badge for an unknown number")
		}
	})
}

// pdfdetach runs poppler's pdfdetach on pdf with args, in a directory of its own.
func pdfdetach(t *testing.T, pdf []byte, args ...string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "certificate.pdf"), pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdfdetach", append(args, "certificate.pdf")...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pdfdetach %v (apt-get install poppler-utils): %v %s", args, err, out)
	}
	return string(out), dir
}

func TestCredentials_pdfCarriesTheCredential(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student := e.registerStudent("Zoë")
		id, _, cred := e.credentialOf(e.registerStartup("Paper Co"), student, nil, "https://example.com/paper", "")
		dl := e.do("GET", "/api/student/certificates/"+id+"/download", student.Token, nil)
		if dl.Status != http.StatusOK {
			t.Fatalf("download: %d %s", dl.Status, dl.Raw)
		}
		if list, _ := pdfdetach(t, dl.Raw, "-list"); !strings.Contains(list, "1 embedded files") || !strings.Contains(list, "credential.json") {
			t.Fatalf("pdfdetach -list: %s", list)
		}
		_, dir := pdfdetach(t, dl.Raw, "-saveall")
		saved, err := os.ReadFile(filepath.Join(dir, "credential.json"))
		if err != nil || !bytes.Equal(saved, cred.Raw) {
			t.Fatalf("the attached credential.json (%v) is not the credential served", err)
		}
		if v := e.verifyFile(dl.Raw); v.Body["verified"] != true {
			t.Errorf("verify the PDF: %s", v.Raw)
		}
	})
}

// reencode decodes a credential into a map, lets change alter it, and encodes it again.
func reencode(t *testing.T, raw []byte, change func(c map[string]any)) []byte {
	t.Helper()
	var c map[string]any
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	change(c)
	out, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestCredentials_verify(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		_, number, cred := e.credentialOf(e.registerStartup("Check Ltd"), e.registerStudent("Вера"), map[string]any{"skills": []string{"Go"}},
			"https://example.com/check", "Solid")
		var signed credentials.Credential
		if err := json.Unmarshal(cred.Raw, &signed); err != nil {
			t.Fatal(err)
		}
		// The same credential signed by another key under this DID, and by another deployment.
		_, stranger, _ := ed25519.GenerateKey(nil)
		foreignKey, _ := credentials.NewIssuer(e.cfg.PublicURL, stranger, nil)
		foreignSigned, err := foreignKey.Sign(signed, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		elsewhere, _ := credentials.NewIssuer("https://other.example", stranger, nil)
		unsigned := signed
		unsigned.ID, unsigned.Issuer.ID, unsigned.Issuer.URL = elsewhere.CredentialURL(number), elsewhere.DID, elsewhere.PublicURL
		foreignIssuer, err := elsewhere.Sign(unsigned, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		pdfWithout, err := certs.RenderPDF(certs.Certificate{Number: number, StudentName: "Вера", TaskTitle: "T", StartupName: "S",
			IssuedAt: time.Now(), CompletionDate: time.Now()}, e.cfg.PublicURL+"/verify/"+number, nil)
		if err != nil {
			t.Fatal(err)
		}
		set := func(keys []string, v any) func(map[string]any) {
			return func(c map[string]any) {
				m := c
				for _, k := range keys[:len(keys)-1] {
					m = m[k].(map[string]any)
				}
				m[keys[len(keys)-1]] = v
			}
		}
		for _, tc := range []struct {
			name     string
			file     []byte
			status   int
			verified bool
			reason   string
		}{
			{"good", cred.Raw, http.StatusOK, true, ""},
			{"re-encoded compactly", reencode(t, cred.Raw, func(map[string]any) {}), http.StatusOK, true, ""},
			{"another name", reencode(t, cred.Raw, set([]string{"credentialSubject", "name"}, "Mallory")), http.StatusOK, false, "signature does not match"},
			{"another link", reencode(t, cred.Raw, func(c map[string]any) {
				c["evidence"].([]any)[0].(map[string]any)["id"] = "https://example.com/forged"
			}), http.StatusOK, false, "signature does not match"},
			{"another issue date", reencode(t, cred.Raw, set([]string{"validFrom"}, "2020-01-01T00:00:00Z")), http.StatusOK, false, "signature does not match"},
			{"a link that is no URL", reencode(t, cred.Raw, func(c map[string]any) {
				c["evidence"].([]any)[0].(map[string]any)["id"] = "my work"
			}), http.StatusOK, false, "evidence.id"},
			{"an undefined term", reencode(t, cred.Raw, set([]string{"grade"}, "A+")), http.StatusOK, false, "grade"},
			{"a term in another case", reencode(t, cred.Raw, func(c map[string]any) { c["Name"] = c["name"]; delete(c, "name") }), http.StatusOK, false, "Name"},
			{"@direction", reencode(t, cred.Raw, set([]string{"@direction"}, "rtl")), http.StatusOK, false, "@direction"},
			{"another context", reencode(t, cred.Raw, set([]string{"@context"}, []string{"https://www.w3.org/ns/credentials/v2", "https://evil.example/ctx.json"})), http.StatusOK, false, "@context"},
			{"no proof", reencode(t, cred.Raw, func(c map[string]any) { delete(c, "proof") }), http.StatusOK, false, "no proof"},
			{"signed by another key", foreignSigned, http.StatusOK, false, "not one this deployment lists"},
			{"issued elsewhere", foreignIssuer, http.StatusOK, false, "is not this deployment"},
			{"a JSON list", []byte(`[1, 2]`), http.StatusBadRequest, false, ""},
			{"empty", nil, http.StatusBadRequest, false, ""},
			{"not JSON", []byte("hello there"), http.StatusBadRequest, false, ""},
			{"a PNG without a credential", credentials.BadgeImage(), http.StatusBadRequest, false, ""},
			{"a truncated PNG", credentials.BadgeImage()[:100], http.StatusBadRequest, false, ""},
			{"a PDF without a credential", pdfWithout, http.StatusBadRequest, false, ""},
			{"a PDF header alone", []byte("%PDF-1.7\n"), http.StatusBadRequest, false, ""},
		} {
			res := e.verifyFile(tc.file)
			if res.Status != tc.status {
				t.Errorf("%s: %d %s, want %d", tc.name, res.Status, res.Raw, tc.status)
				continue
			}
			if tc.status != http.StatusOK {
				if res.fieldError("credential") == "" {
					t.Errorf("%s: no field message: %s", tc.name, res.Raw)
				}
				continue
			}
			errs, _ := res.Body["errors"].([]any)
			if res.Body["verified"] != tc.verified || (tc.verified && len(errs) != 0) || (!tc.verified && (len(errs) == 0 || !strings.Contains(errs[0].(string), tc.reason))) {
				t.Errorf("%s: %s, want verified %v with a reason naming %q", tc.name, res.Raw, tc.verified, tc.reason)
			}
			if !tc.verified && (res.Body["issuer"] != nil || res.Body["achievement"] != nil || len(res.Body["evidence"].([]any)) != 0) {
				t.Errorf("%s: an unverified credential's contents shown: %s", tc.name, res.Raw)
			}
		}
	})
}

func TestCredentials_verifyLimits(t *testing.T) {
	configure := func(c *config.Config) { c.CredentialVerifiesPerIP, c.CredentialVerifyMaxMB = 2, 1 }
	onBothDeploymentsWith(t, configure, func(t *testing.T, e *env) {
		if res := e.verifyFile(make([]byte, 1<<20+1)); res.Status != http.StatusRequestEntityTooLarge {
			t.Errorf("a file over CREDENTIAL_VERIFY_MAX_MB: %d %s", res.Status, res.Raw)
		}
		for range 2 {
			if res := e.verifyFile([]byte(`{}`)); res.Status != http.StatusOK || res.Body["verified"] != false {
				t.Errorf("a verification within the limit: %d %s", res.Status, res.Raw)
			}
		}
		if res := e.verifyFile([]byte(`{}`)); res.Status != http.StatusTooManyRequests {
			t.Errorf("past CREDENTIAL_VERIFY_MAX_PER_IP: %d %s", res.Status, res.Raw)
		}
	})
}

// A certificate issued before credentials existed gets one on first request, from its stored
// fields; a link stored before links had to be URLs is percent-encoded, or left out and said so.
func TestCredentials_certificatesIssuedBefore(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, student := e.registerStartup("Old Co"), e.registerStudent("Olga")
		for _, tc := range []struct{ stored, signed string }{
			{"https://old.example/my work <v2>", "https://old.example/my%20work%20%3Cv2%3E"},
			{"old.example/no-scheme", ""},
		} {
			_, number := e.certificateOf(startup, student)
			if err := e.app.DB.Exec("UPDATE certificates SET work_link = ?, credential = '' WHERE number = ?", tc.stored, number).Error; err != nil {
				t.Fatal(err)
			}
			res := e.do("GET", "/api/certificates/"+number+"/credential", "", nil)
			ev := path(res.Body, "evidence", 0).(map[string]any)
			if id, _ := ev["id"].(string); id != tc.signed {
				t.Errorf("stored link %q signed as %q, want %q", tc.stored, id, tc.signed)
			}
			if d, _ := ev["description"].(string); (tc.signed == "") != strings.Contains(d, "not part of this credential") {
				t.Errorf("stored link %q: description %q", tc.stored, d)
			}
			if v := e.verifyFile(res.Raw); v.Body["verified"] != true {
				t.Errorf("verify %q: %s", tc.stored, v.Raw)
			}
		}
	})
}

// Rotating the key: credentials signed before keep verifying while the old key is listed as
// retired, and new ones are signed with the new key.
func TestCredentials_keyRotationKeepsOldCredentialsValid(t *testing.T) {
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			db := testenv.OpenDB(t, kind)
			start := func(key string, retired ...string) *env {
				cfg := baseConfig(t, func(c *config.Config) { c.CredentialSigningKey, c.CredentialRetiredKeys = key, retired })
				if kind == testenv.Postgres {
					rdb, prefix := testenv.Redis(t)
					cfg.RedisPrefix = prefix
					return newEnvOn(t, cfg, db, rdb)
				}
				return newEnvOn(t, cfg, db, nil)
			}
			const oldKey, newKey = testCredentialKey, "bmV3LWNyZWRlbnRpYWwtc2lnbmluZy1rZXktMjAyNiE="
			before := start(oldKey)
			_, number, old := before.credentialOf(before.registerStartup("Rotate Inc"), before.registerStudent("Rita"), nil, "https://example.com/r", "")
			oldMethod := path(old.Body, "proof", "verificationMethod").(string)
			oldMultikey := oldMethod[strings.Index(oldMethod, "#")+1:]
			before.stop()

			after := start(newKey, oldMultikey)
			if again := after.do("GET", "/api/certificates/"+number+"/credential", "", nil); !bytes.Equal(again.Raw, old.Raw) {
				t.Error("the kept credential changed with the key")
			}
			if v := after.verifyFile(old.Raw); v.Body["verified"] != true {
				t.Errorf("an old credential after rotation: %s", v.Raw)
			}
			doc := after.do("GET", "/.well-known/did.json", "", nil)
			if path(doc.Body, "verificationMethod", 1, "id") != oldMethod || len(path(doc.Body, "assertionMethod").([]any)) != 2 {
				t.Errorf("the DID document does not keep the retired key: %s", doc.Raw)
			}
			_, _, fresh := after.credentialOf(after.registerStartup("Rotate Two"), after.registerStudent("Rafa"), nil, "https://example.com/r2", "")
			if m := path(fresh.Body, "proof", "verificationMethod"); m != path(doc.Body, "verificationMethod", 0, "id") || m == oldMethod {
				t.Errorf("a new credential signed by %v", m)
			}
			after.stop()

			// A key dropped from CREDENTIAL_RETIRED_KEYS no longer vouches for what it signed.
			dropped := start(newKey)
			if v := dropped.verifyFile(old.Raw); v.Body["verified"] != false {
				t.Errorf("a credential of a key no longer listed: %s", v.Raw)
			}
		})
	}
}
