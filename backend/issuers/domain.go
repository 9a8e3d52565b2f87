package issuers

import (
	"strings"

	"golang.org/x/net/publicsuffix"

	"bridgework/backend/weblink"
)

const badWebsite = "Please enter a valid URL, such as https://nimbus.io"

// CheckWebsite reads a startup's website ("nimbus.io" counts as https://nimbus.io) and returns
// it as stored (weblink's RFC 3986 form) with the company domain it names, or a sentence for the
// user saying why it names none.
//
// The company domain is the website's registrable domain by the Public Suffix List (eTLD+1):
// https://www.nimbus.io and https://labs.nimbus.io both name nimbus.io. A website names no
// company when it is not a public web link (weblink: a user name, as in
// https://probe.io@evil.io, an IP address, localhost), when its host is itself a public suffix
// (co.uk), when it sits under a suffix of the list's private section, when it is at a school,
// university, government or military domain, or when it is a free-mail provider (gmail.com).
//
// Private-section suffixes (github.io, vercel.app, blogspot.com) are where a provider hands
// sites to anyone: acme.github.io is a registrable domain, but whoever holds a GitHub account
// can have one, and a mailbox there proves nothing about a company, so no site under such a
// suffix verifies. Academic and government zones (edu, ac.uk, gov.uk…) register names only for
// institutions, which give addresses at their own domain to every student and employee: such a
// mailbox shows membership, not that its holder speaks for the institution, and a startup is not
// one.
func CheckWebsite(website string) (uri, domain, problem string) {
	website = strings.TrimSpace(website)
	if !strings.Contains(website, "://") {
		website = "https://" + website
	}
	uri, host, err := weblink.Parse(website)
	if err != nil {
		return "", "", badWebsite
	}
	if !weblink.PublicHost(host) {
		return "", "", "Use your company's public website: not localhost, a private-network name or an IP address."
	}
	host = strings.TrimSuffix(host, ".")
	suffix, icann := publicsuffix.PublicSuffix(host)
	switch {
	case !icann && !strings.Contains(suffix, "."):
		// No rule of the list matched: the list's default rule took the last label.
		return "", "", "." + suffix + " is not a top-level domain on the internet: enter your company's website, such as https://nimbus.io"
	case !icann:
		return "", "", suffix + " is a hosting domain where anyone can have a site, so a site there proves nothing about a company. Enter your company's own domain."
	case host == suffix:
		return "", "", host + " is a public suffix that names are registered under, not a company's domain. Enter your company's own domain."
	}
	domain, err = publicsuffix.EffectiveTLDPlusOne(host)
	switch {
	case err != nil:
		return "", "", badWebsite
	case institutional(suffix):
		return "", "", domain + " is a school, university or government domain, whose addresses belong to its students and staff. Enter your company's own domain."
	case IsFreeMail(domain):
		return "", "", domain + " is a free-mail provider, not your company's website."
	}
	return uri, domain, ""
}

// SiteDomain is the company domain CheckWebsite finds for website, "" when it names none.
func SiteDomain(website string) string {
	_, domain, _ := CheckWebsite(website)
	return domain
}

// institutional reports whether suffix is a zone of schools, universities, governments or armed
// forces: edu, gov, mil, int, and second-level zones such as ac.uk, edu.au, gov.in, sch.uk (the
// ccTLD ac alone is Ascension Island's, open to anyone).
func institutional(suffix string) bool {
	first, _, below := strings.Cut(suffix, ".")
	switch first {
	case "edu", "gov", "mil":
		return true
	case "int":
		return !below
	case "ac", "sch":
		return below
	}
	return false
}

// mailboxProblem says why an address at emailDomain cannot confirm a company at domain, "" when
// it can. The mailbox must be at the company domain itself: a subdomain's mailboxes are often
// another party's (a department's, a student's at cs.oxford.ac.uk), so they do not verify the
// domain above them.
func mailboxProblem(emailDomain, domain string) string {
	switch {
	case IsFreeMail(emailDomain):
		return "Use your work address at " + domain + ", not a free-mail address."
	case strings.HasSuffix(emailDomain, "."+domain):
		return "Use an address at " + domain + " itself: an address at " + emailDomain + " does not prove you own " + domain + "."
	case emailDomain != domain:
		return "The address must be at " + domain + ", your website's domain."
	}
	return ""
}

// domainOf is the domain of an address accounts.ValidEmail accepted.
func domainOf(email string) string { return email[strings.LastIndex(email, "@")+1:] }

// freeMail lists the mail providers anyone can get an address at: an address there proves
// nothing about a company. Families such as yahoo.* are matched on their first label.
var (
	freeMail = map[string]bool{
		"gmail.com": true, "googlemail.com": true, "icloud.com": true, "me.com": true, "mac.com": true,
		"aol.com": true, "proton.me": true, "protonmail.com": true, "pm.me": true, "ymail.com": true,
		"mail.com": true, "zoho.com": true, "zohomail.com": true, "fastmail.com": true, "hey.com": true,
		"tutanota.com": true, "tuta.io": true, "mail.ru": true, "qq.com": true, "163.com": true,
		"126.com": true, "msn.com": true, "rediffmail.com": true,
	}
	freeMailFamilies = map[string]bool{
		"yahoo": true, "hotmail": true, "outlook": true, "live": true, "gmx": true, "yandex": true,
	}
)

// IsFreeMail reports whether domain belongs to a free-mail provider. A family matches only
// under a country or generic suffix (yahoo.co.uk, gmx.de), not as a company's own subdomain
// (live.nimbus.io).
func IsFreeMail(domain string) bool {
	domain = strings.ToLower(domain)
	if freeMail[domain] {
		return true
	}
	first, rest, ok := strings.Cut(domain, ".")
	if !ok || !freeMailFamilies[first] {
		return false
	}
	labels := strings.Split(rest, ".")
	if len(labels) > 2 {
		return false
	}
	for _, l := range labels {
		if len(l) < 2 || len(l) > 3 {
			return false
		}
	}
	return true
}
