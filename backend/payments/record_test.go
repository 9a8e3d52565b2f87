package payments

import (
	"testing"
	"time"
)

func TestRecordOf(t *testing.T) {
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	days := func(n float64) *time.Time { p := at.Add(time.Duration(n * 24 * float64(time.Hour))); return &p }
	r := RecordOf([]Fact{
		{Status: Received, CreatedAt: at, PaidAt: days(1)},
		{Status: Transferred, CreatedAt: at, PaidAt: days(3)},
		{Status: Received, CreatedAt: at, PaidAt: days(2)},
		{Status: Received, CreatedAt: at, PaidAt: days(10)},
		{Status: Due, CreatedAt: at},
		{Status: Sent, InDispute: true, CreatedAt: at},
	})
	if r.Approved != 6 || r.Paid != 4 || r.Disputed != 1 || r.MedianDaysToPay == nil || *r.MedianDaysToPay != 2.5 {
		t.Errorf("record %+v (median %v), want 6 approved, 4 paid, 1 disputed, median 2.5 days", r, r.MedianDaysToPay)
	}
	if r := RecordOf(nil); r.Approved != 0 || r.MedianDaysToPay != nil {
		t.Errorf("a new startup's record %+v", r)
	}
}
