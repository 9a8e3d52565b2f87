// Package weblink is the one rule for a link a user gives Bridgework to show to others: a
// submitted work link, a project or résumé link, a startup's website. Such a link is an absolute
// http or https URL with a host and no user name, written as RFC 3986 allows, so that every page,
// mail and signed document that embeds it reads the same link a browser opens. PublicHost says
// whether anyone on the internet could open it. Nothing here fetches a link.
package weblink

import (
	"errors"
	"net"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// ErrInvalid is Parse's answer for anything that is not such a link.
var ErrInvalid = errors.New("weblink: not an absolute http or https URL")

// Parse checks raw, trimmed, and returns it as an RFC 3986 URI together with its host (lower
// case, ASCII, without a port).
//
// Refused: another scheme or none, no host, a user name or password ("https://probe.io@evil.io"
// shows probe.io and opens evil.io), an ASCII character RFC 3986 does not allow anywhere (space,
// `"`, `<`, `>`, `\`, `^`, backtick, `{`, `|`, `}`, control characters), a "%" not followed by
// two hex digits, and a non-ASCII character that is not visible (control, format such as the
// bidirectional overrides, separator, unassigned). Other non-ASCII is accepted as browsers accept
// it in an IRI and stored as a URI: the host in IDNA form ("münchen.de" as
// "xn--mnchen-3ya.de", which also shows a lookalike letter for what it is) and the path, query
// and fragment percent-encoded as UTF-8, as are "[" and "]" outside an IPv6 host and a second
// "#". Everything else is kept as typed.
func Parse(raw string) (uri, host string, err error) {
	raw = strings.TrimSpace(raw)
	if !allowedText(raw) {
		return "", "", ErrInvalid
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Opaque != "" || u.User != nil || u.Hostname() == "" {
		return "", "", ErrInvalid
	}
	// With a host and no user, raw is scheme "://" authority, then the path, query and fragment;
	// the authority ends at the first "/", "?" or "#" (RFC 3986 §3.2).
	scheme, after := raw[:len(u.Scheme)], raw[len(u.Scheme)+len("://"):]
	end := strings.IndexAny(after, "/?#")
	if end < 0 {
		end = len(after)
	}
	authority, rest := after[:end], after[end:]
	host = strings.ToLower(u.Hostname())
	// Brackets hold an IPv6 address and nothing else (RFC 3986 §3.2.2).
	if strings.ContainsAny(host, "[]") || (strings.HasPrefix(authority, "[") && net.ParseIP(host) == nil) {
		return "", "", ErrInvalid
	}
	if !isASCII(host) {
		if host, err = idna.Lookup.ToASCII(host); err != nil {
			return "", "", ErrInvalid
		}
		authority = host
		if port := u.Port(); port != "" {
			authority += ":" + port
		}
	}
	return scheme + "://" + authority + encodeRest(rest), host, nil
}

// allowedText reports whether s is valid UTF-8 holding only the characters Parse accepts, with
// every "%" starting an escape.
func allowedText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for i, r := range s {
		switch {
		case r == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
		case r < utf8.RuneSelf:
			if !uriChar(byte(r)) {
				return false
			}
		case !unicode.IsGraphic(r) || unicode.IsSpace(r):
			return false
		}
	}
	return true
}

// uriChar reports whether c is an unreserved, reserved or "%" character of RFC 3986 §2.
func uriChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("-._~:/?#[]@!$&'()*+,;=%", c) >= 0
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// encodeRest percent-encodes what RFC 3986 does not allow in a path, query or fragment among the
// characters Parse accepts: non-ASCII bytes, "[" and "]", and any "#" after the first.
func encodeRest(rest string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	inFragment := false
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		if c >= utf8.RuneSelf || c == '[' || c == ']' || (c == '#' && inFragment) {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		inFragment = inFragment || c == '#'
		b.WriteByte(c)
	}
	return b.String()
}

// privateSuffixes are names only a local or private network resolves (RFC 6761, 6762, 8375,
// 9476, and the common .internal, .lan, .corp, .intranet).
var privateSuffixes = []string{".localhost", ".local", ".internal", ".lan", ".home.arpa", ".corp", ".intranet", ".test", ".invalid", ".alt"}

// PublicHost reports whether host (as Parse returns it) is a name anyone on the internet could
// resolve: not an IP literal, not localhost, not a single-label intranet name, not a name
// reserved for local or private networks, made of DNS labels (letters, digits, "-" and "_"),
// and not ending in a number, which browsers read as an IPv4 address ("127.1", "0x7f.1").
func PublicHost(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "" || net.ParseIP(host) != nil || !strings.Contains(host, ".") {
		return false
	}
	for _, private := range privateSuffixes {
		if strings.HasSuffix(host, private) {
			return false
		}
	}
	labels := strings.Split(host, ".")
	for _, label := range labels {
		if label == "" || strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
			return false
		}
	}
	last := labels[len(labels)-1]
	return strings.Trim(last, "0123456789") != "" && !strings.HasPrefix(last, "0x")
}
