package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/money"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// payRates are realistic rates into US dollars; GBP is left out, a currency without a rate.
var payRates = money.Rates{Base: "USD", PerUnit: map[string]float64{"EUR": 1.08, "INR": 0.012, "JPY": 0.0067}}

// newPricedTasks makes a task per budget, its title the budget, and returns the store.
func newPricedTasks(t *testing.T, db *gorm.DB, budgets ...string) store.Tasks {
	t.Helper()
	s := store.Tasks{DB: db}
	if err := s.SetCurrencyRates(context.Background(), payRates); err != nil {
		t.Fatal(err)
	}
	startup := newMarketUser(t, db, accounts.Startup, "Acme")
	for _, b := range budgets {
		var lo, hi float64
		var code string
		if _, err := fmt.Sscan(b, &code, &lo, &hi); err != nil {
			t.Fatal(err)
		}
		newMarketTask(t, s, startup.ID, func(task *tasks.Task) {
			task.Title, task.Currency, task.BudgetMin, task.BudgetMax = b, code, lo, hi
		})
	}
	return s
}

// titlesOf reads every page of the open market under q, pageSize tasks a page, as titles.
func titlesOf(t *testing.T, s store.Tasks, q tasks.Query, pageSize int) []string {
	t.Helper()
	var titles []string
	for q.Page, q.Limit = 1, pageSize; ; q.Page++ {
		page, err := s.OpenTasks(context.Background(), q, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, task := range page.Items {
			titles = append(titles, task.Title)
		}
		if len(page.Items) < pageSize {
			return titles
		}
	}
}

// The budgets of the tests: currency, min, max. ₹8,000–₹12,000 is about $96–$144, €150–€200
// about $162–$216, ¥20,000–¥30,000 about $134–$201; GBP has no rate. ¥25,000 has only a min.
var pricedBudgets = []string{"INR 8000 12000", "EUR 150 200", "USD 100 150", "JPY 20000 30000", "GBP 5000 6000", "GBP 10 20", "JPY 25000 0"}

// TestTasks_highestPayAcrossCurrencies: "Highest pay" compares budgets in the base currency, in
// the database, so every page continues the one before; the tasks without a rate come last, in
// the order of their own amounts.
func TestTasks_highestPayAcrossCurrencies(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		s := newPricedTasks(t, db, pricedBudgets...)
		want := []string{"EUR 150 200", "JPY 20000 30000", "JPY 25000 0", "USD 100 150", "INR 8000 12000", "GBP 5000 6000", "GBP 10 20"}
		for _, size := range []int{2, 3, 12} {
			if got := titlesOf(t, s, tasks.Query{Sort: "pay"}, size); !slices.Equal(got, want) {
				t.Errorf("pages of %d: %v\nwant %v", size, got, want)
			}
		}
	})
}

// TestTasks_payFollowsRatesAndBudgets: new rates at start convert every task again; a budget or
// currency written by any statement is converted as it is written.
func TestTasks_payFollowsRatesAndBudgets(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := newPricedTasks(t, db, "INR 8000 12000", "EUR 150 200", "GBP 10 20")
		if err := db.Exec("UPDATE tasks SET currency = 'USD', budget_max = 1000 WHERE title = 'GBP 10 20'").Error; err != nil {
			t.Fatal(err)
		}
		if got := titlesOf(t, s, tasks.Query{Sort: "pay"}, 12); !slices.Equal(got, []string{"GBP 10 20", "EUR 150 200", "INR 8000 12000"}) {
			t.Errorf("after an update: %v", got)
		}
		rupeeUp := money.Rates{Base: "USD", PerUnit: map[string]float64{"INR": 1}}
		if err := s.SetCurrencyRates(ctx, rupeeUp); err != nil {
			t.Fatal(err)
		}
		if got := titlesOf(t, s, tasks.Query{Sort: "pay"}, 12); !slices.Equal(got, []string{"INR 8000 12000", "GBP 10 20", "EUR 150 200"}) {
			t.Errorf("after new rates: %v", got)
		}
		// The same rates again change nothing: a restart leaves the tasks alone.
		if err := s.SetCurrencyRates(ctx, rupeeUp); err != nil {
			t.Fatal(err)
		}
		var rates int64
		if err := db.Table("currency_rates").Count(&rates).Error; err != nil || rates != 2 {
			t.Errorf("currency_rates holds %d rows (%v), want INR and USD", rates, err)
		}
	})
}

// TestTasks_budgetFilterAcrossCurrencies: a range, in the base currency as the service gives
// it, keeps the tasks whose budget's top reaches its min and whose min is within its max; no
// range keeps a task without a rate.
func TestTasks_budgetFilterAcrossCurrencies(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		s := newPricedTasks(t, db, pricedBudgets...)
		usd := func(v float64) *float64 { return &v }
		for name, c := range map[string]struct {
			filter tasks.BudgetFilter
			want   []string
		}{
			"at least $150": {tasks.BudgetFilter{Min: usd(150)}, []string{"EUR 150 200", "JPY 20000 30000", "JPY 25000 0", "USD 100 150"}},
			"at most $100":  {tasks.BudgetFilter{Max: usd(100)}, []string{"USD 100 150", "INR 8000 12000"}},
			"$140 to $160":  {tasks.BudgetFilter{Min: usd(140), Max: usd(160)}, []string{"JPY 20000 30000", "USD 100 150", "INR 8000 12000"}},
			"above any":     {tasks.BudgetFilter{Min: usd(1000)}, nil},
		} {
			c.filter.Currency = "USD"
			if got := titlesOf(t, s, tasks.Query{Sort: "pay", Pay: &c.filter}, 2); !slices.Equal(got, c.want) {
				t.Errorf("%s: %v\nwant %v", name, got, c.want)
			}
		}
	})
}
