package config

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"bridgework/backend/money"
)

// DefaultCurrencyRates are approximate rates into US dollars of the currencies tasks are most
// often posted in, for a server whose operator sets none: good enough to put ₹8,000 below €200,
// never a price. .env.example shows the same line.
const DefaultCurrencyRates = "EUR=1.08,GBP=1.27,INR=0.012,CAD=0.73,AUD=0.66,SGD=0.74,NZD=0.60,CHF=1.13," +
	"JPY=0.0067,CNY=0.14,HKD=0.13,KRW=0.00073,BRL=0.18,MXN=0.055,ZAR=0.055,NGN=0.00065,KES=0.0077," +
	"AED=0.27,SAR=0.27,BHD=2.65,PKR=0.0036,BDT=0.0083,PHP=0.017,IDR=0.000062,SEK=0.095,NOK=0.093,PLN=0.25"

// defaultRatesBase is the currency DefaultCurrencyRates are in.
const defaultRatesBase = "USD"

// rates reads the base currency from baseKey and the rates into it from ratesKey, as
// CODE=RATE pairs separated by commas: what one major unit of CODE is worth in the base. Unset,
// the rates are DefaultCurrencyRates, which only a US dollar base may use.
func (r *reader) rates(baseKey, ratesKey string) money.Rates {
	out := money.Rates{Base: r.currency(baseKey, defaultRatesBase), PerUnit: map[string]float64{}}
	list := r.str(ratesKey, "")
	if list == "" {
		if out.Base != defaultRatesBase {
			r.errs = append(r.errs, fmt.Sprintf("%s must be set when %s is not %s: the built-in rates are in %s",
				ratesKey, baseKey, defaultRatesBase, defaultRatesBase))
			return out
		}
		list = DefaultCurrencyRates
	}
	for _, pair := range strings.Split(list, ",") {
		pair = strings.TrimSpace(pair)
		codeText, rateText, found := strings.Cut(pair, "=")
		code := strings.ToUpper(strings.TrimSpace(codeText))
		rate, err := strconv.ParseFloat(strings.TrimSpace(rateText), 64)
		switch {
		case !found || err != nil || !(rate > 0) || math.IsInf(rate, 0):
			r.errs = append(r.errs, fmt.Sprintf("%s: %q is not CODE=RATE with a rate above 0, such as EUR=1.08", ratesKey, pair))
		case !money.ValidCurrency(code):
			r.errs = append(r.errs, fmt.Sprintf("%s: %q is not a three-letter ISO 4217 currency code", ratesKey, code))
		case out.PerUnit[code] != 0:
			r.errs = append(r.errs, fmt.Sprintf("%s: %s is given twice", ratesKey, code))
		case code == out.Base && rate != 1:
			r.errs = append(r.errs, fmt.Sprintf("%s: %s is %s, so its rate is 1, not %s", ratesKey, code, baseKey, rateText))
		default:
			out.PerUnit[code] = rate
		}
	}
	return out
}
