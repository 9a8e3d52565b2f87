package credentials

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/piprate/json-gold/ld"

	"bridgework/backend/certs"
	"bridgework/backend/weblink"
)

// Facts are what a credential states besides the certificate, read when it is signed.
type Facts struct {
	StudentEmail   string
	StartupWebsite string // as the startup's profile has it; "" when it has none
}

// Build is the credential of certificate c, signed at `at` with this salt for the student's
// hashed email. Every id is a URL under PUBLIC_URL, and the evidence's id the approved link;
// text is stripped of the control characters JSON-LD processors write differently (plainText).
func (i *Issuer) Build(c certs.Certificate, f Facts, salt string, at time.Time) Credential {
	title := plainText(c.TaskTitle)
	return Credential{
		Context:   credentialContexts,
		ID:        i.CredentialURL(c.Number),
		Type:      credentialTypes,
		Name:      title,
		Issuer:    Profile{ID: i.DID, Type: []string{"Profile"}, Name: "Bridgework", URL: i.PublicURL},
		ValidFrom: c.IssuedAt.UTC().Format(dateTime),
		CredentialSubject: Subject{
			Type: []string{"AchievementSubject"},
			Name: plainText(c.StudentName),
			Identifier: []IdentityObject{{
				Type: "IdentityObject", IdentityType: "emailAddress", Hashed: true,
				IdentityHash: IdentityHash(f.StudentEmail, salt), Salt: salt,
			}},
			Achievement: Achievement{
				ID:          i.PublicURL + "/tasks/" + c.TaskID,
				Type:        []string{"Achievement"},
				Name:        title,
				Description: fmt.Sprintf("A task %s posted on Bridgework, a marketplace where students do paid work for startups.", plainText(c.StartupName)),
				Criteria: Criteria{Narrative: fmt.Sprintf("Submit the work the task asks for as a link; %s reviews it and approves it. %s approved this work on %s.",
					plainText(c.StartupName), plainText(c.StartupName), c.CompletionDate.UTC().Format("2 January 2006"))},
				Tag:     skillTags(c.Skills),
				Creator: i.creator(c, f.StartupWebsite, at),
			},
		},
		Evidence: []Evidence{evidence(c)},
	}
}

// CredentialURL is where certificate number's credential is served, and so its id.
func (i *Issuer) CredentialURL(number string) string {
	return i.PublicURL + "/api/certificates/" + number + "/credential"
}

// certificateNumber is the number of the certificate whose credential id is this issuer's id,
// "" when id is no such id.
func (i *Issuer) certificateNumber(id string) string {
	rest, isOurs := strings.CutPrefix(id, i.PublicURL+"/api/certificates/")
	number, isCredential := strings.CutSuffix(rest, "/credential")
	if !isOurs || !isCredential || !certs.ValidNumber(number) {
		return ""
	}
	return number
}

// IdentityHash is OB 3.0's hash of an email: "sha256$" and the hex SHA-256 of email then salt.
func IdentityHash(email, salt string) string {
	sum := sha256.Sum256([]byte(email + salt))
	return "sha256$" + hex.EncodeToString(sum[:])
}

// creator is the startup that posted the task: its website when that is a valid URL, and in
// words whether Bridgework verified its domain when the credential was signed (the public
// verification page shows the verification as it stands now).
func (i *Issuer) creator(c certs.Certificate, website string, at time.Time) Profile {
	p := Profile{ID: i.PublicURL + "/startup/" + c.StartupID, Type: []string{"Profile"}, Name: plainText(c.StartupName)}
	p.URL = signableLink(website)
	day := at.UTC().Format("2 January 2006")
	p.Description = fmt.Sprintf("Bridgework has not verified this company's domain (as of %s).", day)
	if c.IssuerDomain != "" {
		p.Description = fmt.Sprintf("Bridgework verified that this company controls the domain %s (as of %s).", c.IssuerDomain, day)
	}
	return p
}

// evidence is the work approved: its link, the revision, and the startup's review notes.
//
// Links are checked as URLs when submitted (weblink), so a link stored before that is the only
// one that may not be: one that becomes a URL once the characters a browser escapes are
// percent-encoded ("https://rosa.dev/my work") is signed that way; any other, or one json-gold
// would drop (signableLink), is left out of the credential, which says so, rather than signed as
// something processors read differently.
func evidence(c certs.Certificate) Evidence {
	e := Evidence{Type: []string{"Evidence"}, Narrative: plainText(c.ReviewNotes)}
	e.Name = fmt.Sprintf("The work submitted for “%s”", plainText(c.TaskTitle))
	if c.WorkRevision > 0 {
		e.Name = fmt.Sprintf("Revision %d of the work submitted for “%s”", c.WorkRevision, plainText(c.TaskTitle))
	}
	if e.ID = signableLink(c.WorkLink); e.ID == "" {
		e.ID = signableLink(escapeUnsafe(c.WorkLink))
	}
	if e.ID == "" {
		e.Description = "The link submitted is not a web address every verifier reads alike, so it is not part of this credential."
	}
	return e
}

// signableLink is raw as a URI that every JSON-LD processor keeps as it is: weblink's form, and
// one that json-gold's own URL check passes (it leaves out of what is signed an http or https IRI
// its check refuses, such as one of 2,083 characters or a host starting with "-", which jsonld.js
// keeps). "" when raw is none.
func signableLink(raw string) string {
	uri, _, err := weblink.Parse(raw)
	if err != nil || (strings.HasPrefix(uri, "http://") || strings.HasPrefix(uri, "https://")) && !ld.IsURL(uri) {
		return ""
	}
	return uri
}

// escapeUnsafe percent-encodes the characters RFC 3986 allows nowhere that have no meaning in a
// link and that browsers escape before they open it.
func escapeUnsafe(link string) string {
	var b strings.Builder
	for i := 0; i < len(link); i++ {
		if c := link[i]; strings.IndexByte(" \"<>`{}|^", c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func skillTags(skills []string) []string {
	var out []string
	for _, s := range skills {
		if t := strings.TrimSpace(plainText(s)); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// plainText drops the control characters on whose canonical form JSON-LD processors disagree:
// json-gold writes them raw, jsonld.js escapes them, so a credential holding one would verify with
// one and not the other. Tab, line feed and carriage return both escape alike and are kept.
func plainText(s string) string {
	return strings.Map(func(r rune) rune {
		if divergentControl(r) {
			return -1
		}
		return r
	}, s)
}

func divergentControl(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f
}
