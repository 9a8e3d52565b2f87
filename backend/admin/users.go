package admin

import (
	"strings"
	"unicode/utf8"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
)

// The orders the admin's people tables offer: newest sign-ups first, or by name (a student's
// first and last name, a startup's company name) from A to Z.
const (
	SortNewest = "newest"
	SortName   = "name"
)

// Sorts lists the orders UserQuery accepts, in the order the admin's tables offer them.
var Sorts = []string{SortNewest, SortName}

// MaxSearchLength bounds a people search: names and e-mail addresses are shorter.
const MaxSearchLength = 100

// UserQuery selects a page of students or startups: those whose name, e-mail or company
// contains Search (any case), in the order Sort names (SortNewest when empty).
type UserQuery struct {
	Type   accounts.UserType
	Search string
	Sort   string
	Limit  int
	Offset int
}

// Validate reports a search or sort the tables cannot answer, each on its own field.
func (q UserQuery) Validate() error {
	var v apperr.Validator
	v.Check(utf8.RuneCountInString(strings.TrimSpace(q.Search)) <= MaxSearchLength, "search",
		"search must be at most 100 characters")
	v.Check(q.Sort == "" || q.Sort == SortNewest || q.Sort == SortName, "sort",
		"sort must be one of "+strings.Join(Sorts, ", "))
	return v.Err()
}
