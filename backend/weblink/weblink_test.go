package weblink

import (
	"net/url"
	"testing"
)

func TestParse_accepts(t *testing.T) {
	for _, tc := range []struct{ raw, uri, host string }{
		{"https://github.com/rosa/landing", "https://github.com/rosa/landing", "github.com"},
		{"  http://rosa.dev/work?x=1&y=a%20b#top  ", "http://rosa.dev/work?x=1&y=a%20b#top", "rosa.dev"},
		{"https://WWW.Example.COM./page", "https://WWW.Example.COM./page", "www.example.com."},
		{"HTTPS://nimbus.io:8443", "HTTPS://nimbus.io:8443", "nimbus.io"},
		{"https://nimbus.io/a(b)*c;d=e,f!$'+@:~", "https://nimbus.io/a(b)*c;d=e,f!$'+@:~", "nimbus.io"},
		{"http://[::1]:5173/", "http://[::1]:5173/", "::1"},
		// An IRI is stored as the URI a browser sends for it.
		{"https://münchen.de/straße?q=ü#kapitel-ä", "https://xn--mnchen-3ya.de/stra%C3%9Fe?q=%C3%BC#kapitel-%C3%A4", "xn--mnchen-3ya.de"},
		{"https://MÜNCHEN.de:8080/", "https://xn--mnchen-3ya.de:8080/", "xn--mnchen-3ya.de"},
		{"https://m%C3%BCnchen.de/", "https://xn--mnchen-3ya.de/", "xn--mnchen-3ya.de"},
		{"https://pаypal.com/", "https://xn--pypal-4ve.com/", "xn--pypal-4ve.com"}, // a Cyrillic а shows as what it is
		{"https://nimbus.io/list?filter[name]=x#a#b", "https://nimbus.io/list?filter%5Bname%5D=x#a%23b", "nimbus.io"},
	} {
		uri, host, err := Parse(tc.raw)
		if err != nil || uri != tc.uri || host != tc.host {
			t.Errorf("Parse(%q) = %q, %q, %v; want %q, %q", tc.raw, uri, host, err, tc.uri, tc.host)
			continue
		}
		if _, err := url.Parse(uri); err != nil {
			t.Errorf("Parse(%q) gave %q, which net/url refuses: %v", tc.raw, uri, err)
		}
		if !allowedText(uri) || !isASCII(uri) {
			t.Errorf("Parse(%q) gave %q, not an ASCII URI", tc.raw, uri)
		}
	}
}

func TestParse_refuses(t *testing.T) {
	for _, raw := range []string{
		"", "   ", "not a url", "github.com/rosa", "//github.com/rosa", "/api/files/x",
		"ftp://example.com/file", "javascript:alert(1)", "data:text/html,hi", "mailto:ceo@nimbus.io",
		"https://", "https:///path", "https:nimbus.io", "http://:80/",
		// A user name shows one host and opens another.
		"https://probe.io@evil.io", "https://user:pass@example.com/", "https://nimbus.io%2F@evil.com",
		// Characters RFC 3986 allows nowhere.
		"https://nimbus.io/my work", "https://nimbus.io/<script>", "https://nimbus.io/a>b", `https://nimbus.io/"x"`,
		"https://nimbus.io/{x}", "https://nimbus.io/a|b", `https://nimbus.io\@evil.io`, "https://nimbus.io/a^b",
		"https://nimbus.io/`x`", "https://nimbus.io/a\tb", "https://nimbus.io/\x00", "https://nimbus.io/\x7f",
		"https://nimbus.io/a\nb", "https://nim bus.io/",
		// Escapes.
		"https://nimbus.io/100%", "https://nimbus.io/%zz", "https://nimbus.io/?q=%4", "https://nimbus.io/#%G0",
		// Invisible or spacing non-ASCII, and bytes that are not UTF-8.
		"https://nimbus.io/\u202egnp.exe", "https://nimbus.io/a\u200bb", "https://nimbus.io/a\u00a0b",
		"https://nimbus.io/a\u3000b", "https://nimbus.io/\xff",
		// International names IDNA refuses: a label opening with a combining mark, or mixing
		// left-to-right and right-to-left letters.
		"https://\u0301a.com/", "https://a\u05d0.com/",
		// Brackets only around an IPv6 address; a port is a number.
		"https://[nimbus.io]/", "https://a[b].com/", "https://[fe80::1%25en0]/",
		"https://nimbus.io:port/",
	} {
		if uri, host, err := Parse(raw); err != ErrInvalid {
			t.Errorf("Parse(%q) = %q, %q, %v; want ErrInvalid", raw, uri, host, err)
		}
	}
}

func TestPublicHost(t *testing.T) {
	for host, want := range map[string]bool{
		"github.com": true, "www.example.com.": true, "rosa.dev": true, "my_site.example.com": true,
		"xn--mnchen-3ya.de": true, "Example.COM": true, "2024.nimbus.io": true,
		"": false, "localhost": false, "app.localhost": false, "intranet": false,
		"127.0.0.1": false, "10.0.0.5": false, "::1": false, "93.184.216.34": false,
		"127.1": false, "0x7f.1": false, "1.2.3.4.5": false, "0x7f000001.0x1": false,
		"printer.local": false, "build.corp": false, "router.home.arpa": false, "service.internal": false,
		"wiki.intranet": false, "site.test": false, "x.invalid": false, "x.alt": false, "pc.lan": false,
		".com": false, "a..com": false, "a%b.com": false, "a!b.com": false,
	} {
		if got := PublicHost(host); got != want {
			t.Errorf("PublicHost(%q) = %v, want %v", host, got, want)
		}
	}
}
