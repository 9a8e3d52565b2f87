// Package payments is what approved paid work owes its student and how that money moves: a
// payment per approved submission of a paid task, in the currency's minor unit (package money),
// with every step recorded on both sides and every movement booked as a balanced double-entry
// transaction in the ledger (ledger.go).
//
// Two providers share the payment (DESIGN §3b). Offline, the default (PAYMENTS=offline), the
// startup pays the student directly and both record it: due → sent (the startup, with a method
// and a reference) → received or disputed (the student); a disputed payment can be sent again.
// Through Stripe Connect (PAYMENTS=stripe) a funded task's money is held by the platform and an
// approval transfers it: awaiting_student (no payout account yet) → held → transferred, or
// failed and retried. A startup's payment record (record.go) is what its students got, shown to
// every student before they work.
package payments

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/money"
	"bridgework/backend/notify"
	"bridgework/backend/textcheck"
)

// Payment statuses. Offline: due, sent, received, disputed. Stripe: awaiting_student, held,
// transferred, failed.
const (
	Due             = "due"
	Sent            = "sent"
	Received        = "received"
	Disputed        = "disputed"
	AwaitingStudent = "awaiting_student"
	Held            = "held"
	Transferred     = "transferred"
	Failed          = "failed"
)

// Statuses lists every status, for filters and for tests that walk the whole table.
var Statuses = []string{Due, Sent, Received, Disputed, AwaitingStudent, Held, Transferred, Failed}

// Methods are how a startup says it paid, offline; MethodStripe is a transfer Bridgework made.
var Methods = []string{"bank-transfer", "upi", "paypal", "other"}

// MethodStripe is the method of a payment held and transferred through Stripe.
const MethodStripe = "stripe"

// Paid reports whether a payment in status reached its student: they confirmed it, or Stripe
// transferred it.
func Paid(status string) bool { return status == Received || status == Transferred }

// Payment is what one approved submission of a paid task owes its student.
type Payment struct {
	ID           string
	TaskID       string
	SubmissionID string
	Revision     int // the revision approved
	StudentID    string
	StartupID    string
	Amount       money.Amount
	Currency     string
	Status       string
	Method       string // how it was sent; "" until then
	Reference    string // the startup's reference of the transfer, or Stripe's transfer id
	FundingID    string // through Stripe, the task's funding it is paid from
	Events       []Event
	CreatedAt    time.Time
	UpdatedAt    time.Time
	PaidAt       *time.Time // when it reached the student (Paid)

	// Filled by reads: the names the payment shows.
	TaskTitle                    string
	StudentFirst, StudentLast    string
	StudentEmail, CompanyName    string
	StartupEmail, StartupWebsite string
}

// Event is one step of a payment, for both sides to see.
type Event struct {
	Status  string
	At      time.Time
	Note    string
	ActorID string // who took the step; "" for Bridgework's own
}

// StudentName is the student's name as the payment shows it.
func (p *Payment) StudentName() string {
	return strings.TrimSpace(p.StudentFirst + " " + p.StudentLast)
}

// Action is a step a side takes on a payment.
type Action string

const (
	ActionSent        Action = "sent"         // the startup says it paid: due | disputed → sent
	ActionReceived    Action = "received"     // the student confirms: sent | disputed → received
	ActionNotReceived Action = "not-received" // the student says it has not arrived: sent → disputed
)

// Actions lists every action, for tests that walk the whole table.
var Actions = []Action{ActionSent, ActionReceived, ActionNotReceived}

// transitions is the one table of how an offline payment moves, and which side moves it.
// Stripe's statuses move only with Stripe (stripe.go), never by either side's hand.
var transitions = map[Action]struct {
	from []string
	to   string
	by   accounts.UserType
}{
	ActionSent:        {from: []string{Due, Disputed}, to: Sent, by: accounts.Startup},
	ActionReceived:    {from: []string{Sent, Disputed}, to: Received, by: accounts.Student},
	ActionNotReceived: {from: []string{Sent}, to: Disputed, by: accounts.Student},
}

// Next is where action leads a payment in status, and whether it may.
func Next(action Action, status string) (string, bool) {
	t := transitions[action]
	return t.to, slices.Contains(t.from, status)
}

// MayAct reports whether u is the side of p that takes action.
func MayAct(u *accounts.User, p *Payment, action Action) bool {
	switch transitions[action].by {
	case accounts.Startup:
		return u.Type == accounts.Startup && u.ID == p.StartupID
	case accounts.Student:
		return u.Type == accounts.Student && u.ID == p.StudentID
	}
	return false
}

// CanView reports whether u may see p: its two sides, and the admin (read-only oversight).
func CanView(u *accounts.User, p *Payment) bool {
	return u.Type == accounts.Admin || u.ID == p.StudentID || u.ID == p.StartupID
}

// HasReceipt reports whether a payment in status has a receipt: once it was sent or transferred.
func HasReceipt(status string) bool {
	return status == Sent || status == Received || status == Disputed || status == Transferred
}

var errNotFound = apperr.New(apperr.NotFound, "Payment not found.")

