package money

import "testing"

func TestExponent_fromISO4217(t *testing.T) {
	for code, want := range map[string]int{"USD": 2, "EUR": 2, "INR": 2, "JPY": 0, "KWD": 3, "BHD": 3, "ISK": 0, "CLF": 4} {
		if got := Exponent(code); got != want {
			t.Errorf("Exponent(%s) = %d, want %d", code, got, want)
		}
	}
}

func TestFromMajor(t *testing.T) {
	for _, tc := range []struct {
		major float64
		code  string
		want  Amount
		exact bool
	}{
		{150, "USD", 15000, true},
		{150.25, "USD", 15025, true},
		{0.1 + 0.2, "USD", 30, true}, // float noise is not a fraction of a cent
		{150.255, "USD", 0, false},
		{8000, "JPY", 8000, true},
		{8000.5, "JPY", 0, false},
		{1.234, "KWD", 1234, true},
		{1e14, "USD", 0, false},
	} {
		got, err := FromMajor(tc.major, tc.code)
		if (err == nil) != tc.exact || got != tc.want {
			t.Errorf("FromMajor(%v, %s) = %d, %v; want %d, exact %v", tc.major, tc.code, got, err, tc.want, tc.exact)
		}
	}
}

func TestValidCurrency(t *testing.T) {
	for code, want := range map[string]bool{"USD": true, "INR": true, "XOF": true, "ZZZ": false, "XTS": false, "XAU": false, "usd": false, "US": false} {
		if got := ValidCurrency(code); got != want {
			t.Errorf("ValidCurrency(%q) = %v, want %v", code, got, want)
		}
	}
}

func TestFormat(t *testing.T) {
	if got := Amount(15000).Format("USD"); got != "150.00 USD" {
		t.Errorf("USD: %q", got)
	}
	if got := Amount(8000).Format("JPY"); got != "8000 JPY" {
		t.Errorf("JPY: %q", got)
	}
}
