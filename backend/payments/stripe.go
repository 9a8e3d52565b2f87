package payments

import (
	"context"
	"fmt"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/money"
	"bridgework/backend/notify"
)

// Funds held through Stripe Connect (PAYMENTS=stripe; DESIGN §3b: separate charges and
// transfers). A student connects an Express account for payouts; a startup funds a task through
// Checkout (tasks.Service.Fund); an approval of a funded task holds its pay for the student and a
// money job transfers it (worker.go); Stripe's webhooks say when an account takes payouts and when
// a Checkout was paid, each event applied once, in the transaction of its effect.

// Connect is what Bridgework asks of Stripe (stripeconnect.Client). The calls that create
// something carry an idempotency key, so Stripe makes each once however often it is retried.
type Connect interface {
	// CreateAccount creates a student's Express account, once per user.
	CreateAccount(ctx context.Context, userID, email string) (string, error)
	// OnboardingLink is an Account Link into the account's onboarding.
	OnboardingLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error)
	// CreateCheckout opens a Checkout Session (mode payment); its id and URL.
	CreateCheckout(ctx context.Context, c Checkout) (id, url string, err error)
	// ChargeOf is the charge a payment intent made; "" while it has none.
	ChargeOf(ctx context.Context, paymentIntent string) (string, error)
	// Transfer moves money from the platform's balance to a connected account; the transfer's id.
	Transfer(ctx context.Context, t TransferRequest) (string, error)
	// Refund gives part of a payment intent's charge back; the refund's id.
	Refund(ctx context.Context, r RefundRequest) (string, error)
	// ParseEvent verifies a webhook's Stripe-Signature and reads its event: apperr.Invalid when
	// the signature does not verify or the event is of another API version.
	ParseEvent(payload []byte, signature string) (StripeEvent, error)
}

// Checkout is a Checkout Session to open: Quantity places at UnitAmount each, for a task.
type Checkout struct {
	TaskID, Title, Currency string
	UnitAmount              money.Amount
	Quantity                int
	CustomerEmail           string
	SuccessURL, CancelURL   string
}

// TransferRequest is a transfer to make.
type TransferRequest struct {
	Amount            money.Amount
	Currency          string
	Destination       string // the connected account
	TransferGroup     string // the task's id, as its Checkout's payment intent says
	SourceTransaction string // the charge it is paid from, so it waits for that money to settle
	IdempotencyKey    string
	PaymentID         string
}

// RefundRequest is a refund to make.
type RefundRequest struct {
	PaymentIntent  string
	Amount         money.Amount
	IdempotencyKey string
	TaskID         string
}

// The Stripe events Bridgework reads; the webhook endpoint is subscribed to these.
const (
	EventAccountUpdated         = "account.updated"
	EventCheckoutCompleted      = "checkout.session.completed"
	EventCheckoutAsyncSucceeded = "checkout.session.async_payment_succeeded"
)

// StripeEvent is a verified Stripe event with the object it carries, as Bridgework reads it.
type StripeEvent struct {
	ID       string
	Type     string
	Created  int64             // Unix seconds, Stripe's clock: orders events of one object
	Account  *ConnectedAccount // account.updated
	Checkout *CheckoutPaid     // checkout.session.*
}

// ConnectedAccount is a student's Express account as an event shows it.
type ConnectedAccount struct {
	ID             string
	PayoutsEnabled bool
}

// CheckoutPaid is a Checkout Session as an event shows it. The task is named twice, by
// client_reference_id and metadata.taskId: an event is read as the task's only when both agree.
type CheckoutPaid struct {
	SessionID         string
	ClientReferenceID string
	TaskID            string
	PaymentIntent     string
	Amount            money.Amount // amount_total, in minor units
	Currency          string       // upper case
	Paid              bool         // payment_status "paid"
}

// Fundings books what a paid Checkout brought into its task (tasks.Service.CheckoutPaid): the
// event recorded as processed in the same transaction.
type Fundings interface {
	CheckoutPaid(ctx context.Context, ev StripeEvent) error
}

// Payout statuses of a student (GET /api/student/payouts): no account yet, an account that does
// not take payouts yet (onboarding unfinished, or Stripe wants more), or one that does.
const (
	PayoutsNone    = "none"
	PayoutsPending = "pending"
	PayoutsEnabled = "enabled"
)

// PayoutAccount is a student's connected account. EventCreated is the `created` of the
// account.updated event its status is from: an older event arriving late changes nothing.
type PayoutAccount struct {
	UserID       string
	AccountID    string
	Status       string
	EventCreated int64
}

// Tx is what a webhook's change may do inside its transaction.
type Tx interface {
	// RecordEvent notes a Stripe event as processed; false when it already was, and the
	// transaction must change nothing.
	RecordEvent(ev StripeEvent) (bool, error)
	// PayoutAccountOf reads the student a connected account belongs to; apperr.NotFound when none.
	PayoutAccountOf(accountID string) (*PayoutAccount, error)
	SetPayouts(userID, status string, eventCreated int64) error
	// AwaitingPayments reads, with their names, a student's payments waiting for their account.
	AwaitingPayments(studentID string) ([]Payment, error)
	// Apply writes c as Store.Apply does, inside the transaction.
	Apply(c Change) (bool, error)
	// Enqueue writes a money job, due now.
	Enqueue(j Job) error
}

// Provider is what the SPA needs to know of the payments (GET /api/payments/provider).
type Provider struct {
	Name               string // "offline" or "stripe"
	PlatformFeePercent float64
}