// The events payments publish (DESIGN.md §4).
const EventUpdated = "payment.updated"

// UpdatedEvent is the data of a payment.updated event.
type UpdatedEvent struct {
	PaymentID string `json:"paymentId"`
	TaskID    string `json:"taskId"`
	Status    string `json:"status"`
}

// Publisher announces an event, already committed (app.Publisher).
type Publisher interface {
	Publish(ctx context.Context, eventType string, data any, userIDs ...string)
}

// Announcer pushes notifications that were just committed (notify.Service).
type Announcer interface {
	Announce(ctx context.Context, created ...notify.Notification)
}

// Filter selects payments for a list.
type Filter struct {
	StudentID string // payments to this student
	StartupID string // payments of this startup
	Status    string // "" for every status
}

// Change is one step taken on a payment, written in one transaction: the payment's new status
// (only while it is still in one of From), its event, the ledger posting the step makes, the
// notification of the other side and the audit entry.
type Change struct {
	PaymentID    string
	From         []string
	To           string
	Method       string // set when not ""
	Reference    string // set when not ""
	Event        Event
	Posting      Posting
	Notification notify.Notification
	Audit        audit.Entry
}

// Store is what the service needs from the database.
type Store interface {
	// Payment reads one with its events and names; apperr.NotFound when unknown.
	Payment(ctx context.Context, id string) (*Payment, error)
	// Payments pages the payments f selects, newest first, and counts them.
	Payments(ctx context.Context, f Filter, offset, limit int) ([]Payment, int, error)
	// Apply writes c in one transaction; false when the payment was no longer in c.From, and
	// nothing changed. The startup's payment record is recomputed with it.
	Apply(ctx context.Context, c Change) (bool, error)
	// PayoutAccount reads a student's connected account; apperr.NotFound when they have none.
	PayoutAccount(ctx context.Context, userID string) (*PayoutAccount, error)
	// AddPayoutAccount keeps a student's new connected account, unless they have one already:
	// the one kept is returned.
	AddPayoutAccount(ctx context.Context, a PayoutAccount, now time.Time) (*PayoutAccount, error)
	// InTx runs fn in one transaction: committed when fn returns nil, rolled back otherwise.
	InTx(ctx context.Context, fn func(tx Tx) error) error
}

// Waker is told of money jobs just committed (Worker).
type Waker interface{ Wake() }

// Service is the payments' use cases.
type Service struct {
	Store     Store
	Ledger    Ledger
	Notifier  Announcer
	Publisher Publisher
	Now       func() time.Time
	// PublicURL is where the app is (PUBLIC_URL), printed on receipts.
	PublicURL string

	// Connect is Stripe (PAYMENTS=stripe); nil offline.
	Connect Connect
	// Fundings books what a paid Checkout brought into its task.
	Fundings Fundings
	// FeeBasisPoints is the platform's share of each transfer (PLATFORM_FEE_PERCENT).
	FeeBasisPoints int
	// Money is the worker of the money jobs, woken when a webhook committed some.
	Money  Waker
	Logger *slog.Logger
}

// Receipt renders the receipt of a payment u may see, once it was sent or transferred.
func (s *Service) Receipt(ctx context.Context, u *accounts.User, id string) (*Payment, []byte, error) {
	p, err := s.Payment(ctx, u, id)
	if err != nil {
		return nil, nil, err
	}
	if !HasReceipt(p.Status) {
		return nil, nil, apperr.New(apperr.Conflict, "This payment has no receipt until it is sent.")
	}
	pdf, err := RenderReceipt(p, s.PublicURL)
	return p, pdf, err
}

// Balances pages the ledger's balances, per account and currency (the admin's read-only view).
func (s *Service) Balances(ctx context.Context, offset, limit int) ([]Balance, int, error) {
	return s.Ledger.Balances(ctx, offset, limit)
}

// CheckLedger checks that the books balance (CheckLedger).
func (s *Service) CheckLedger(ctx context.Context) (Report, error) { return CheckLedger(ctx, s.Ledger) }

// Limits on what a side may write.
const (
	maxReference = 200
	maxNote      = 1000
)

// Payment is one payment as u may see it; others' are not found.
func (s *Service) Payment(ctx context.Context, u *accounts.User, id string) (*Payment, error) {
	p, err := s.Store.Payment(ctx, id)
	if err != nil {
		return nil, err
	}
	if !CanView(u, p) {
		return nil, errNotFound
	}
	return p, nil
}

// Payments pages what u may see: a student the payments to them, a startup its own, the
// admin every one.
func (s *Service) Payments(ctx context.Context, u *accounts.User, status string, offset, limit int) ([]Payment, int, error) {
	if status != "" && !slices.Contains(Statuses, status) {
		return nil, 0, apperr.Field("status", "Status must be one of "+strings.Join(Statuses, ", "))
	}
	f := Filter{Status: status}
	switch u.Type {
	case accounts.Student:
		f.StudentID = u.ID
	case accounts.Startup:
		f.StartupID = u.ID
	}
	return s.Store.Payments(ctx, f, offset, limit)
}

