package httpapi_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"bridgework/backend/config"
)

// Verified issuers (docs/api-contract.md, "Verified issuers"): a startup proves its company by a
// link mailed to an address at its website's domain; certificates, tasks and profiles then say so.

var verifyLinkPattern = regexp.MustCompile(`/verify-company\?token=([A-Za-z0-9_-]+)`)

// setWebsite saves startup's company profile with website.
func (e *env) setWebsite(startup user, company, website string) response {
	e.t.Helper()
	res := e.do("PUT", "/api/startup/profile", startup.Token,
		map[string]any{"companyName": company, "industry": "Cloud", "website": website})
	if res.Status != http.StatusOK {
		e.t.Fatalf("save website %q: %d %s", website, res.Status, res.Raw)
	}
	return res
}

// verificationLink asks for a link to email as startup and returns the mailed token.
func (e *env) verificationLink(startup user, email string) string {
	e.t.Helper()
	before := len(e.mails.messages())
	if res := e.do("POST", "/api/startup/verification", startup.Token, map[string]any{"email": email}); res.Status != http.StatusAccepted {
		e.t.Fatalf("ask for a link to %s: %d %s", email, res.Status, res.Raw)
	}
	mails := e.waitMails(before + 1)
	last := mails[len(mails)-1]
	m := verifyLinkPattern.FindStringSubmatch(last.Body)
	if last.To != email || m == nil {
		e.t.Fatalf("mail %+v: want a verification link to %s", last, email)
	}
	return m[1]
}

func (e *env) confirmVerification(u user, token string) response {
	e.t.Helper()
	return e.do("POST", "/api/startup/verification/confirm", u.Token, map[string]any{"token": token})
}

// verifiedCompany registers a startup with website and verifies it through email.
func (e *env) verifiedCompany(company, website, email string) user {
	e.t.Helper()
	startup := e.registerStartup(company)
	e.setWebsite(startup, company, website)
	if res := e.confirmVerification(startup, e.verificationLink(startup, email)); res.Status != http.StatusOK {
		e.t.Fatalf("confirm: %d %s", res.Status, res.Raw)
	}
	return startup
}

// certificateOf has student complete a task of startup and returns the certificate's id and number.
func (e *env) certificateOf(startup, student user) (id, number string) {
	e.t.Helper()
	task := e.postTask(startup, nil)
	e.submitLink(student, task, "https://example.com/work")
	res := e.decide(startup, task, student.ID, true, "")
	cert, ok := res.Body["certificate"].(map[string]any)
	if !ok {
		e.t.Fatalf("approve: %d %s", res.Status, res.Raw)
	}
	return cert["_id"].(string), cert["certificateNumber"].(string)
}

// issuerOnPage reads the public verification page's issuer.
func (e *env) issuerOnPage(number string) (issuer, metadata map[string]any) {
	e.t.Helper()
	res := e.do("GET", "/api/certificates/verify/"+number, "", nil)
	if res.Status != http.StatusOK {
		e.t.Fatalf("verify %s: %d %s", number, res.Status, res.Raw)
	}
	c := res.Body["certificate"].(map[string]any)
	return c["startup"].(map[string]any), c["metadata"].(map[string]any)
}

// verifiedDomainOf reads a startup's verifiedDomain from its public profile, as viewer.
func (e *env) verifiedDomainOf(startup, viewer user) string {
	e.t.Helper()
	res := e.do("GET", "/api/startup/"+startup.ID, viewer.Token, nil)
	p, ok := res.Body["startup"].(map[string]any)
	if res.Status != http.StatusOK || !ok {
		e.t.Fatalf("startup profile: %d %s", res.Status, res.Raw)
	}
	return p["verifiedDomain"].(string)
}

func (e *env) certificatePDFText(student user, id string) string {
	e.t.Helper()
	dl := e.do("GET", "/api/student/certificates/"+id+"/download", student.Token, nil)
	if dl.Status != http.StatusOK {
		e.t.Fatalf("download: %d %s", dl.Status, dl.Raw)
	}
	return pdfText(e.t.(*testing.T), dl.Raw)
}

