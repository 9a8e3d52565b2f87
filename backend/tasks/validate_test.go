package tasks

import (
	"errors"
	"testing"
	"time"

	"bridgework/backend/apperr"
)

func TestValidatePost_deadline(t *testing.T) {
	now := time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)
	hours := 4.0
	for _, tc := range []struct {
		deadline string
		message  string // "" when accepted
	}{
		{"2026-12-01", ""},
		{"2026-11-23", ""}, // a day of slack for time zones behind UTC
		{"2028-11-24", ""}, // two years ahead, to the day
		{"2026-11-22", "Deadline cannot be in the past"},
		{"2028-11-25", "Deadline must be within two years"},
		{"2205-01-01", "Deadline must be within two years"},
		{"2026-02-30", "Deadline must be a date"},
	} {
		_, err := validatePost(PostInput{
			Title: "Write docs", Description: "API docs", WorkType: "non-technical", Category: "writing",
			Skills: []string{"Markdown"}, EstimatedHours: &hours, Deadline: tc.deadline,
		}, now)
		var e *apperr.Error
		switch {
		case tc.message == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.deadline, err)
		case tc.message != "" && (!errors.As(err, &e) || e.Fields["deadline"] != tc.message):
			t.Errorf("%s: error %v, want %q", tc.deadline, err, tc.message)
		}
	}
}