// Step is a side's action on a payment with what it says: the startup's method and reference,
// the student's note.
type Step struct {
	Action    Action
	Method    string
	Reference string
	Note      string
}

// Take applies u's step to the payment in one transaction: only its own side may take it
// (else not found), only along the transition table (else 409), and the other side is told
// live and in the bell.
func (s *Service) Take(ctx context.Context, u *accounts.User, id string, step Step) (*Payment, error) {
	if err := validateStep(&step); err != nil {
		return nil, err
	}
	p, err := s.Payment(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if !MayAct(u, p, step.Action) {
		if u.Type == accounts.Admin {
			return nil, apperr.New(apperr.Forbidden, "The admin's view of payments is read-only.")
		}
		return nil, apperr.New(apperr.Forbidden, "Only the other side of this payment can do that.")
	}
	to, ok := Next(step.Action, p.Status)
	if !ok {
		return nil, conflict(step.Action, p.Status)
	}
	now := s.now()
	c := Change{
		PaymentID: p.ID, From: transitions[step.Action].from, To: to,
		Method: step.Method, Reference: step.Reference,
		Event:   Event{Status: to, At: now, Note: step.Note, ActorID: u.ID},
		Posting: OfflinePosting(p, p.Status, to),
		Audit: audit.Entry{Type: audit.PaymentChanged, ActorID: u.ID, SubjectID: p.StudentID, Target: p.ID,
			IP: audit.ClientIP(ctx), Detail: detail(p, to, step)},
		Notification: notificationOf(p, to, step),
	}
	ok, err = s.Store.Apply(ctx, c)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, conflict(step.Action, "already changed")
	}
	s.Notifier.Announce(ctx, c.Notification)
	s.Publisher.Publish(ctx, EventUpdated, UpdatedEvent{PaymentID: p.ID, TaskID: p.TaskID, Status: to}, p.StudentID, p.StartupID)
	return s.Store.Payment(ctx, p.ID)
}

// OpenedEntry is the trail's entry for a payment an approval opened.
func OpenedEntry(ctx context.Context, p *Payment) *audit.Entry {
	return &audit.Entry{Type: audit.PaymentChanged, ActorID: p.StartupID, SubjectID: p.StudentID, Target: p.ID,
		IP: audit.ClientIP(ctx), Detail: detail(p, p.Status, Step{})}
}

func validateStep(step *Step) error {
	step.Method, step.Reference, step.Note = strings.TrimSpace(step.Method), strings.TrimSpace(step.Reference), strings.TrimSpace(step.Note)
	var v apperr.Validator
	switch step.Action {
	case ActionSent:
		v.Check(slices.Contains(Methods, step.Method), "method", "Choose how you paid: bank-transfer, upi, paypal or other")
		v.Check(utf8.RuneCountInString(step.Reference) <= maxReference, "reference", "Reference must be at most 200 characters")
	case ActionNotReceived:
		if v.Check(step.Note != "", "note", "Say what is wrong: a note is required") {
			v.Check(utf8.RuneCountInString(step.Note) <= maxNote, "note", "Note must be at most 1000 characters")
		}
	case ActionReceived:
	default:
		return apperr.New(apperr.Invalid, "Unknown payment action.")
	}
	return v.Err()
}

// conflict explains why action is not allowed on a payment in status.
func conflict(action Action, status string) error {
	verb := map[Action]string{ActionSent: "marked as sent", ActionReceived: "confirmed as received",
		ActionNotReceived: "reported as not received"}[action]
	return apperr.New(apperr.Conflict, fmt.Sprintf("A payment that is %s cannot be %s.", strings.ReplaceAll(status, "_", " "), verb))
}

// detail is the trail's words for a payment's step.
func detail(p *Payment, to string, step Step) string {
	d := fmt.Sprintf("%s of %s for %q: %s", p.ID, p.Amount.Format(p.Currency), clip(p.TaskTitle, 80), to)
	if step.Method != "" {
		d += " by " + step.Method
	}
	if step.Reference != "" {
		d += ", reference " + clip(step.Reference, 60)
	}
	return clip(d, 300)
}

// notificationOf is the other side's notification of p reaching status to.
func notificationOf(p *Payment, to string, step Step) notify.Notification {
	amount := p.Amount.Format(p.Currency)
	n := notify.Notification{Kind: notify.KindPayment, Link: "/payments"}
	switch to {
	case Sent:
		n.UserID = p.StudentID
		n.Message = fmt.Sprintf("%s marked %s for %q as sent (%s). Confirm when it arrives.", p.CompanyName, amount, p.TaskTitle, step.Method)
	case Received:
		n.UserID = p.StartupID
		n.Message = fmt.Sprintf("%s confirmed receiving %s for %q.", p.StudentName(), amount, p.TaskTitle)
	case Disputed:
		// The student's note is theirs, quoted under their name, never Bridgework's words.
		n.UserID = p.StartupID
		n.Message = fmt.Sprintf("%s has not received %s for %q.", p.StudentName(), amount, p.TaskTitle)
		n.Quote, n.QuoteAuthor = textcheck.Excerpt(step.Note, 300), p.StudentName()
	}
	return n
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
