package accounts

import (
	"net/url"
	"strings"
)

// maxNextLength bounds the page a reset link returns to; longer is not one of the app's.
const maxNextLength = 2000

const badNext = "next must be a path on this site, such as /tasks/42."

// isAppPath reports whether p is a path of this site (the SPA's sanitizer, lib/return-to.ts, keeps
// the same rules): one leading "/", never "//" or "/\" (which browsers read as another host), no
// backslash, no control character, no scheme or host.
func isAppPath(p string) bool {
	if len(p) > maxNextLength || !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.ContainsRune(p, '\\') {
		return false
	}
	for _, r := range p {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	u, err := url.Parse(p)
	return err == nil && u.Scheme == "" && u.Host == ""
}
