package config

import (
	"os"
	"strings"
	"testing"
)

func TestLoad_currencyRates(t *testing.T) {
	t.Setenv("CURRENCY_BASE", "")
	t.Setenv("CURRENCY_RATES", " eur=1.08, GBP = 1.27,INR=0.012,USD=1")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	r := c.CurrencyRates
	if r.Base != "USD" || len(r.PerUnit) != 4 || r.PerUnit["EUR"] != 1.08 || r.PerUnit["GBP"] != 1.27 || r.PerUnit["INR"] != 0.012 {
		t.Errorf("CurrencyRates = %+v", r)
	}
}

func TestLoad_currencyRatesDefault(t *testing.T) {
	t.Setenv("CURRENCY_BASE", "")
	t.Setenv("CURRENCY_RATES", "")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if rate, ok := c.CurrencyRates.Rate("INR"); c.CurrencyRates.Base != "USD" || !ok || rate != 0.012 {
		t.Errorf("default CurrencyRates = %+v", c.CurrencyRates)
	}
	// .env.example shows the operator the rates the server uses when they set none.
	example, err := os.ReadFile("../../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(example), "\nCURRENCY_RATES="+DefaultCurrencyRates+"\n") {
		t.Error(".env.example's CURRENCY_RATES is not DefaultCurrencyRates")
	}
}

func TestLoad_currencyRatesRefused(t *testing.T) {
	for name, c := range map[string]struct{ base, rates, want string }{
		"not a pair":             {"", "EUR", `CURRENCY_RATES: "EUR" is not CODE=RATE`},
		"not a number":           {"", "EUR=abc", `CURRENCY_RATES: "EUR=abc" is not CODE=RATE with a rate above 0`},
		"zero":                   {"", "EUR=0", `"EUR=0" is not CODE=RATE`},
		"negative":               {"", "EUR=-1.08", `"EUR=-1.08" is not CODE=RATE`},
		"infinite":               {"", "EUR=Inf", `"EUR=Inf" is not CODE=RATE`},
		"not a currency":         {"", "EUR=1.08,ABC=2", `CURRENCY_RATES: "ABC" is not a three-letter ISO 4217 currency code`},
		"an empty pair":          {"", "EUR=1.08,,GBP=1.27", `CURRENCY_RATES: "" is not CODE=RATE`},
		"twice":                  {"", "EUR=1.08,eur=1.1", "CURRENCY_RATES: EUR is given twice"},
		"the base not at 1":      {"EUR", "EUR=1.08,USD=0.93", "CURRENCY_RATES: EUR is CURRENCY_BASE, so its rate is 1, not 1.08"},
		"a bad base":             {"EURO", "", `CURRENCY_BASE="EURO" is not a three-letter ISO 4217 currency code`},
		"another base, no rates": {"EUR", "", "CURRENCY_RATES must be set when CURRENCY_BASE is not USD"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Setenv("CURRENCY_BASE", c.base)
			t.Setenv("CURRENCY_RATES", c.rates)
			_, err := Load()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Load() = %v, want an error with %q", err, c.want)
			}
		})
	}
}

func TestLoad_currencyRatesInAnotherBase(t *testing.T) {
	t.Setenv("CURRENCY_BASE", "eur")
	t.Setenv("CURRENCY_RATES", "USD=0.93,JPY=0.0062")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if rate, ok := c.CurrencyRates.Rate("EUR"); c.CurrencyRates.Base != "EUR" || !ok || rate != 1 {
		t.Errorf("CurrencyRates = %+v", c.CurrencyRates)
	}
	if _, ok := c.CurrencyRates.Rate("INR"); ok {
		t.Error("a currency CURRENCY_RATES leaves out has a rate")
	}
}
