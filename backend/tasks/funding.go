package tasks

import (
	"context"
	"fmt"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/money"
	"bridgework/backend/notify"
	"bridgework/backend/payments"
)

// Funds held through Stripe (PAYMENTS=stripe; DESIGN §3b). A startup funds its task through
// Checkout: budget.max × seats at first. Each approval of a funded task is paid from that money
// (hold), held for its student until a money job transfers it; completing the task refunds what
// its places did not spend (refundRest). An unfunded task is paid as offline: due from the
// startup directly.
//
// Funding another place: a funded task whose places are all filled takes another approval that
// keeps it open (closeTask false) only once the money for one more place is in, so a second
// Checkout, for budget.max, adds to the task's funding. Every Checkout is a funding of its own
// (payments.Funding), with its own charge: a payment is paid from the oldest that holds it whole.

var (
	errFundCompleted = apperr.New(apperr.Conflict, "This task is completed: there is nothing left to fund.")
	errFundClosed    = apperr.New(apperr.Conflict, "This task is closed: there is nothing left to fund.")
	errFundUnpaid    = apperr.New(apperr.Conflict, "This task is unpaid: there is nothing to fund.")
	errNotCovered    = apperr.New(apperr.Conflict, "This task's funding does not cover this pay: fund another place to approve it")
)

// escrows reports whether an approval of t is paid from money held through Stripe.
func (s *Service) escrows(t *Task) bool { return s.Checkout != nil && t.Funding.Status == Funded }

// Fund opens a Checkout Session for one of startup's tasks and returns its URL: for budget.max
// × seats while the task is unfunded (or its first Checkout was not paid yet), for one more place
// (budget.max) once it is funded. The money counts when Stripe says it was paid (CheckoutPaid);
// Checkout sends the startup back to the task's page, with funding=success or funding=cancelled.
func (s *Service) Fund(ctx context.Context, startup *accounts.User, taskID string) (string, error) {
	if s.Checkout == nil {
		return "", payments.ErrNotStripe
	}
	t, err := s.Store.Task(ctx, taskID)
	if err != nil {
		return "", err
	}
	if !CanManage(t, startup.ID) {
		return "", errTaskNotFound
	}
	switch t.Status {
	case StatusCompleted:
		return "", errFundCompleted
	case StatusClosed:
		return "", errFundClosed
	}
	_, hi := PayRange(t)
	if hi == 0 {
		return "", errFundUnpaid
	}
	places := t.Seats
	if t.Funding.Status == Funded {
		places = 1
	}
	page := s.PublicURL + "/startup/tasks/" + t.ID
	id, url, err := s.Checkout.CreateCheckout(ctx, payments.Checkout{TaskID: t.ID, Title: t.Title, Currency: t.Currency,
		UnitAmount: hi, Quantity: places, CustomerEmail: startup.Email,
		SuccessURL: page + "?funding=success", CancelURL: page + "?funding=cancelled"})
	if err != nil {
		return "", err
	}
	f := &payments.Funding{TaskID: t.ID, SessionID: id, Amount: hi * money.Amount(places), Currency: t.Currency}
	if err := s.Store.OpenFunding(ctx, f); err != nil {
		return "", err
	}
	if t.Funding.Status == Unfunded {
		s.Publisher.Publish(ctx, EventTaskUpdated, taskUpdated(t.ID, t.Status), t.StartupID)
	}
	return url, nil
}

