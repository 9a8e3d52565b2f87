package httpapi

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
)

// Every list answers a bare JSON array, as the spec's table does, and is paged the way GitHub's
// API is (docs/api-contract.md): ?page= and ?per_page= in, where the rest of the list is in the
// Link and X-Total-Count headers out. This file is the one place that reads and writes them.

// maxPerPage is both the default and the largest page: a client that never pages still sees a
// full page, and no answer holds more than a hundred items.
const maxPerPage = 100

// maxPage is the deepest page any list answers, the bound the domains' own page rule sets
// (tasks.checkPage): past it a list would read more than ten million rows to skip them.
const maxPage = 100_000

// paging is which page of a list a request asks for.
type paging struct {
	Page, PerPage int
}

// Offset is how many items come before the page.
func (p paging) Offset() int { return (p.Page - 1) * p.PerPage }

// readPaging reads ?page= (default 1) and ?per_page= (default and most maxPerPage).
func readPaging(c *gin.Context) (paging, error) {
	p := paging{Page: 1, PerPage: maxPerPage}
	var v apperr.Validator
	if s := c.Query("page"); s != "" {
		n, err := strconv.Atoi(s)
		if v.Check(err == nil && n >= 1 && len(s) <= 9, "page", "page must be a whole number of at least 1") {
			v.Check(n <= maxPage, "page", "page must be at most "+strconv.Itoa(maxPage))
		}
		p.Page = n
	}
	if s := c.Query("per_page"); s != "" {
		n, err := strconv.Atoi(s)
		v.Check(err == nil && n >= 1 && n <= maxPerPage, "per_page", "per_page must be between 1 and "+strconv.Itoa(maxPerPage))
		p.PerPage = n
	}
	return p, v.Err()
}

// listExtent is what is known of a list past the page answered: its length when counted, else
// only whether another page follows (the open market counts a few pages ahead, never all).
type listExtent struct {
	total   int
	counted bool
	more    bool
}

func counted(total int) listExtent { return listExtent{total: total, counted: true} }

func uncounted(more bool) listExtent { return listExtent{more: more} }

// writeList answers one page of a list: the items as an array, the links to the other pages in
// Link and, when counted, the list's length in X-Total-Count.
func writeList[T any](c *gin.Context, p paging, items []T, extent listExtent) {
	if items == nil {
		items = []T{}
	}
	last, more := 0, extent.more
	if extent.counted {
		last = max(1, (extent.total+p.PerPage-1)/p.PerPage)
		more = p.Page < last
		c.Header("X-Total-Count", strconv.Itoa(extent.total))
	}
	links := []string{pageLink(c, p.PerPage, 1, "first")}
	if p.Page > 1 {
		links = append(links, pageLink(c, p.PerPage, p.Page-1, "prev"))
	}
	if more {
		links = append(links, pageLink(c, p.PerPage, p.Page+1, "next"))
	}
	if extent.counted {
		links = append(links, pageLink(c, p.PerPage, last, "last"))
	}
	c.Header("Link", strings.Join(links, ", "))
	c.JSON(http.StatusOK, items)
}

// writeSlice pages a list held whole in memory (a user's certificates, conversations, sessions).
func writeSlice[T any](c *gin.Context, all []T) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	start := min(p.Offset(), len(all))
	writeList(c, p, all[start:min(start+p.PerPage, len(all))], counted(len(all)))
	return nil
}

// writeCursorList answers a list paged by cursor (a chat thread, which grows while it is read):
// next is the query of the following page, nil when there is none. Such a list is not counted.
func writeCursorList[T any](c *gin.Context, items []T, next url.Values) {
	if items == nil {
		items = []T{}
	}
	if next != nil {
		c.Header("Link", "<"+c.Request.URL.Path+"?"+next.Encode()+`>; rel="next"`)
	}
	c.JSON(http.StatusOK, items)
}

// pageLink is one Link entry: this request's path and query with page and per_page set, relative
// so that it holds behind any proxy.
func pageLink(c *gin.Context, perPage, page int, rel string) string {
	q := c.Request.URL.Query()
	q.Set("page", strconv.Itoa(page))
	q.Set("per_page", strconv.Itoa(perPage))
	return "<" + c.Request.URL.Path + "?" + q.Encode() + `>; rel="` + rel + `"`
}