// The whole journey through a real SMTP server: the link arrives at the work address, opening it
// verifies the startup, and its certificate, tasks and profile say so.
func TestIssuers_verifiedThroughAMailedLink(t *testing.T) {
	var server *smtpServer
	configure := func(c *config.Config) { server = newSMTPServer(t, "accept"); withSMTP(server)(c) }
	onBothDeploymentsWith(t, configure, func(t *testing.T, e *env) {
		startup := e.registerStartup("Nimbus Labs")
		e.setWebsite(startup, "Nimbus Labs", "https://www.nimbus.io/")
		res := e.do("POST", "/api/startup/verification", startup.Token, map[string]any{"email": " CEO@Nimbus.io "})
		if res.Status != http.StatusAccepted || !strings.Contains(res.field("message"), "ceo@nimbus.io") {
			t.Fatalf("ask for a link: %d %s", res.Status, res.Raw)
		}
		mails := server.waitMails(1)
		if len(mails) != 1 || mails[0].to != "ceo@nimbus.io" {
			t.Fatalf("delivered %+v, want one mail to ceo@nimbus.io", mails)
		}
		m := verifyLinkPattern.FindStringSubmatch(mails[0].data)
		if m == nil || !strings.Contains(mails[0].data, e.cfg.PublicURL+"/verify-company?token=") {
			t.Fatalf("no verification link in %q", mails[0].data)
		}
		// The company's name is its own words, quoted in Bridgework's sentence.
		if !strings.Contains(mails[0].data, "Subject: Confirm \"Nimbus Labs\" on Bridgework\r\n") ||
			!strings.Contains(mails[0].data, `The startup account "Nimbus Labs" asked Bridgework to verify that it is the company behind nimbus.io.`) {
			t.Errorf("the company name is not quoted in %q", mails[0].data)
		}

		confirmed := e.confirmVerification(startup, m[1])
		if confirmed.Status != http.StatusOK || confirmed.field("verifiedDomain") != "nimbus.io" || confirmed.field("verifiedAt") == "" {
			t.Fatalf("confirm: %d %s", confirmed.Status, confirmed.Raw)
		}
		if again := e.confirmVerification(startup, m[1]); again.Status != http.StatusBadRequest ||
			!strings.Contains(again.fieldError("token"), "invalid or has expired") {
			t.Errorf("the link used twice: %d %s, want 400", again.Status, again.Raw)
		}

		student := e.registerStudent("Asha")
		id, number := e.certificateOf(startup, student)
		issuer, metadata := e.issuerOnPage(number)
		if issuer["verifiedDomain"] != "nimbus.io" || issuer["since"] == "" || metadata["taskPostedAt"] == "" || metadata["completionDate"] == "" {
			t.Errorf("verification page: issuer %v, metadata %v", issuer, metadata)
		}
		text := e.certificatePDFText(student, id)
		since := time.Now().UTC().Format("January 2006")
		today := time.Now().UTC().Format("2 January 2006")
		for _, want := range []string{"Issued by Nimbus Labs · nimbus.io verified", "on Bridgework since " + since,
			"Task posted " + today + " · completed " + today} {
			if !strings.Contains(text, want) {
				t.Errorf("PDF lacks %q:\n%s", want, text)
			}
		}

		// The badge's data: the startup on its tasks and its profile.
		tasks := e.do("GET", "/api/tasks", student.Token, nil)
		for _, item := range decodeList(t, tasks) {
			if s := item["startup"].(map[string]any); s["verifiedDomain"] != "nimbus.io" {
				t.Errorf("task list startup: %v", s)
			}
		}
		if got := e.verifiedDomainOf(startup, student); got != "nimbus.io" {
			t.Errorf("startup profile's verifiedDomain %q", got)
		}
	})
}

func TestIssuers_unverifiedIssuerSaysSo(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, student := e.registerStartup("Google LLC"), e.registerStudent("Sam")
		id, number := e.certificateOf(startup, student)
		if issuer, _ := e.issuerOnPage(number); issuer["verifiedDomain"] != "" || issuer["companyName"] != "Google LLC" {
			t.Errorf("issuer %v, want an unverified Google LLC", issuer)
		}
		if text := e.certificatePDFText(student, id); !strings.Contains(text, "Issued by Google LLC · issuer not verified") {
			t.Errorf("PDF lacks the unverified issuer line:\n%s", text)
		}
	})
}