// CheckoutPaid books what a paid Checkout Session brought into its task, once (the event is
// recorded in the same transaction): the funding, the ledger's posting, the trail's entry and the
// startup's notification. Money that arrives for a task already completed or closed goes back at
// once.
func (s *Service) CheckoutPaid(ctx context.Context, ev payments.StripeEvent) error {
	c := ev.Checkout
	var (
		task   *Task
		note   notify.Notification
		refund bool
	)
	err := s.Store.InTx(ctx, func(tx Tx) error {
		task, refund = nil, false
		if fresh, err := tx.RecordStripeEvent(ev); err != nil || !fresh {
			return err
		}
		t, err := tx.LockTask(c.TaskID)
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil // no task of ours: nothing to book
		}
		if err != nil {
			return err
		}
		if c.Currency != t.Currency || c.Amount <= 0 {
			// Never one of the sessions Fund opens: the trail keeps it for the admin.
			entry := payments.FundingEntry(ctx, t.StartupID, t.ID, t.Title, c.Amount, c.Currency,
				fmt.Sprintf("paid through Checkout %s, not booked: the task is in %s", c.SessionID, t.Currency))
			return tx.Audit(&entry)
		}
		f := &payments.Funding{TaskID: t.ID, SessionID: c.SessionID, Amount: c.Amount, Currency: c.Currency, PaymentIntent: c.PaymentIntent}
		paid, err := tx.PayFunding(f, s.now())
		if err != nil || !paid {
			return err
		}
		if err := tx.Post(payments.FundedPosting(t.ID, t.Currency, c.Amount)); err != nil {
			return err
		}
		entry := payments.FundingEntry(ctx, t.StartupID, t.ID, t.Title, c.Amount, c.Currency, "funded through Checkout "+c.SessionID)
		if err := tx.Audit(&entry); err != nil {
			return err
		}
		note = notify.Notification{UserID: t.StartupID, Kind: notify.KindPayment, Link: "/startup/tasks/" + t.ID,
			Message: fmt.Sprintf("Your funding of %s for %q arrived: approvals of its work are paid from it.", c.Amount.Format(c.Currency), t.Title)}
		if Ended(t) {
			refund = true
			note.Message = fmt.Sprintf("Your funding of %s for %q arrived after the task was %s: it is refunded.", c.Amount.Format(c.Currency), t.Title, t.Status)
			if err := tx.EnqueueMoneyJob(payments.RefundJob(*f)); err != nil {
				return err
			}
		}
		task = t
		return tx.CreateNotification(&note)
	})
	if err != nil || task == nil {
		return err
	}
	s.Notifier.Announce(ctx, note)
	s.Publisher.Publish(ctx, EventTaskUpdated, taskUpdated(task.ID, task.Status), task.StartupID)
	if refund && s.Money != nil {
		s.Money.Wake()
	}
	return nil
}

// hold pays p, an approval's payment of a funded task, from the task's funding: held for its
// student, or awaiting their payout account. An approval that keeps the task open past its last
// place (addSeat) needs the place it adds funded first.
func (s *Service) hold(tx Tx, t *Task, p *payments.Payment, addSeat bool) error {
	fundings, err := tx.Fundings(t.ID)
	if err != nil {
		return err
	}
	src, left := payments.Source(fundings, p.Amount)
	if _, hi := PayRange(t); addSeat && left-p.Amount < hi {
		return apperr.New(apperr.Conflict, fmt.Sprintf("All %d paid places of this task are filled: fund another place to approve more", t.Seats))
	}
	if src == nil {
		return errNotCovered
	}
	enabled, err := tx.PayoutsEnabled(p.StudentID)
	if err != nil {
		return err
	}
	p.Method, p.FundingID, p.Status = payments.MethodStripe, src.ID, payments.AwaitingStudent
	if enabled {
		p.Status = payments.Held
	}
	return nil
}

// refundRest queues the refund of what each of a completed task's fundings still holds, and
// says whether there was any.
func (s *Service) refundRest(tx Tx, taskID string) (bool, error) {
	fundings, err := tx.Fundings(taskID)
	if err != nil {
		return false, err
	}
	any := false
	for _, f := range fundings {
		if f.Status != payments.FundingPaid || f.Left() <= 0 {
			continue
		}
		if err := tx.EnqueueMoneyJob(payments.RefundJob(f)); err != nil {
			return false, err
		}
		any = true
	}
	return any, nil
}
