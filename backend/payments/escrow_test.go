package payments

import (
	"testing"

	"bridgework/backend/money"
)

// TestFee: the platform's share is integer arithmetic in minor units, rounded down, so any
// fraction of a minor unit stays with the student.
func TestFee(t *testing.T) {
	for _, c := range []struct {
		amount      money.Amount
		basisPoints int
		want        money.Amount
	}{
		{30000, 1000, 3000}, // 10 % of 300.00
		{999, 250, 24},      // 2.5 % of 9.99 is 24.975 cents
		{1, 9999, 0},        // 99.99 % of one cent
		{12345, 0, 0},
		{150125, 333, 4999}, // 3.33 % of 150.125 KWD is 4999.1625 fils
	} {
		if got := Fee(c.amount, c.basisPoints); got != c.want {
			t.Errorf("Fee(%d, %d bp) = %d, want %d", c.amount, c.basisPoints, got, c.want)
		}
	}
}

// TestSource: a payment is paid from the oldest paid funding that holds it whole; an open
// Checkout holds nothing yet; left is what the paid ones hold together.
func TestSource(t *testing.T) {
	fundings := []Funding{
		{ID: "a", Status: FundingPaid, Amount: 300, Spent: 250},             // 50 left
		{ID: "b", Status: FundingOpen, Amount: 100},                         // not paid yet
		{ID: "c", Status: FundingPaid, Amount: 100, Spent: 0, Refunded: 10}, // 90 left
		{ID: "d", Status: FundingPaid, Amount: 100},                         // 100 left
	}
	for _, c := range []struct {
		amount money.Amount
		want   string
	}{{50, "a"}, {60, "c"}, {95, "d"}, {101, ""}} {
		src, left := Source(fundings, c.amount)
		got := ""
		if src != nil {
			got = src.ID
		}
		if got != c.want || left != 240 {
			t.Errorf("Source(%d) = %q, left %d; want %q, 240", c.amount, got, left, c.want)
		}
	}
}