func TestIssuers_addressesRefused(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		bare := e.registerStartup("No Site Inc")
		startup := e.registerStartup("Nimbus Labs")
		e.setWebsite(startup, "Nimbus Labs", "nimbus.io")
		for _, tc := range []struct {
			name, email string
			who         user
			want        int
			message     string
		}{
			{"no website", "ceo@nosite.io", bare, http.StatusBadRequest, "Add your company's website to your profile first"},
			{"empty", "", startup, http.StatusBadRequest, "Enter your work email address"},
			{"not an address", "ceo-at-nimbus.io", startup, http.StatusBadRequest, "Invalid email address"},
			{"free mail", "nimbus.labs@gmail.com", startup, http.StatusBadRequest, "not a free-mail address"},
			{"free mail family", "nimbus@yahoo.co.uk", startup, http.StatusBadRequest, "not a free-mail address"},
			{"foreign domain", "ceo@google.com", startup, http.StatusBadRequest, "must be at nimbus.io"},
			{"lookalike domain", "ceo@evilnimbus.io", startup, http.StatusBadRequest, "must be at nimbus.io"},
			{"parent domain", "ceo@io", startup, http.StatusBadRequest, "Invalid email address"},
			// A mailbox at a subdomain does not verify the domain above it.
			{"subdomain", "ceo@mail.nimbus.io", startup, http.StatusBadRequest, "Use an address at nimbus.io itself"},
			{"the domain itself", "ceo@nimbus.io", startup, http.StatusAccepted, "ceo@nimbus.io"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := e.do("POST", "/api/startup/verification", tc.who.Token, map[string]any{"email": tc.email})
				got := res.fieldError("email")
				if res.Status == http.StatusAccepted {
					got = res.field("message")
				}
				if res.Status != tc.want || !strings.Contains(got, tc.message) {
					t.Errorf("%q: %d %s, want %d with %q", tc.email, res.Status, res.Raw, tc.want, tc.message)
				}
			})
		}
		if mails := e.waitMails(1); len(mails) != 1 || mails[0].To != "ceo@nimbus.io" {
			t.Errorf("mailed %+v, want only the link to ceo@nimbus.io", mails)
		}
		if res := e.do("PUT", "/api/startup/profile", startup.Token, map[string]any{"companyName": "Nimbus Labs", "industry": "Cloud",
			"website": "javascript:alert(1)"}); res.Status != http.StatusBadRequest || res.fieldError("website") == "" {
			t.Errorf("website javascript: %d %s, want 400", res.Status, res.Raw)
		}
	})
}

// TestIssuers_linksRefused: malformed links, another startup's and an expired one verify nothing;
// the owner's link still works after another startup tried it. Expiry is reached by moving the
// service's clock past the link's lifetime, not by waiting it out.
func TestIssuers_linksRefused(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Nimbus Labs")
		e.setWebsite(startup, "Nimbus Labs", "https://nimbus.io")
		other := e.registerStartup("Copycat Labs")
		e.setWebsite(other, "Copycat Labs", "https://nimbus.io") // claims the same site
		token := e.verificationLink(startup, "ceo@nimbus.io")

		for _, tc := range []struct {
			name, token string
			who         user
			want        int
		}{
			{"empty", "", startup, http.StatusBadRequest},
			{"garbage", "not-a-token", startup, http.StatusBadRequest},
			{"huge", strings.Repeat("x", 10000), startup, http.StatusBadRequest},
			{"hostile", "' OR 1=1 --", startup, http.StatusBadRequest},
			// The link binds to the startup that asked: another one may not use or spend it.
			{"another startup", token, other, http.StatusNotFound},
		} {
			if res := e.confirmVerification(tc.who, tc.token); res.Status != tc.want {
				t.Errorf("%s: %d %s, want %d", tc.name, res.Status, res.Raw, tc.want)
			}
		}
		if got := e.verifiedDomainOf(other, other); got != "" {
			t.Errorf("the other startup got verified for %q", got)
		}
		if res := e.confirmVerification(startup, token); res.Status != http.StatusOK {
			t.Errorf("the owner after the other's attempt: %d %s", res.Status, res.Raw)
		}

		expiring := e.verificationLink(other, "cto@nimbus.io")
		later := time.Now().Add(e.cfg.VerifyLinkTTL + time.Second)
		e.app.Issuers.Now = func() time.Time { return later }
		if res := e.confirmVerification(other, expiring); res.Status != http.StatusBadRequest ||
			!strings.Contains(res.fieldError("token"), "expired") {
			t.Errorf("expired link: %d %s, want 400", res.Status, res.Raw)
		}
	})
}

