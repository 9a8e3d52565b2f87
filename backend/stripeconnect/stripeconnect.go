// Package stripeconnect is Bridgework's one way to Stripe (payments.Connect): Express accounts
// and their onboarding links, Checkout Sessions, transfers and refunds through the official
// client, stripe-go, pointed at STRIPE_API_BASE; and the webhook's events, verified with
// stripe-go's webhook package.
package stripeconnect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"bridgework/backend/apperr"
	"bridgework/backend/money"
	"bridgework/backend/payments"
)

// Config is how to reach Stripe.
type Config struct {
	SecretKey     string
	WebhookSecret string
	APIBase       string       // STRIPE_API_BASE
	HTTPClient    *http.Client // nil: stripe-go's
	Timeout       time.Duration
	Logger        *slog.Logger
}

// Client calls Stripe.
type Client struct {
	api           *stripe.Client
	webhookSecret string
	timeout       time.Duration
	logger        *slog.Logger
}

// New returns a client for cfg. stripe-go's own retries are off: a money job retries with its
// idempotency key and a backoff of its own, and a request's call fails fast into a 503.
func New(cfg Config) *Client {
	backends := stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		URL:               stripe.String(cfg.APIBase),
		HTTPClient:        cfg.HTTPClient,
		MaxNetworkRetries: stripe.Int64(0),
		LeveledLogger:     leveled{cfg.Logger},
	})
	return &Client{api: stripe.NewClient(cfg.SecretKey, stripe.WithBackends(backends)), webhookSecret: cfg.WebhookSecret,
		timeout: cfg.Timeout, logger: cfg.Logger}
}

var _ payments.Connect = (*Client)(nil)

func (c *Client) CreateAccount(ctx context.Context, userID, email string) (string, error) {
	ctx, cancel := c.bound(ctx)
	defer cancel()
	params := &stripe.AccountCreateParams{
		Type:  stripe.String(string(stripe.AccountTypeExpress)),
		Email: stripe.String(email),
		Capabilities: &stripe.AccountCreateCapabilitiesParams{
			Transfers: &stripe.AccountCreateCapabilitiesTransfersParams{Requested: stripe.Bool(true)},
		},
		Metadata: map[string]string{"userId": userID},
	}
	params.SetIdempotencyKey("account:" + userID)
	a, err := c.api.V1Accounts.Create(ctx, params)
	if err != nil {
		return "", c.fail("create account", err)
	}
	return a.ID, nil
}

func (c *Client) OnboardingLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error) {
	ctx, cancel := c.bound(ctx)
	defer cancel()
	l, err := c.api.V1AccountLinks.Create(ctx, &stripe.AccountLinkCreateParams{
		Account: stripe.String(accountID), Type: stripe.String("account_onboarding"),
		RefreshURL: stripe.String(refreshURL), ReturnURL: stripe.String(returnURL),
	})
	if err != nil {
		return "", c.fail("create account link", err)
	}
	return l.URL, nil
}

// CreateCheckout opens a Checkout Session in mode payment whose payment intent carries the
// task's id as transfer_group, so its charge and the transfers from it are grouped at Stripe.
func (c *Client) CreateCheckout(ctx context.Context, co payments.Checkout) (string, string, error) {
	ctx, cancel := c.bound(ctx)
	defer cancel()
	currency := strings.ToLower(co.Currency)
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		ClientReferenceID: stripe.String(co.TaskID),
		Metadata:          map[string]string{"taskId": co.TaskID},
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(currency),
				UnitAmount:  stripe.Int64(int64(co.UnitAmount)),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(clip("Paid place: "+co.Title, 250))},
			},
			Quantity: stripe.Int64(int64(co.Quantity)),
		}},
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{
			TransferGroup: stripe.String(co.TaskID),
			Metadata:      map[string]string{"taskId": co.TaskID},
		},
		SuccessURL: stripe.String(co.SuccessURL),
		CancelURL:  stripe.String(co.CancelURL),
	}
	if co.CustomerEmail != "" {
		params.CustomerEmail = stripe.String(co.CustomerEmail)
	}
	s, err := c.api.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return "", "", c.fail("create checkout session", err)
	}
	return s.ID, s.URL, nil
}

func (c *Client) ChargeOf(ctx context.Context, paymentIntent string) (string, error) {
	params := &stripe.PaymentIntentRetrieveParams{}
	params.AddExpand("latest_charge")
	pi, err := c.api.V1PaymentIntents.Retrieve(ctx, paymentIntent, params)
	if err != nil {
		return "", c.fail("retrieve payment intent", err)
	}
	if pi.LatestCharge == nil {
		return "", nil
	}
	return pi.LatestCharge.ID, nil
}

