package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestTasks_PayCompare: Highest pay and the budget range compare budgets in US dollars at the
// default rates, on every list that takes the filters; a currency without a rate (West African
// CFA francs) sorts last and matches no range; bad ranges get a 400 naming the parameter.
func TestTasks_PayCompare(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Pay Inc")
		student := e.registerStudent("Pia")
		for title, budget := range map[string][3]any{
			"Rupees":  {"INR", 8000, 12000}, // about $96–$144
			"Euros":   {"EUR", 200, 200},    // about $216
			"Dollars": {"USD", 100, 150},
			"Pounds":  {"GBP", 90, 100},         // about $114–$127
			"Francs":  {"XOF", 100000, 2000000}, // no rate
		} {
			e.postTask(startup, map[string]any{"title": title, "currency": budget[0], "budget": map[string]any{"min": budget[1], "max": budget[2]}})
		}
		lists := map[string]string{"/api/tasks": "", "/api/student/tasks/all": student.Token, "/api/startup/tasks": startup.Token}
		for _, tc := range []struct {
			name  string
			query url.Values
			want  string
		}{
			{"highest pay", url.Values{}, "[Euros Dollars Rupees Pounds Francs]"},
			{"at least €130", url.Values{"payMin": {"130"}, "payCurrency": {"EUR"}}, "[Euros Dollars Rupees]"},
			{"at most ₹9,000", url.Values{"payMax": {"9000"}, "payCurrency": {"INR"}}, "[Dollars Rupees]"},
			{"¥20,000 to ¥20,000, a code in any case", url.Values{"payMin": {"20000"}, "payMax": {"20000"}, "payCurrency": {"jpy"}}, "[Dollars Rupees]"},
			{"a currency alone narrows nothing", url.Values{"payCurrency": {"GBP"}}, "[Euros Dollars Rupees Pounds Francs]"},
		} {
			for path, token := range lists {
				t.Run(tc.name+" "+path, func(t *testing.T) {
					tc.query.Set("sort", "pay")
					res := e.do("GET", path+"?"+tc.query.Encode(), token, nil)
					if res.Status != http.StatusOK {
						t.Fatalf("%d %s", res.Status, res.Raw)
					}
					if got := fmt.Sprint(titles(res)); got != tc.want {
						t.Errorf("got %s, want %s", got, tc.want)
					}
				})
			}
		}

		for _, tc := range []struct{ name, query, field, message string }{
			{"not a number", "payMin=lots&payCurrency=USD", "payMin", "payMin must be a number such as 250"},
			{"not a finite number", "payMax=Inf&payCurrency=USD", "payMax", "payMax must be a number such as 250"},
			{"negative", "payMin=-5&payCurrency=USD", "payMin", "payMin must be an amount from 0 to 1000000000000"},
			{"max below min", "payMin=300&payMax=200&payCurrency=USD", "payMax", "payMax must not be below payMin"},
			{"too many decimals", "payMin=1.5&payCurrency=JPY", "payMin", "payMin has more decimals than JPY has"},
			{"no currency", "payMin=100", "payCurrency", "payCurrency is required with payMin or payMax"},
			{"not a currency", "payMin=100&payCurrency=EURO", "payCurrency", "payCurrency must be a three-letter ISO 4217 currency code such as EUR"},
			{"not a currency, alone", "payCurrency=ZZZ", "payCurrency", "payCurrency must be a three-letter ISO 4217 currency code such as EUR"},
		} {
			for path, token := range lists {
				t.Run(tc.name+" "+path, func(t *testing.T) {
					res := e.do("GET", path+"?"+tc.query, token, nil)
					if res.Status != http.StatusBadRequest || res.fieldError(tc.field) != tc.message {
						t.Errorf("%d %s; want 400 with %s: %q", res.Status, res.Raw, tc.field, tc.message)
					}
				})
			}
		}
		res := e.do("GET", "/api/tasks?payMin=100&payCurrency=XOF", "", nil)
		if res.Status != http.StatusBadRequest || !strings.Contains(res.fieldError("payCurrency"), "There is no exchange rate for XOF; use one of ") {
			t.Errorf("a currency without a rate: %d %s", res.Status, res.Raw)
		}

		rates := e.do("GET", "/api/currency-rates", "", nil)
		got, _ := rates.Body["rates"].(map[string]any)
		if rates.Status != http.StatusOK || rates.field("base") != "USD" || got["USD"] != 1.0 || got["EUR"] != 1.08 || got["XOF"] != nil {
			t.Errorf("GET /api/currency-rates: %d %s", rates.Status, rates.Raw)
		}
	})
}
