package payments

import (
	"slices"
	"time"

	"bridgework/backend/accounts"
)

// Fact is what a startup's payment record counts of one of its payments.
type Fact struct {
	Status    string
	InDispute bool // disputed by its student and not yet confirmed received since
	CreatedAt time.Time
	PaidAt    *time.Time
}

// RecordOf is a startup's payment record from the facts of every payment it owes or owed.
func RecordOf(facts []Fact) accounts.PaymentRecord {
	r := accounts.PaymentRecord{Approved: len(facts)}
	var days []float64
	for _, f := range facts {
		if f.InDispute {
			r.Disputed++
		}
		if Paid(f.Status) && f.PaidAt != nil {
			r.Paid++
			days = append(days, f.PaidAt.Sub(f.CreatedAt).Hours()/24)
		}
	}
	if len(days) > 0 {
		slices.Sort(days)
		median := days[len(days)/2]
		if len(days)%2 == 0 {
			median = (days[len(days)/2-1] + days[len(days)/2]) / 2
		}
		r.MedianDaysToPay = &median
	}
	return r
}
