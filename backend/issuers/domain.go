package issuers

import (
	"net/url"
	"strings"
)

// SiteDomain is the domain a startup's website names: its host, lower-case, without a port or a
// leading "www." (a company at https://www.nimbus.io mails from nimbus.io). It is "" for an
// empty or unparsable website.
func SiteDomain(website string) string {
	website = strings.TrimSpace(website)
	if website == "" {
		return ""
	}
	if !strings.Contains(website, "://") {
		website = "https://" + website
	}
	u, err := url.Parse(website)
	if err != nil {
		return ""
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	host = strings.TrimPrefix(host, "www.")
	if !strings.Contains(host, ".") {
		return ""
	}
	return host
}

// WithinDomain reports whether emailDomain is domain or one of its subdomains.
func WithinDomain(emailDomain, domain string) bool {
	return domain != "" && (emailDomain == domain || strings.HasSuffix(emailDomain, "."+domain))
}

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