// The providers.
const (
	ProviderOffline = "offline"
	ProviderStripe  = "stripe"
)

// ErrNotStripe refuses what only Stripe does, on a server where PAYMENTS is offline.
var ErrNotStripe = apperr.New(apperr.Conflict, "Payments through Stripe are not enabled on this server.")

// Provider says which provider the server pays through, and the platform's fee.
func (s *Service) Provider() Provider {
	if s.Connect == nil {
		return Provider{Name: ProviderOffline}
	}
	return Provider{Name: ProviderStripe, PlatformFeePercent: float64(s.FeeBasisPoints) / 100}
}

// Payouts is a student's payout status.
func (s *Service) Payouts(ctx context.Context, u *accounts.User) (string, error) {
	a, err := s.Store.PayoutAccount(ctx, u.ID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return PayoutsNone, nil
	}
	if err != nil {
		return "", err
	}
	return a.Status, nil
}

// Onboard is the link into a student's Stripe onboarding: their Express account is created on
// the first call, and kept. Stripe sends them back to /payments, with payouts=return once they
// are done, or payouts=refresh when the link expired (the SPA then asks for a fresh one).
func (s *Service) Onboard(ctx context.Context, u *accounts.User) (string, error) {
	if s.Connect == nil {
		return "", ErrNotStripe
	}
	a, err := s.Store.PayoutAccount(ctx, u.ID)
	if apperr.CodeOf(err) == apperr.NotFound {
		id, err := s.Connect.CreateAccount(ctx, u.ID, u.Email)
		if err != nil {
			return "", err
		}
		// Of two first calls at once, Stripe made one account (the key is the user's), and the
		// store keeps one row.
		a, err = s.Store.AddPayoutAccount(ctx, PayoutAccount{UserID: u.ID, AccountID: id, Status: PayoutsPending}, s.now())
		if err != nil {
			return "", err
		}
	} else if err != nil {
		return "", err
	}
	return s.Connect.OnboardingLink(ctx, a.AccountID, s.PublicURL+"/payments?payouts=refresh", s.PublicURL+"/payments?payouts=return")
}

// Webhook applies a Stripe event: verified by its signature (else 400, and nothing changes),
// applied once (a replay changes nothing), whatever order events arrive in.
func (s *Service) Webhook(ctx context.Context, payload []byte, signature string) error {
	if s.Connect == nil {
		return ErrNotStripe
	}
	ev, err := s.Connect.ParseEvent(payload, signature)
	if err != nil {
		return err
	}
	switch {
	case ev.Type == EventAccountUpdated && ev.Account != nil:
		return s.accountUpdated(ctx, ev)
	case (ev.Type == EventCheckoutCompleted || ev.Type == EventCheckoutAsyncSucceeded) && ev.Checkout != nil:
		c := ev.Checkout
		if !c.Paid {
			return nil // an asynchronous payment method: its async_payment_succeeded event follows
		}
		if c.TaskID == "" || c.TaskID != c.ClientReferenceID {
			s.Logger.Warn("stripe: a paid checkout names no task, or two", "event", ev.ID, "session", c.SessionID,
				"client_reference_id", c.ClientReferenceID, "metadata_task", c.TaskID)
			return nil
		}
		return s.Fundings.CheckoutPaid(ctx, ev)
	}
	return nil
}

// accountUpdated records what an account.updated event says of a student's payouts, unless a
// later event already did; payouts enabled, the payments awaiting them are held and transferred.
func (s *Service) accountUpdated(ctx context.Context, ev StripeEvent) error {
	var held []Payment
	now := s.now()
	err := s.Store.InTx(ctx, func(tx Tx) error {
		held = nil
		if fresh, err := tx.RecordEvent(ev); err != nil || !fresh {
			return err
		}
		a, err := tx.PayoutAccountOf(ev.Account.ID)
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil // not a student's account here
		}
		if err != nil {
			return err
		}
		if ev.Created < a.EventCreated {
			return nil // a later event already said where the account stands
		}
		status := PayoutsPending
		if ev.Account.PayoutsEnabled {
			status = PayoutsEnabled
		}
		if err := tx.SetPayouts(a.UserID, status, ev.Created); err != nil || status != PayoutsEnabled {
			return err
		}
		awaiting, err := tx.AwaitingPayments(a.UserID)
		if err != nil {
			return err
		}
		for _, p := range awaiting {
			c := Change{PaymentID: p.ID, From: []string{AwaitingStudent}, To: Held,
				Event: Event{Status: Held, At: now, Note: "Your payout account is ready"},
				Audit: audit.Entry{Type: audit.PaymentChanged, SubjectID: p.StudentID, Target: p.ID, Detail: detail(&p, Held, Step{})}}
			ok, err := tx.Apply(c)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			if err := tx.Enqueue(TransferJob(&p, s.FeeBasisPoints)); err != nil {
				return err
			}
			held = append(held, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, p := range held {
		s.Publisher.Publish(ctx, EventUpdated, UpdatedEvent{PaymentID: p.ID, TaskID: p.TaskID, Status: Held}, p.StudentID, p.StartupID)
	}
	if len(held) > 0 && s.Money != nil {
		s.Money.Wake()
	}
	return nil
}

// AwaitingNotification tells a student their pay is held for them until they connect payouts.
func AwaitingNotification(p *Payment) notify.Notification {
	return notify.Notification{UserID: p.StudentID, Kind: notify.KindPayment, Link: "/payments",
		Message: fmt.Sprintf("%s for %q is held for you: connect your payout account to receive it.", p.Amount.Format(p.Currency), p.TaskTitle)}
}
