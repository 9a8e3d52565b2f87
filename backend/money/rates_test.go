package money

import "testing"

func TestRates_Convert(t *testing.T) {
	usd := Rates{Base: "USD", PerUnit: map[string]float64{"EUR": 1.08, "INR": 0.012, "JPY": 0.0067, "BHD": 2.65}}
	jpy := Rates{Base: "JPY", PerUnit: map[string]float64{"USD": 150, "BHD": 400}}
	for name, c := range map[string]struct {
		rates  Rates
		amount Amount
		code   string
		want   Amount
		ok     bool
	}{
		"the base as it is":           {usd, 12345, "USD", 12345, true},
		"two decimals to two":         {usd, 20000, "EUR", 21600, true},   // €200.00 is $216.00
		"paise to cents":              {usd, 1200000, "INR", 14400, true}, // ₹12,000 is $144
		"no decimals to two":          {usd, 1000, "JPY", 670, true},      // ¥1,000 is $6.70
		"three decimals to two":       {usd, 1000, "BHD", 265, true},      // BD 1.000 is $2.65
		"rounded to the nearest cent": {usd, 1, "INR", 0, true},           // ₹0.01 is $0.00012
		"two decimals to none":        {jpy, 199, "USD", 299, true},       // $1.99 is ¥298.5, rounded up
		"three decimals to none":      {jpy, 2500, "BHD", 1000, true},     // BD 2.500 is ¥1,000
		"a currency without a rate":   {usd, 100, "GBP", 0, false},
		"too large to be money":       {usd, 1e15, "EUR", 0, false},
	} {
		got, ok := c.rates.Convert(c.amount, c.code)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: Convert(%d, %s) = %d, %v; want %d, %v", name, c.amount, c.code, got, ok, c.want, c.ok)
		}
	}
}

func TestRates_Currencies(t *testing.T) {
	r := Rates{Base: "USD", PerUnit: map[string]float64{"INR": 0.012, "EUR": 1.08, "USD": 1}}
	if got := r.Currencies(); len(got) != 3 || got[0] != "EUR" || got[1] != "INR" || got[2] != "USD" {
		t.Errorf("Currencies() = %v", got)
	}
	if rate, ok := r.Rate("GBP"); ok || rate != 0 {
		t.Errorf("Rate(GBP) = %v, %v; want none", rate, ok)
	}
}