func (c *Client) Transfer(ctx context.Context, t payments.TransferRequest) (string, error) {
	params := &stripe.TransferCreateParams{
		Amount: stripe.Int64(int64(t.Amount)), Currency: stripe.String(strings.ToLower(t.Currency)),
		Destination: stripe.String(t.Destination), TransferGroup: stripe.String(t.TransferGroup),
		SourceTransaction: stripe.String(t.SourceTransaction),
		Metadata:          map[string]string{"paymentId": t.PaymentID},
	}
	params.SetIdempotencyKey(t.IdempotencyKey)
	tr, err := c.api.V1Transfers.Create(ctx, params)
	if err != nil {
		return "", c.fail("create transfer", err)
	}
	return tr.ID, nil
}

func (c *Client) Refund(ctx context.Context, r payments.RefundRequest) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(r.PaymentIntent), Amount: stripe.Int64(int64(r.Amount)),
		Reason:   stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
		Metadata: map[string]string{"taskId": r.TaskID},
	}
	params.SetIdempotencyKey(r.IdempotencyKey)
	re, err := c.api.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", c.fail("create refund", err)
	}
	return re.ID, nil
}

// ParseEvent verifies payload's Stripe-Signature with the endpoint's secret and reads its
// event. It holds to stripe-go's check of the event's API version (webhook.ConstructEvent): the
// objects are decoded by this stripe-go's types, which another release train's events may not
// match, so the endpoint is created with this version (stripe.APIVersion) and anything else is
// refused rather than misread.
func (c *Client) ParseEvent(payload []byte, signature string) (payments.StripeEvent, error) {
	ev, err := webhook.ConstructEvent(payload, signature, c.webhookSecret)
	switch {
	case errors.Is(err, webhook.ErrNotSigned), errors.Is(err, webhook.ErrInvalidHeader),
		errors.Is(err, webhook.ErrNoValidSignature), errors.Is(err, webhook.ErrTooOld):
		return payments.StripeEvent{}, apperr.New(apperr.Invalid, "The webhook's Stripe-Signature does not verify.")
	case err != nil:
		return payments.StripeEvent{}, apperr.New(apperr.Invalid, fmt.Sprintf(
			"The webhook's event cannot be read: its endpoint must send API version %s.", stripe.APIVersion))
	}
	out := payments.StripeEvent{ID: ev.ID, Type: string(ev.Type), Created: ev.Created}
	if ev.Data == nil {
		return out, nil
	}
	switch out.Type {
	case payments.EventAccountUpdated:
		var a stripe.Account
		if err := json.Unmarshal(ev.Data.Raw, &a); err != nil {
			return out, apperr.New(apperr.Invalid, "The account.updated event carries no account.")
		}
		out.Account = &payments.ConnectedAccount{ID: a.ID, PayoutsEnabled: a.PayoutsEnabled}
	case payments.EventCheckoutCompleted, payments.EventCheckoutAsyncSucceeded:
		var s stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &s); err != nil {
			return out, apperr.New(apperr.Invalid, "The checkout event carries no Checkout Session.")
		}
		cp := &payments.CheckoutPaid{SessionID: s.ID, ClientReferenceID: s.ClientReferenceID, TaskID: s.Metadata["taskId"],
			Amount: money.Amount(s.AmountTotal), Currency: strings.ToUpper(string(s.Currency)),
			Paid: s.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid}
		if s.PaymentIntent != nil {
			cp.PaymentIntent = s.PaymentIntent.ID
		}
		out.Checkout = cp
	}
	return out, nil
}

// bound limits a call made while a request waits.
func (c *Client) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if c.timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, c.timeout)
}

// unavailable is what a request answers when Stripe cannot be reached or is failing.
var unavailable = &apperr.Error{Code: apperr.Unavailable, Message: "Stripe cannot be reached just now: please try again in a minute.",
	RetryAfter: 30 * time.Second}

// callError is a failed call: its text is Stripe's (the money jobs' last error), and one that
// may pass on retry (no answer, a 5xx, 429, or 409 for a key still in use) also is unavailable,
// which a request answers with 503; any other is the request's bug, and answers 500.
type callError struct {
	op        string
	err       error
	transient bool
}

func (e *callError) Error() string { return "stripe: " + e.op + ": " + e.err.Error() }

func (e *callError) Unwrap() []error {
	if e.transient {
		return []error{e.err, unavailable}
	}
	return []error{e.err}
}

func (c *Client) fail(op string, err error) error {
	var se *stripe.Error
	transient := !errors.As(err, &se) || se.HTTPStatusCode >= 500 || se.HTTPStatusCode == http.StatusTooManyRequests ||
		se.HTTPStatusCode == http.StatusConflict
	if transient {
		c.logger.Warn("stripe call failed", "op", op, "err", err)
	}
	return &callError{op: op, err: err, transient: transient}
}

// leveled writes stripe-go's own log lines to the server's log, warnings and errors only.
type leveled struct{ logger *slog.Logger }

func (l leveled) Debugf(string, ...any) {}
func (l leveled) Infof(string, ...any)  {}
func (l leveled) Warnf(format string, v ...any) {
	l.logger.Warn("stripe-go: " + fmt.Sprintf(format, v...))
}
func (l leveled) Errorf(format string, v ...any) {
	l.logger.Error("stripe-go: " + fmt.Sprintf(format, v...))
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
