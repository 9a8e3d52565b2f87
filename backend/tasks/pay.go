package tasks

import (
	"strings"

	"bridgework/backend/apperr"
	"bridgework/backend/money"
)

// BudgetFilter narrows a list to the tasks whose budget meets a student's range: the budget's top
// (its max, or its min when it has only a min) at least Min and its min at most Max, compared in the base currency at the operator's rates
// (Service.Rates), so approximately. Amounts are in Currency's major units, as budgets are; a
// nil end is open.
type BudgetFilter struct {
	Currency string
	Min, Max *float64
}

// maxPayAmount bounds a range's amounts: far above any budget, and small enough that every
// currency's minor units still fit money.Amount.
const maxPayAmount = 1e12

// checkBudgetFilter is ValidateQuery's rule for q.Pay.
func checkBudgetFilter(v *apperr.Validator, p *BudgetFilter) {
	if p == nil {
		return
	}
	if !v.Check(p.Currency != "", "payCurrency", "payCurrency is required with payMin or payMax") ||
		!v.Check(money.ValidCurrency(p.Currency), "payCurrency", "payCurrency must be a three-letter ISO 4217 currency code such as EUR") {
		return
	}
	checkPayAmount(v, "payMin", p.Min, p.Currency)
	checkPayAmount(v, "payMax", p.Max, p.Currency)
	if p.Min != nil && p.Max != nil {
		v.Check(*p.Min <= *p.Max, "payMax", "payMax must not be below payMin")
	}
}

func checkPayAmount(v *apperr.Validator, field string, amount *float64, currency string) {
	if amount == nil {
		return
	}
	if !v.Check(*amount >= 0 && *amount <= maxPayAmount, field, field+" must be an amount from 0 to 1000000000000") {
		return
	}
	_, err := money.FromMajor(*amount, currency)
	v.Check(err == nil, field, field+" has more decimals than "+currency+" has")
}

// payInBase is q with its pay range, already valid, converted into the base currency, which is
// what the store compares it in.
func (s *Service) payInBase(q Query) (Query, error) {
	p := q.Pay
	if p == nil {
		return q, nil
	}
	if _, ok := s.Rates.Rate(p.Currency); !ok {
		return q, apperr.Field("payCurrency", "There is no exchange rate for "+p.Currency+
			"; use one of "+strings.Join(s.Rates.Currencies(), ", "))
	}
	convert := func(major *float64) *float64 {
		if major == nil {
			return nil
		}
		amount, _ := money.FromMajor(*major, p.Currency) // checkPayAmount saw it is exact
		base, _ := s.Rates.Convert(amount, p.Currency)   // maxPayAmount keeps it in range
		out := base.Major(s.Rates.Base)
		return &out
	}
	q.Pay = &BudgetFilter{Currency: s.Rates.Base, Min: convert(p.Min), Max: convert(p.Max)}
	return q, nil
}

// listQuery is ValidateQuery and then payInBase: the query a list hands the store.
func (s *Service) listQuery(q Query) (Query, error) {
	if err := ValidateQuery(q); err != nil {
		return q, err
	}
	return s.payInBase(q)
}
