package httpapi

import (
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
	"bridgework/backend/money"
	"bridgework/backend/tasks"
)

// budgetFilter reads payMin, payMax and payCurrency: nil without an amount, so that a currency
// alone (a client's remembered choice) narrows nothing.
func budgetFilter(c *gin.Context) (*tasks.BudgetFilter, error) {
	f := tasks.BudgetFilter{Currency: strings.ToUpper(strings.TrimSpace(c.Query("payCurrency")))}
	for _, end := range []struct {
		name string
		to   **float64
	}{{"payMin", &f.Min}, {"payMax", &f.Max}} {
		text := strings.TrimSpace(c.Query(end.name))
		if text == "" {
			continue
		}
		amount, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsNaN(amount) || math.IsInf(amount, 0) {
			return nil, apperr.Field(end.name, end.name+" must be a number such as 250")
		}
		*end.to = &amount
	}
	if f.Min == nil && f.Max == nil {
		if f.Currency != "" && !money.ValidCurrency(f.Currency) {
			return nil, apperr.Field("payCurrency", "payCurrency must be a three-letter ISO 4217 currency code such as EUR")
		}
		return nil, nil
	}
	return &f, nil
}

// currencyRatesJSON is what "Highest pay" and the budget filter compare in: the base currency
// and what one unit of each other currency is worth in it, the base's own rate 1 included.
type currencyRatesJSON struct {
	Base  string             `json:"base"`
	Rates map[string]float64 `json:"rates"`
}

// currencyRates is GET /api/currency-rates, public: the operator's fixed rates (CURRENCY_RATES),
// so a client can say in what the order is and offer the currencies a budget filter takes.
func (s *Server) currencyRates(c *gin.Context) error {
	rates := s.tasks.Rates
	out := currencyRatesJSON{Base: rates.Base, Rates: map[string]float64{}}
	for _, code := range rates.Currencies() {
		out.Rates[code], _ = rates.Rate(code)
	}
	c.JSON(http.StatusOK, out)
	return nil
}
