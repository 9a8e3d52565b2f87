package httpapi

import (
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
	"bridgework/backend/payments"
)

// Payments, /api/payments/*: what approved paid work owes its student, recorded on both sides;
// and the admin's read-only ledger, /api/admin/ledger*.

type paymentJSON struct {
	ID         string             `json:"_id"`
	Task       paymentTaskJSON    `json:"task"`
	Student    paymentStudentJSON `json:"student"`
	Startup    paymentStartupJSON `json:"startup"`
	Submission string             `json:"submission"`
	Revision   int                `json:"revision"`
	// Amount is in the currency's minor unit (cents, paise, yen): an integer end to end.
	Amount    int64              `json:"amount"`
	Currency  string             `json:"currency"`
	Status    string             `json:"status"`
	Method    string             `json:"method"`
	Reference string             `json:"reference"`
	Events    []paymentEventJSON `json:"events"`
	CreatedAt time.Time          `json:"createdAt"`
	PaidAt    *time.Time         `json:"paidAt"`
}

type paymentTaskJSON struct {
	ID    string `json:"_id"`
	Title string `json:"title"`
}

type paymentStudentJSON struct {
	userIDs
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
}

type paymentStartupJSON struct {
	userIDs
	CompanyName string `json:"companyName"`
}

type paymentEventJSON struct {
	Status string    `json:"status"`
	At     time.Time `json:"at"`
	Note   string    `json:"note"`
}

func toPaymentJSON(p payments.Payment) paymentJSON {
	out := paymentJSON{
		ID: p.ID, Task: paymentTaskJSON{ID: p.TaskID, Title: p.TaskTitle},
		Student:    paymentStudentJSON{userIDs: idsOf(p.StudentID), FirstName: p.StudentFirst, LastName: p.StudentLast},
		Startup:    paymentStartupJSON{userIDs: idsOf(p.StartupID), CompanyName: p.CompanyName},
		Submission: p.SubmissionID, Revision: p.Revision, Amount: int64(p.Amount), Currency: p.Currency,
		Status: p.Status, Method: p.Method, Reference: p.Reference, Events: []paymentEventJSON{},
		CreatedAt: p.CreatedAt, PaidAt: p.PaidAt,
	}
	for _, e := range p.Events {
		out.Events = append(out.Events, paymentEventJSON{Status: e.Status, At: e.At, Note: e.Note})
	}
	return out
}

// listPayments pages the caller's payments: a student's to them, a startup's own, all for the
// admin; status narrows them.
func (s *Server) listPayments(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	list, total, err := s.payments.Payments(c.Request.Context(), currentUser(c), c.Query("status"), p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	items := make([]paymentJSON, 0, len(list))
	for _, pay := range list {
		items = append(items, toPaymentJSON(pay))
	}
	writeList(c, p, items, counted(total))
	return nil
}

func (s *Server) payment(c *gin.Context) error {
	p, err := s.payments.Payment(c.Request.Context(), currentUser(c), c.Param("id"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toPaymentJSON(*p))
	return nil
}

type paymentSentRequest struct {
	Method    string `json:"method"`
	Reference string `json:"reference"`
}

type paymentNoteRequest struct {
	Note string `json:"note"`
}

// takePayment answers a side's step on a payment (payments.Service.Take).
func (s *Server) takePayment(c *gin.Context, step payments.Step) error {
	p, err := s.payments.Take(c.Request.Context(), currentUser(c), c.Param("id"), step)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toPaymentJSON(*p))
	return nil
}

func (s *Server) markPaymentSent(c *gin.Context) error {
	var req paymentSentRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	return s.takePayment(c, payments.Step{Action: payments.ActionSent, Method: req.Method, Reference: req.Reference})
}

func (s *Server) confirmPaymentReceived(c *gin.Context) error {
	return s.takePayment(c, payments.Step{Action: payments.ActionReceived})
}

func (s *Server) reportPaymentNotReceived(c *gin.Context) error {
	var req paymentNoteRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	return s.takePayment(c, payments.Step{Action: payments.ActionNotReceived, Note: req.Note})
}

func (s *Server) paymentReceipt(c *gin.Context) error {
	p, pdf, err := s.payments.Receipt(c.Request.Context(), currentUser(c), c.Param("id"))
	if err != nil {
		return err
	}
	sendPDF(c, "receipt_"+p.ID+".pdf", pdf) // a UUID: safe inside the quoted filename
	return nil
}

type balanceJSON struct {
	Account  string `json:"account"`
	Currency string `json:"currency"`
	Balance  int64  `json:"balance"` // minor units; debits positive, credits negative
}

func (s *Server) ledgerBalances(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	list, total, err := s.payments.Balances(c.Request.Context(), p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	items := make([]balanceJSON, 0, len(list))
	for _, b := range list {
		items = append(items, balanceJSON{Account: b.Account, Currency: b.Currency, Balance: int64(b.Amount)})
	}
	writeList(c, p, items, counted(total))
	return nil
}

type ledgerCheckJSON struct {
	Balanced bool     `json:"balanced"`
	Problems []string `json:"problems"`
}

func (s *Server) ledgerCheck(c *gin.Context) error {
	r, err := s.payments.CheckLedger(c.Request.Context())
	if err != nil {
		return err
	}
	problems := r.Problems
	if problems == nil {
		problems = []string{}
	}
	c.JSON(http.StatusOK, ledgerCheckJSON{Balanced: r.Balanced, Problems: problems})
	return nil
}

// Funds held through Stripe: which provider pays (for the SPA's buttons), and Stripe's webhook.

type providerJSON struct {
	Provider           string  `json:"provider"` // offline or stripe
	PlatformFeePercent float64 `json:"platformFeePercent"`
}

func (s *Server) paymentProvider(c *gin.Context) error {
	p := s.payments.Provider()
	c.JSON(http.StatusOK, providerJSON{Provider: p.Name, PlatformFeePercent: p.PlatformFeePercent})
	return nil
}

// webhookReceivedJSON tells Stripe its event was taken.
type webhookReceivedJSON struct {
	Received bool `json:"received"`
}

// stripeWebhook applies one Stripe event. The body is read as it came, byte for byte: its
// signature is over those bytes (payments.Service.Webhook).
func (s *Server) stripeWebhook(c *gin.Context) error {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxJSONBody))
	if err != nil {
		return apperr.New(apperr.TooLarge, "Request body is too large.")
	}
	if err := s.payments.Webhook(c.Request.Context(), body, c.GetHeader("Stripe-Signature")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, webhookReceivedJSON{Received: true})
	return nil
}
