package money

import (
	"math"
	"slices"
)

// Rates are fixed exchange rates into one base currency, as an operator sets them
// (CURRENCY_RATES): approximate, never live, and only good for comparing amounts.
type Rates struct {
	Base string
	// PerUnit is what one major unit of a currency is worth in major units of Base (EUR: 1.08
	// with a USD base). Base's own rate is 1 whether it is listed or not.
	PerUnit map[string]float64
}

// Rate is what one major unit of code is worth in Base; ok is false for a currency without one.
func (r Rates) Rate(code string) (rate float64, ok bool) {
	if code == r.Base {
		return 1, true
	}
	rate, ok = r.PerUnit[code]
	return rate, ok
}

// Currencies lists Base and every currency with a rate, sorted.
func (r Rates) Currencies() []string {
	out := []string{r.Base}
	for code := range r.PerUnit {
		if code != r.Base {
			out = append(out, code)
		}
	}
	slices.Sort(out)
	return out
}

// Convert converts a, in code's minor units, to Base's minor units, rounded to the nearest. The
// exponents of the two may differ: 1000 JPY (exponent 0) at 0.0067 is 670 US cents, 1.000 BHD
// (1000 fils, exponent 3) at 2.65 is 265. ok is false when code has no rate or the result is
// too large to be money.
func (r Rates) Convert(a Amount, code string) (converted Amount, ok bool) {
	rate, ok := r.Rate(code)
	if !ok {
		return 0, false
	}
	if code == r.Base {
		return a, true
	}
	scaled := float64(a) * rate * math.Pow10(Exponent(r.Base)-Exponent(code))
	whole := math.Round(scaled)
	if math.IsNaN(whole) || math.Abs(whole) > 1e15 {
		return 0, false
	}
	return Amount(whole), true
}
