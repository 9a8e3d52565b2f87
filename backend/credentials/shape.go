package credentials

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// The shape check is what makes a verification mean what it says. json-gold drops what it cannot
// read instead of failing (a value that is no absolute IRI, an @direction), so a canonicalization
// that succeeds may not cover everything a reader sees. A document is therefore verified only when
// it is exactly a Credential (decodeExact) whose every value is what Build writes (checkShape):
// then everything shown was signed.

// decodeExact decodes raw into a Credential and refuses a document that type cannot say exactly:
// a property it does not have (in any letter case), one missing, null or of another type. The
// reason given names the first property that differs.
func decodeExact(raw []byte) (*Credential, string) {
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, "The file is not valid JSON."
	}
	if _, ok := doc.(map[string]any); !ok {
		return nil, "The JSON is not a credential: it is not an object."
	}
	var c Credential
	if err := json.Unmarshal(raw, &c); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return nil, fmt.Sprintf("The credential's %s is not what a Bridgework credential holds there.", typeErr.Field)
		}
		return nil, "The JSON is not a Bridgework credential."
	}
	// A Credential always marshals, and what it marshals always decodes.
	again, _ := json.Marshal(c)
	var canon any
	_ = json.Unmarshal(again, &canon)
	if path := firstDifference("", doc, canon); path != "" {
		return nil, fmt.Sprintf("The credential is not one Bridgework issues: its %s is not as a Bridgework credential has it.", path)
	}
	return &c, ""
}

// firstDifference is the path of the first place where a and b differ, "" when they do not.
func firstDifference(path string, a, b any) string {
	join := func(key string) string {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok {
			return path
		}
		keys := make([]string, 0, len(a)+len(b))
		for k := range a {
			keys = append(keys, k)
		}
		for k := range b {
			if _, ok := a[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			va, inA := a[k]
			vb, inB := b[k]
			if inA != inB {
				return join(k)
			}
			if p := firstDifference(join(k), va, vb); p != "" {
				return p
			}
		}
		return ""
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return path
		}
		for n := range a {
			if p := firstDifference(fmt.Sprintf("%s[%d]", path, n), a[n], b[n]); p != "" {
				return p
			}
		}
		return ""
	}
	if !reflect.DeepEqual(a, b) {
		return path
	}
	return ""
}

// checkShape refuses a credential whose values are not what Build writes: the contexts and
// types, ids that are URLs under this deployment's PUBLIC_URL, this issuer, links that are valid
// URLs as RFC 3986 writes them, dates in xsd:dateTime, and text without the control characters
// plainText drops. The proof, when present, must be this suite's, by a key of this issuer.
func (i *Issuer) checkShape(c *Credential) error {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if !slices.Equal(c.Context, credentialContexts) {
		bad("@context must be %s", strings.Join(credentialContexts, ", "))
	}
	if !slices.Equal(c.Type, credentialTypes) {
		bad("type must be %s", strings.Join(credentialTypes, ", "))
	}
	if i.certificateNumber(c.ID) == "" {
		bad("id %q is not the address of a credential of %s", c.ID, i.PublicURL)
	}
	if c.Issuer.ID != i.DID {
		bad("the issuer %q is not this deployment, %s", c.Issuer.ID, i.DID)
	}
	checkProfile(bad, "issuer", c.Issuer)
	checkText(bad, "name", c.Name, true)
	checkDate(bad, "validFrom", c.ValidFrom)

	s := c.CredentialSubject
	checkTypes(bad, "credentialSubject.type", s.Type, "AchievementSubject")
	checkText(bad, "credentialSubject.name", s.Name, true)
	if len(s.Identifier) != 1 || s.Identifier[0].Type != "IdentityObject" || s.Identifier[0].IdentityType != "emailAddress" ||
		!s.Identifier[0].Hashed || !validIdentityHash(s.Identifier[0].IdentityHash) {
		bad("credentialSubject.identifier must be one hashed email address")
	} else {
		checkText(bad, "credentialSubject.identifier.salt", s.Identifier[0].Salt, true)
	}
	a := s.Achievement
	checkIRI(bad, "achievement.id", a.ID, true)
	checkTypes(bad, "achievement.type", a.Type, "Achievement")
	checkText(bad, "achievement.name", a.Name, true)
	checkText(bad, "achievement.description", a.Description, true)
	checkText(bad, "achievement.criteria.narrative", a.Criteria.Narrative, true)
	for _, t := range a.Tag {
		checkText(bad, "achievement.tag", t, true)
	}
	checkProfile(bad, "achievement.creator", a.Creator)

	if len(c.Evidence) == 0 {
		bad("evidence is missing")
	}
	for _, e := range c.Evidence {
		checkIRI(bad, "evidence.id", e.ID, false)
		checkTypes(bad, "evidence.type", e.Type, "Evidence")
		checkText(bad, "evidence.name", e.Name, true)
		checkText(bad, "evidence.description", e.Description, false)
		checkText(bad, "evidence.narrative", e.Narrative, false)
	}
	if p := c.Proof; p != nil {
		if p.Type != proofType || p.Cryptosuite != cryptosuite || p.ProofPurpose != proofPurpose {
			bad("the proof must be a %s of cryptosuite %s for %s", proofType, cryptosuite, proofPurpose)
		}
		checkDate(bad, "proof.created", p.Created)
		if _, ok := i.key(p.VerificationMethod); !ok {
			bad("the proof's key %q is not one this deployment lists in its DID document", p.VerificationMethod)
		}
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

func checkProfile(bad func(string, ...any), path string, p Profile) {
	if path != "issuer" { // the issuer's id is a DID, checked on its own
		checkIRI(bad, path+".id", p.ID, true)
	}
	checkTypes(bad, path+".type", p.Type, "Profile")
	checkText(bad, path+".name", p.Name, true)
	checkIRI(bad, path+".url", p.URL, false)
	checkText(bad, path+".description", p.Description, false)
}

func checkTypes(bad func(string, ...any), path string, types []string, want string) {
	if !slices.Equal(types, []string{want}) {
		bad("%s must be %s", path, want)
	}
}

// checkIRI refuses a value that is not an absolute http or https URL exactly as signableLink
// writes one: json-gold would drop it from what is signed, or write it unescaped where jsonld.js
// escapes.
func checkIRI(bad func(string, ...any), path, s string, required bool) {
	if s == "" && !required {
		return
	}
	if signableLink(s) != s {
		bad("%s %q is not a valid absolute URL", path, s)
	}
}

func checkText(bad func(string, ...any), path, s string, required bool) {
	switch {
	case required && strings.TrimSpace(s) == "":
		bad("%s is empty", path)
	case !utf8.ValidString(s) || strings.ContainsFunc(s, divergentControl):
		bad("%s holds control characters", path)
	}
}

func checkDate(bad func(string, ...any), path, s string) {
	if _, err := time.Parse(dateTime, s); err != nil {
		bad("%s %q is not a date and time in UTC (%s)", path, s, dateTime)
	}
}

func validIdentityHash(s string) bool {
	sum, ok := strings.CutPrefix(s, "sha256$")
	_, err := hex.DecodeString(sum)
	return ok && len(sum) == 64 && err == nil && strings.ToLower(sum) == sum
}
