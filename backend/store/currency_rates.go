package store

import (
	"context"
	"maps"

	"gorm.io/gorm"

	"bridgework/backend/money"
)

// SetCurrencyRates makes the currency_rates table rates, the base at 1, and when that changes
// anything converts every task's budget again (migration 0031). Instances starting together with
// the same rates rewrite them once: on PostgreSQL the first holds the table until it commits,
// and the others then find nothing to change.
func (s Tasks) SetCurrencyRates(ctx context.Context, rates money.Rates) error {
	want := map[string]float64{}
	for _, code := range rates.Currencies() {
		want[code], _ = rates.Rate(code)
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if IsPostgres(tx) {
			if err := tx.Exec("LOCK TABLE currency_rates IN EXCLUSIVE MODE").Error; err != nil {
				return err
			}
		}
		type rateRow struct {
			Currency string
			Rate     float64
		}
		cols := columnsOf(column[rateRow]{"currency_rates.currency", func(r *rateRow) any { return &r.Currency }},
			column[rateRow]{"currency_rates.rate", func(r *rateRow) any { return &r.Rate }})
		stored, err := rowsOf(tx, sqlOf("SELECT "+cols.list+" FROM currency_rates"), cols)
		if err != nil {
			return err
		}
		have := map[string]float64{}
		for _, r := range stored {
			have[r.Currency] = r.Rate
		}
		if maps.Equal(have, want) {
			return nil
		}
		if err := tx.Exec("DELETE FROM currency_rates").Error; err != nil {
			return err
		}
		for code, rate := range want {
			if err := tx.Exec("INSERT INTO currency_rates (currency, rate) VALUES (?, ?)", code, rate).Error; err != nil {
				return err
			}
		}
		return tx.Exec(setPayInBaseSQL()).Error
	})
}
