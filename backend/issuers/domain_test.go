package issuers

import (
	"strings"
	"testing"
)

// A website names the registrable domain of its host; what it is stored as is weblink's form.
func TestCheckWebsite_companyDomain(t *testing.T) {
	for _, tc := range []struct{ website, uri, domain string }{
		{"https://nimbus.io", "https://nimbus.io", "nimbus.io"},
		{" https://www.Nimbus.io/about ", "https://www.Nimbus.io/about", "nimbus.io"},
		{"nimbus.io", "https://nimbus.io", "nimbus.io"},
		{"http://labs.nimbus.io:8080/x", "http://labs.nimbus.io:8080/x", "nimbus.io"},
		{"https://nimbus.io.", "https://nimbus.io.", "nimbus.io"},
		{"https://acme.co.uk/", "https://acme.co.uk/", "acme.co.uk"},
		{"https://shop.acme.com.au", "https://shop.acme.com.au", "acme.com.au"},
		{"https://nimbus.ac", "https://nimbus.ac", "nimbus.ac"}, // Ascension Island's TLD is open to anyone
		{"https://live.nimbus.io", "https://live.nimbus.io", "nimbus.io"},
		{"https://münchen.de/", "https://xn--mnchen-3ya.de/", "xn--mnchen-3ya.de"},
	} {
		uri, domain, problem := CheckWebsite(tc.website)
		if uri != tc.uri || domain != tc.domain || problem != "" {
			t.Errorf("CheckWebsite(%q) = %q, %q, %q; want %q, %q", tc.website, uri, domain, problem, tc.uri, tc.domain)
		}
		if got := SiteDomain(tc.website); got != tc.domain {
			t.Errorf("SiteDomain(%q) = %q, want %q", tc.website, got, tc.domain)
		}
	}
}

// What a startup cannot claim as its company, each with the reason the website field shows.
func TestCheckWebsite_namesNoCompany(t *testing.T) {
	for website, reason := range map[string]string{
		"":                              "Please enter a valid URL",
		"javascript:alert(1)":           "Please enter a valid URL",
		"ftp://nimbus.io":               "Please enter a valid URL",
		"https://probe.io@evil.io":      "Please enter a valid URL",
		"https://nimbus.io%2F@evil.com": "Please enter a valid URL",
		"https://nimbus.io/about us":    "Please enter a valid URL",
		`https://nimbus.io/"x"`:         "Please enter a valid URL",
		"https://nimbus.io/<x>":         "Please enter a valid URL",
		"https://localhost":             "public website",
		"http://localhost:3000":         "public website",
		"http://127.0.0.1":              "public website",
		"https://[::1]/":                "public website",
		"https://nimbus.local":          "public website",
		"https://nimbus.zz":             ".zz is not a top-level domain",
		"https://nimbus.example":        ".example is not a top-level domain",
		"https://co.uk":                 "co.uk is a public suffix",
		"https://com.au":                "com.au is a public suffix",
		"https://github.io":             "github.io is a hosting domain",
		"https://vercel.app":            "vercel.app is a hosting domain",
		"https://acme.github.io":        "github.io is a hosting domain",
		"https://acme.vercel.app/":      "vercel.app is a hosting domain",
		"https://acme.blogspot.com":     "blogspot.com is a hosting domain",
		"https://oxford.ac.uk":          "oxford.ac.uk is a school, university or government domain",
		"https://www.ox.ac.uk":          "ox.ac.uk is a school, university or government domain",
		"https://cs.stanford.edu":       "stanford.edu is a school",
		"https://gov.uk":                "gov.uk is a public suffix",
		"https://www.gov.uk":            "www.gov.uk is a school, university or government domain",
		"https://hmrc.gov.uk":           "hmrc.gov.uk is a school, university or government domain",
		"https://unimelb.edu.au":        "unimelb.edu.au is a school",
		"https://nato.int":              "nato.int is a school, university or government domain",
		"https://gmail.com":             "gmail.com is a free-mail provider",
		"https://mail.yahoo.co.uk":      "yahoo.co.uk is a free-mail provider",
	} {
		uri, domain, problem := CheckWebsite(website)
		if uri != "" || domain != "" || !strings.Contains(problem, reason) {
			t.Errorf("CheckWebsite(%q) = %q, %q, %q; want the reason %q", website, uri, domain, problem, reason)
		}
		if got := SiteDomain(website); got != "" {
			t.Errorf("SiteDomain(%q) = %q, want none", website, got)
		}
	}
}

// The mailbox must be at the company domain itself.
func TestMailboxProblem(t *testing.T) {
	for _, tc := range []struct{ email, site, problem string }{
		{"nimbus.io", "nimbus.io", ""},
		{"acme.co.uk", "acme.co.uk", ""},
		{"mail.nimbus.io", "nimbus.io", "Use an address at nimbus.io itself: an address at mail.nimbus.io does not prove you own nimbus.io."},
		{"cs.oxford.ac.uk", "oxford.ac.uk", "Use an address at oxford.ac.uk itself"},
		{"evilnimbus.io", "nimbus.io", "The address must be at nimbus.io, your website's domain."},
		{"nimbus.io.evil.com", "nimbus.io", "The address must be at nimbus.io"},
		{"io", "nimbus.io", "The address must be at nimbus.io"},
		{"gmail.com", "nimbus.io", "Use your work address at nimbus.io, not a free-mail address."},
	} {
		got := mailboxProblem(tc.email, tc.site)
		if (tc.problem == "") != (got == "") || !strings.HasPrefix(got, tc.problem) {
			t.Errorf("mailboxProblem(%q, %q) = %q, want %q", tc.email, tc.site, got, tc.problem)
		}
	}
}

func TestIsFreeMail(t *testing.T) {
	for domain, want := range map[string]bool{
		"gmail.com": true, "GMAIL.com": true, "outlook.com": true, "hotmail.com": true, "hotmail.co.uk": true,
		"yahoo.com": true, "yahoo.co.jp": true, "yahoo.fr": true, "icloud.com": true, "proton.me": true,
		"gmx.de": true, "live.com": true,
		"nimbus.io": false, "live.nimbus.io": false, "yahoo.nimbus.io": false, "outlook.company.co.uk": false,
		"mygmail.com": false,
	} {
		if got := IsFreeMail(domain); got != want {
			t.Errorf("IsFreeMail(%q) = %v, want %v", domain, got, want)
		}
	}
}
