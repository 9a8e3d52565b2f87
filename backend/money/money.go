// Package money is amounts of money as integers in a currency's minor unit (cents, paise, yen),
// with each currency's exponent from ISO 4217 through golang.org/x/text/currency's table, never a
// hand-kept list. A task's budget is entered in major units (spec §3: budget {min, max}); every
// amount that is paid, held or booked is an Amount.
package money

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"golang.org/x/text/currency"
)

// Amount is a number of a currency's minor units.
type Amount int64

// notMoney are the ISO 4217 codes that name no money to pay anyone in: no currency, testing,
// precious metals and accounting units.
var notMoney = map[string]bool{
	"XXX": true, "XTS": true, "XAU": true, "XAG": true, "XPT": true, "XPD": true, "XDR": true,
	"XBA": true, "XBB": true, "XBC": true, "XBD": true, "XSU": true, "XUA": true,
}

// ValidCurrency reports whether code is an upper-case ISO 4217 code of money people are paid in.
func ValidCurrency(code string) bool {
	if len(code) != 3 || strings.ToUpper(code) != code {
		return false
	}
	unit, err := currency.ParseISO(code)
	return err == nil && !notMoney[unit.String()]
}

// Exponent is how many digits of code's amounts follow the decimal point (2 for USD, 0 for JPY,
// 3 for KWD); 2 for a code ValidCurrency refuses.
func Exponent(code string) int {
	unit, err := currency.ParseISO(code)
	if err != nil {
		return 2
	}
	scale, _ := currency.Standard.Rounding(unit)
	return scale
}

var errNotExact = errors.New("money: not a whole number of minor units")

// FromMajor converts an amount in major units (150.25 dollars) to minor units (15025 cents). It
// fails for an amount that has more decimals than the currency (150.255 dollars), or is too large.
func FromMajor(major float64, code string) (Amount, error) {
	scaled := major * math.Pow10(Exponent(code))
	whole := math.Round(scaled)
	if math.Abs(scaled-whole) > 1e-6 || math.Abs(whole) > 1e15 || math.IsNaN(whole) {
		return 0, errNotExact
	}
	return Amount(whole), nil
}

// Major is a in major units, for display and for the budget's units.
func (a Amount) Major(code string) float64 { return float64(a) / math.Pow10(Exponent(code)) }

// Format writes a in code with its exponent's decimals: "150.00 USD", "8000 JPY".
func (a Amount) Format(code string) string {
	exp := Exponent(code)
	return strconv.FormatFloat(a.Major(code), 'f', exp, 64) + " " + code
}

// String is a in minor units, for logs.
func (a Amount) String() string { return fmt.Sprintf("%d", int64(a)) }