func TestIssuers_websiteChangeDropsVerification(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.verifiedCompany("Nimbus Labs", "https://nimbus.io", "ceo@nimbus.io")
		student := e.registerStudent("Asha")
		_, number := e.certificateOf(startup, student)

		// Another page of the same site keeps the verification.
		if res := e.setWebsite(startup, "Nimbus Labs", "https://www.nimbus.io/about"); res.field("verifiedDomain") != "nimbus.io" {
			t.Errorf("same domain: %s", res.Raw)
		}
		pending := e.verificationLink(startup, "cto@nimbus.io")
		if res := e.setWebsite(startup, "Nimbus Labs", "https://google.com"); res.field("verifiedDomain") != "" || res.field("verifiedAt") != "" {
			t.Errorf("moved to another domain: %s", res.Raw)
		}
		if issuer, _ := e.issuerOnPage(number); issuer["verifiedDomain"] != "" {
			t.Errorf("certificate issuer after the move: %v", issuer)
		}
		// A link mailed for the old domain does not verify the new one.
		if res := e.confirmVerification(startup, pending); res.Status != http.StatusConflict {
			t.Errorf("old domain's link: %d %s, want 409", res.Status, res.Raw)
		}
		if res := e.setWebsite(startup, "Nimbus Labs", ""); res.field("verifiedDomain") != "" {
			t.Errorf("website removed: %s", res.Raw)
		}
	})
}

func TestIssuers_mailsPerAccountLimited(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { c.VerifyMailsPerAccount = 2 }, func(t *testing.T, e *env) {
		startup := e.registerStartup("Nimbus Labs")
		e.setWebsite(startup, "Nimbus Labs", "https://nimbus.io")
		ask := func(u user) response {
			return e.do("POST", "/api/startup/verification", u.Token, map[string]any{"email": "ceo@nimbus.io"})
		}
		for i := 0; i < 2; i++ {
			if res := ask(startup); res.Status != http.StatusAccepted {
				t.Fatalf("ask %d: %d %s", i+1, res.Status, res.Raw)
			}
		}
		if res := ask(startup); res.Status != http.StatusTooManyRequests || !strings.Contains(res.field("message"), "Too many verification emails") {
			t.Errorf("third ask: %d %s, want 429", res.Status, res.Raw)
		}
		other := e.registerStartup("Other Labs")
		e.setWebsite(other, "Other Labs", "https://nimbus.io")
		if res := ask(other); res.Status != http.StatusAccepted {
			t.Errorf("another account has its own share: %d %s", res.Status, res.Raw)
		}
	})
}

// Two tabs opening the same link at once: exactly one verifies, the other is told the link is
// spent, and neither gets a 500.
func TestIssuers_linkUsedOnceUnderRace(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Nimbus Labs")
		e.setWebsite(startup, "Nimbus Labs", "https://nimbus.io")
		token := e.verificationLink(startup, "ceo@nimbus.io")
		body, _ := json.Marshal(map[string]any{"token": token})
		statuses := make(chan int, 4)
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- e.statusOf("POST", "/api/startup/verification/confirm", startup.Token, body)
			}()
		}
		wg.Wait()
		close(statuses)
		count := map[int]int{}
		for s := range statuses {
			count[s]++
		}
		if count[http.StatusOK] != 1 || count[http.StatusBadRequest] != 3 {
			t.Errorf("statuses %v, want one 200 and three 400", count)
		}
	})
}

// A website that names no company is refused on the website field and changes nothing: a public
// suffix, a free-hosting or university domain, a user name that shows one host and opens
// another, an address only the startup's own machine or network opens, a free-mail provider,
// characters no URL holds.
func TestIssuers_websitesNamingNoCompanyRefused(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.verifiedCompany("Nimbus Labs", "https://www.nimbus.io", "ceo@nimbus.io")
		for _, tc := range []struct{ website, message string }{
			{"https://co.uk", "co.uk is a public suffix"},
			{"https://oxford.ac.uk", "oxford.ac.uk is a school, university or government domain"},
			{"https://github.io", "github.io is a hosting domain"},
			{"https://vercel.app", "vercel.app is a hosting domain"},
			{"https://nimbus.github.io", "github.io is a hosting domain"},
			{"https://probe.io@evil.io", "Please enter a valid URL"},
			{"http://127.0.0.1", "Use your company's public website"},
			{"http://localhost:3000", "Use your company's public website"},
			{"https://gmail.com", "gmail.com is a free-mail provider"},
			{"https://nimbus.io/about us", "Please enter a valid URL"},
			{"https://nimbus.io/<about>", "Please enter a valid URL"},
			{"https://nimbus.io/a>b", "Please enter a valid URL"},
			{`https://nimbus.io/"about"`, "Please enter a valid URL"},
		} {
			res := e.do("PUT", "/api/startup/profile", startup.Token,
				map[string]any{"companyName": "Nimbus Labs", "industry": "Cloud", "website": tc.website})
			if res.Status != http.StatusBadRequest || !strings.Contains(res.fieldError("website"), tc.message) {
				t.Errorf("website %q: %d %s, want 400 with %q", tc.website, res.Status, res.Raw, tc.message)
			}
		}
		me := e.do("GET", "/api/me", startup.Token, nil)
		if me.field("website") != "https://www.nimbus.io" || me.field("verifiedDomain") != "nimbus.io" {
			t.Errorf("after the refusals: %s", me.Raw)
		}
		// A link with a query and a fragment is still a website, and keeps the verification.
		if res := e.setWebsite(startup, "Nimbus Labs", "https://www.nimbus.io/?ref=bridgework#team"); res.field("website") != "https://www.nimbus.io/?ref=bridgework#team" ||
			res.field("verifiedDomain") != "nimbus.io" {
			t.Errorf("a link with a query and a fragment: %s", res.Raw)
		}
	})
}

