package profiles

import (
	"errors"
	"testing"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
)

func TestNormalizeStudent_experienceDates(t *testing.T) {
	now := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name       string
		start, end string
		current    bool
		field      string // "" when accepted
		message    string
	}{
		{"months", "2024-01", "2025-06", false, "", ""},
		{"days", "2024-01-15", "2024-02-29", false, "", ""},
		{"current role drops its end", "2024-01", "1999-01", true, "", ""},
		{"no dates", "", "", false, "", ""},
		{"29 February of a common year", "2025-02-29", "", false, "experience.0.startDate", "Enter a real date like 2025-01"},
		{"30 February", "2024-01", "2025-02-30", false, "experience.0.endDate", "Enter a real date like 2025-01"},
		{"month 13", "2024-13", "", false, "experience.0.startDate", "Enter a real date like 2025-01"},
		{"not a date", "last spring", "", false, "experience.0.startDate", "Enter a date like 2025-01"},
		{"end before start", "2025-03", "2024-12", false, "experience.0.endDate", "End date must not be before the start date"},
		{"year too early", "1949-12", "", false, "experience.0.startDate", "Enter a year between 1950 and 2031"},
		{"year too late", "2024-01", "2205-01", false, "experience.0.endDate", "Enter a year between 1950 and 2031"},
		{"last sane year", "2031-12", "", false, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := StudentProfile{FirstName: "Ada", LastName: "Lovelace", Experience: []accounts.Experience{{
				Title: "Intern", Company: "Nimbus", StartDate: tc.start, EndDate: tc.end, IsCurrent: tc.current,
			}}}
			_, err := normalizeStudent(in, now)
			if tc.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var e *apperr.Error
			if !errors.As(err, &e) || e.Fields[tc.field] != tc.message {
				t.Fatalf("error = %v, want %s: %q", err, tc.field, tc.message)
			}
		})
	}
}
