package tasks

import (
	"context"
	"errors"
	"testing"

	"bridgework/backend/apperr"
)

// submissionsStore answers StartupSubmissions with an empty page; nothing else is called.
type submissionsStore struct{ Store }

func (submissionsStore) StartupSubmissions(_ context.Context, _, _ string, page, limit int) (Page[Submission], error) {
	return Page[Submission]{Page: page, PageSize: limit}, nil
}

// TestPageRule: both paged lists of the service, the tasks' (ValidateQuery) and the startup's
// submissions, accept and refuse the same page numbers with the same message.
func TestPageRule(t *testing.T) {
	svc := &Service{Store: submissionsStore{}}
	for _, tc := range []struct {
		page    int
		refused bool
	}{
		{-1, true},
		{0, false}, // unset: the first page
		{1, false},
		{100_000, false},
		{100_001, true},
	} {
		lists := map[string]error{"ValidateQuery": ValidateQuery(Query{Page: tc.page})}
		_, lists["StartupSubmissions"] = svc.StartupSubmissions(context.Background(), "startup", "", tc.page, 10)
		for name, err := range lists {
			var e *apperr.Error
			switch {
			case !tc.refused && err != nil:
				t.Errorf("%s page %d: refused: %v", name, tc.page, err)
			case tc.refused && (!errors.As(err, &e) || e.Fields["page"] != "Page must be a positive number"):
				t.Errorf("%s page %d: %v, want page: Page must be a positive number", name, tc.page, err)
			}
		}
	}
}