// The confirming mailbox is at the company domain, the website's registrable domain, itself.
func TestIssuers_mailboxAtTheCompanyDomainItself(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		if got := e.verifiedDomainOf(e.verifiedCompany("Nimbus Labs", "https://www.nimbus.io", "ceo@nimbus.io"), e.registerStudent("Asha")); got != "nimbus.io" {
			t.Errorf("www.nimbus.io through ceo@nimbus.io verified %q, want nimbus.io", got)
		}

		// A site at a subdomain names the registrable domain: its mailboxes there verify it, the
		// subdomain's do not.
		labs := e.registerStartup("Nimbus Research")
		e.setWebsite(labs, "Nimbus Research", "https://labs.nimbus.io")
		res := e.do("POST", "/api/startup/verification", labs.Token, map[string]any{"email": "lead@labs.nimbus.io"})
		if want := "Use an address at nimbus.io itself: an address at labs.nimbus.io does not prove you own nimbus.io."; res.Status != http.StatusBadRequest ||
			res.fieldError("email") != want {
			t.Errorf("lead@labs.nimbus.io: %d %s, want 400 %q", res.Status, res.Raw, want)
		}
		if res := e.confirmVerification(labs, e.verificationLink(labs, "lead@nimbus.io")); res.field("verifiedDomain") != "nimbus.io" {
			t.Errorf("lead@nimbus.io for labs.nimbus.io: %d %s", res.Status, res.Raw)
		}

		// A website saved before these rules asks for nothing: a student's mailbox at a university
		// or anyone's under a public suffix verifies no startup.
		for _, tc := range []struct{ website, email, message string }{
			{"https://www.ox.ac.uk", "student123@cs.ox.ac.uk", "Fix the website on your profile first. ox.ac.uk is a school, university or government domain"},
			{"https://oxford.ac.uk", "student123@oxford.ac.uk", "Fix the website on your profile first. oxford.ac.uk is a school"},
			{"https://co.uk", "ceo@anycompany.co.uk", "Fix the website on your profile first. co.uk is a public suffix"},
			{"https://github.io", "me@someone.github.io", "Fix the website on your profile first. github.io is a hosting domain"},
			{"https://probe.io@evil.io", "ceo@evil.io", "Fix the website on your profile first. Please enter a valid URL"},
		} {
			old := e.registerStartup("Old Co")
			if err := e.app.DB.Table("users").Where("id = ?", old.ID).Update("website", tc.website).Error; err != nil {
				t.Fatal(err)
			}
			res := e.do("POST", "/api/startup/verification", old.Token, map[string]any{"email": tc.email})
			if res.Status != http.StatusBadRequest || !strings.HasPrefix(res.fieldError("email"), tc.message) {
				t.Errorf("%s at %s: %d %s, want 400 %q", tc.email, tc.website, res.Status, res.Raw, tc.message)
			}
		}
		if mails := e.mails.messages(); len(mails) != 2 {
			t.Errorf("mailed %d links, want the two above", len(mails))
		}

		// A link mailed to a subdomain before the rule changed verifies nothing either.
		early := e.registerStartup("Early Co")
		e.setWebsite(early, "Early Co", "https://early.io")
		token := e.verificationLink(early, "ceo@early.io")
		if err := e.app.DB.Table("company_verifications").Where("user_id = ?", early.ID).Update("email", "ceo@mail.early.io").Error; err != nil {
			t.Fatal(err)
		}
		if res := e.confirmVerification(early, token); res.Status != http.StatusBadRequest ||
			!strings.HasPrefix(res.fieldError("token"), "Use an address at early.io itself") {
			t.Errorf("a link mailed to ceo@mail.early.io: %d %s, want 400", res.Status, res.Raw)
		}
		if got := e.verifiedDomainOf(early, early); got != "" {
			t.Errorf("Early Co verified as %q", got)
		}
	})
}
