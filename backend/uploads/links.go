package uploads

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strconv"
	"strings"
	"time"

	"bridgework/backend/apperr"
)

// LinkTTL is how long a signed file link works: long enough to open a page and click View
// Resume, short enough that a link copied into a chat or a log soon stops working.
const LinkTTL = 15 * time.Minute

// Links signs and checks file links: /api/files/{id}?expires=…&signature=…, an HMAC of the id
// and the expiry. A browser follows a link without a bearer token, so the link itself carries
// the server's permission; every instance checks it with the shared secret, no lookup needed.
type Links struct {
	key []byte
	Now func() time.Time // nil: time.Now
}

// NewLinks derives the links' key from the server's secret, so that a file signature can never
// be mistaken for a token signature or the other way round.
func NewLinks(secret []byte) *Links {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("bridgework file links v1"))
	return &Links{key: mac.Sum(nil)}
}

func (l *Links) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}

func (l *Links) signature(id string, expires int64) string {
	mac := hmac.New(sha256.New, l.key)
	mac.Write([]byte(id + "\n" + strconv.FormatInt(expires, 10)))
	return hex.EncodeToString(mac.Sum(nil))
}

// Sign returns stored, a file URL of ours, as a link that works for LinkTTL. Any other value
// (an outside résumé link, nothing) is returned as it is: there is nothing of ours to protect.
func (l *Links) Sign(stored string) string {
	id, ok := IDFromURL(stored)
	if !ok {
		return stored
	}
	expires := l.now().Add(LinkTTL).Unix()
	return URLPrefix + id + "?" + url.Values{"expires": {strconv.FormatInt(expires, 10)}, "signature": {l.signature(id, expires)}}.Encode()
}

var (
	errBadLink = apperr.New(apperr.Forbidden, "This file link is not valid. Open the page again for a new link.")
	errExpired = apperr.New(apperr.Gone, "This file link has expired. Open the page again for a new link.")
)

// Check accepts a link's expires and signature for file id: apperr.Forbidden when the signature
// is missing or wrong (any change to the id or the expiry breaks it), apperr.Gone once expired.
func (l *Links) Check(id, expires, signature string) error {
	at, err := strconv.ParseInt(expires, 10, 64)
	if err != nil || len(signature) != sha256.Size*2 {
		return errBadLink
	}
	if !hmac.Equal([]byte(signature), []byte(l.signature(id, at))) {
		return errBadLink
	}
	if l.now().Unix() >= at {
		return errExpired
	}
	return nil
}

// Unsigned turns a signed link of ours back into the stored URL, so that a form that saves the
// link it was shown stores the file, not a link that expires. Anything else is returned as is.
func Unsigned(link string) string {
	base, query, found := strings.Cut(link, "?")
	if !found {
		return link
	}
	q, err := url.ParseQuery(query)
	if _, ours := IDFromURL(base); !ours || err != nil || len(q) != 2 || !q.Has("expires") || !q.Has("signature") {
		return link
	}
	return base
}
