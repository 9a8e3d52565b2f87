package issuers

import "testing"

func TestSiteDomain(t *testing.T) {
	for website, want := range map[string]string{
		"https://nimbus.io":             "nimbus.io",
		"https://www.Nimbus.io/about":   "nimbus.io",
		"nimbus.io":                     "nimbus.io",
		"http://labs.nimbus.io:8080/x":  "labs.nimbus.io",
		"https://nimbus.io.":            "nimbus.io",
		"":                              "",
		"https://localhost":             "",
		"javascript:alert(1)":           "",
		"https://user:pw@nimbus.io/":    "nimbus.io",
		"https://[::1]/":                "",
		"https://nimbus.io%2F@evil.com": "evil.com", // the host a browser would open
	} {
		if got := SiteDomain(website); got != want {
			t.Errorf("SiteDomain(%q) = %q, want %q", website, got, want)
		}
	}
}

func TestWithinDomain(t *testing.T) {
	for _, tc := range []struct {
		email, site string
		want        bool
	}{
		{"nimbus.io", "nimbus.io", true},
		{"mail.nimbus.io", "nimbus.io", true},
		{"evilnimbus.io", "nimbus.io", false},
		{"nimbus.io.evil.com", "nimbus.io", false},
		{"io", "nimbus.io", false},
		{"nimbus.io", "", false},
	} {
		if got := WithinDomain(tc.email, tc.site); got != tc.want {
			t.Errorf("WithinDomain(%q, %q) = %v, want %v", tc.email, tc.site, got, tc.want)
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
