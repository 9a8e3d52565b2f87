package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"bridgework/backend/config"
	"bridgework/backend/payments"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// Funds held through Stripe (PAYMENTS=stripe), against a real stripe-mock: every call to Stripe
// reaches it and is validated there against Stripe's OpenAPI (a wrong parameter is refused, and
// fails the test). stripe-mock sends no webhooks, so the tests sign the events Stripe would send
// with the endpoint's test secret.

const (
	testStripeKey     = "sk_test_bridgework"
	testWebhookSecret = "whsec_bridgework_test_secret"
)

// stripeCall is one call the server made to Stripe, and the answer it got.
type stripeCall struct {
	Method, Path   string
	Form           url.Values // the request's parameters (stripe-go sends them form-encoded)
	IdempotencyKey string
	Status         int // 0 when no answer came
	Body           map[string]any
	At             time.Time
}

// stripeRecorder carries the server's calls to stripe-mock and records them. intercept, when
// set, may answer a call itself instead: a test that needs Stripe to fail or hang, which
// stripe-mock never does to a valid request, is the only one that sets it.
type stripeRecorder struct {
	mu        sync.Mutex
	calls     []stripeCall
	intercept func(req *http.Request, call stripeCall) (*http.Response, error)
}

func (r *stripeRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	form, _ := url.ParseQuery(string(body))
	if req.Method == http.MethodGet {
		form = req.URL.Query()
	}
	call := stripeCall{Method: req.Method, Path: req.URL.Path, Form: form, IdempotencyKey: req.Header.Get("Idempotency-Key"), At: time.Now()}
	var res *http.Response
	var err error
	if r.intercept != nil {
		res, err = r.intercept(req, call)
	}
	if res == nil && err == nil {
		res, err = http.DefaultTransport.RoundTrip(req)
	}
	if err == nil {
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		res.Body = io.NopCloser(bytes.NewReader(raw))
		call.Status = res.StatusCode
		_ = json.Unmarshal(raw, &call.Body)
	}
	r.mu.Lock()
	r.calls = append(r.calls, call)
	r.mu.Unlock()
	return res, err
}

// find is every recorded call of method to path (a prefix when it ends with "/").
func (r *stripeRecorder) find(method, path string) []stripeCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []stripeCall
	for _, c := range r.calls {
		if c.Method == method && (c.Path == path || strings.HasSuffix(path, "/") && strings.HasPrefix(c.Path, path)) {
			out = append(out, c)
		}
	}
	return out
}

// last is the latest call of method to path; the test fails without one.
func (r *stripeRecorder) last(t testing.TB, method, path string) stripeCall {
	t.Helper()
	calls := r.find(method, path)
	if len(calls) == 0 {
		t.Fatalf("no %s %s reached Stripe", method, path)
	}
	return calls[len(calls)-1]
}

// withStripe configures a server that pays through Stripe at stripe-mock, retrying fast.
func withStripe(mock string, configure func(*config.Config)) func(*config.Config) {
	return func(c *config.Config) {
		c.Payments, c.StripeSecretKey, c.StripeWebhookSecret, c.StripeAPIBase = config.PaymentsStripe, testStripeKey, testWebhookSecret, mock
		c.MoneyFirstRetry, c.MoneyCallTimeout = 50*time.Millisecond, 5*time.Second
		if configure != nil {
			configure(c)
		}
	}
}

// onBothDeploymentsWithStripe is onBothDeploymentsWith for a server paying through Stripe at
// one stripe-mock, its calls recorded.
func onBothDeploymentsWithStripe(t *testing.T, configure func(*config.Config), fn func(t *testing.T, e *env, rec *stripeRecorder)) {
	t.Helper()
	mock := testenv.StripeMock(t)
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			cfg := baseConfig(t, withStripe(mock, configure))
			rec := &stripeRecorder{}
			fn(t, newStripeEnvOn(t, kind, cfg, rec), rec)
		})
	}
}

// newStripeEnvOn starts a server of kind on a fresh database calling Stripe through rec.
func newStripeEnvOn(t *testing.T, kind testenv.Kind, cfg config.Config, rec *stripeRecorder) *env {
	t.Helper()
	db := testenv.OpenDB(t, kind)
	if kind == testenv.Postgres {
		rdb, prefix := testenv.Redis(t)
		cfg.RedisPrefix = prefix
		return newEnvStripe(t, cfg, db, rdb, io.Discard, &http.Client{Transport: rec})
	}
	return newEnvStripe(t, cfg, db, nil, io.Discard, &http.Client{Transport: rec})
}

// stripeEvent is an event as Stripe sends it, of this stripe-go's API version.
func stripeEvent(typ string, object map[string]any, created time.Time) map[string]any {
	return map[string]any{"id": "evt_" + testenv.RandomHex(8), "object": "event", "api_version": stripe.APIVersion,
		"created": created.Unix(), "type": typ, "livemode": false, "pending_webhooks": 1,
		"data": map[string]any{"object": object}}
}

// deliverEvent posts an event to the webhook signed with secret, as Stripe does.
func (e *env) deliverEvent(event map[string]any, secret string) response {
	e.t.Helper()
	payload, err := json.Marshal(event)
	if err != nil {
		e.t.Fatal(err)
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: time.Now()})
	return e.webhookCall(payload, signed.Header)
}

// webhookCall posts payload to the webhook with a Stripe-Signature header (none when "").
func (e *env) webhookCall(payload []byte, signature string) response {
	e.t.Helper()
	req, err := http.NewRequest("POST", e.server.URL+"/api/payments/stripe/webhook", bytes.NewReader(payload))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if signature != "" {
		req.Header.Set("Stripe-Signature", signature)
	}
	res, err := e.server.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := response{Status: res.StatusCode, Header: res.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.Body)
	e.checkContract(req, out)
	return out
}

// mustDeliver delivers a correctly signed event and wants it taken.
func (e *env) mustDeliver(event map[string]any) {
	e.t.Helper()
	if res := e.deliverEvent(event, testWebhookSecret); res.Status != http.StatusOK || res.Body["received"] != true {
		e.t.Fatalf("webhook %s: %d %s", event["type"], res.Status, res.Raw)
	}
}

// accountEvent is an account.updated event of a connected account.
func accountEvent(accountID string, payoutsEnabled bool, created time.Time) map[string]any {
	return stripeEvent(payments.EventAccountUpdated, map[string]any{"id": accountID, "object": "account", "type": "express",
		"payouts_enabled": payoutsEnabled, "charges_enabled": payoutsEnabled, "details_submitted": true}, created)
}

// connectPayouts onboards the student and has Stripe say their payouts are enabled, or not
// yet; it returns their connected account's id.
func (e *env) connectPayouts(student user, rec *stripeRecorder, enabled bool) string {
	e.t.Helper()
	res := e.do("POST", "/api/student/payouts/onboarding", student.Token, nil)
	if res.Status != http.StatusOK || !strings.HasPrefix(res.field("url"), "https://") {
		e.t.Fatalf("onboarding: %d %s", res.Status, res.Raw)
	}
	var account string
	for _, c := range rec.find("POST", "/v1/accounts") {
		if c.Form.Get("metadata[userId]") == student.ID {
			account, _ = c.Body["id"].(string)
		}
	}
	if account == "" {
		e.t.Fatalf("no Express account was created for %s", student.Email)
	}
	e.mustDeliver(accountEvent(account, enabled, time.Now()))
	return account
}

// payouts is the student's payout status.
func (e *env) payouts(student user) string {
	e.t.Helper()
	res := e.do("GET", "/api/student/payouts", student.Token, nil)
	if res.Status != http.StatusOK {
		e.t.Fatalf("payouts: %d %s", res.Status, res.Raw)
	}
	return res.field("status")
}

// checkoutEvent is the event of a paid Checkout Session for a task.
func checkoutEvent(sessionID, clientReference, metadataTask, paymentIntent string, amount int64, currency string) map[string]any {
	return stripeEvent(payments.EventCheckoutCompleted, map[string]any{"id": sessionID, "object": "checkout.session",
		"mode": "payment", "status": "complete", "payment_status": "paid", "client_reference_id": clientReference,
		"metadata": map[string]any{"taskId": metadataTask}, "payment_intent": paymentIntent, "amount_total": amount,
		"currency": strings.ToLower(currency)}, time.Now())
}

// fund opens the task's Checkout as its startup and has Stripe say it was paid in full; it
// returns the Checkout's call and the payment intent.
func (e *env) fund(startup user, taskID string, rec *stripeRecorder) (stripeCall, string) {
	e.t.Helper()
	res := e.do("POST", "/api/startup/tasks/"+taskID+"/funding", startup.Token, nil)
	if res.Status != http.StatusOK || !strings.HasPrefix(res.field("url"), "https://") {
		e.t.Fatalf("funding: %d %s", res.Status, res.Raw)
	}
	call := rec.last(e.t, "POST", "/v1/checkout/sessions")
	if call.Status != http.StatusOK || call.Form.Get("client_reference_id") != taskID {
		e.t.Fatalf("checkout: %d %v", call.Status, call.Form)
	}
	var unit, quantity int64
	fmt.Sscan(call.Form.Get("line_items[0][price_data][unit_amount]"), &unit)
	fmt.Sscan(call.Form.Get("line_items[0][quantity]"), &quantity)
	intent := "pi_" + testenv.RandomHex(8)
	e.mustDeliver(checkoutEvent(call.Body["id"].(string), taskID, taskID, intent, unit*quantity,
		call.Form.Get("line_items[0][price_data][currency]")))
	return call, intent
}

// funding is the task's funding as its startup sees it.
func (e *env) funding(startup user, taskID string) map[string]any {
	e.t.Helper()
	return e.taskOf(startup, taskID).Body["funding"].(map[string]any)
}

// waitPayment works the money jobs until the student's payment for the task is in status.
func (e *env) waitPayment(student user, taskID, status string) map[string]any {
	e.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		e.app.Money.WorkDue(context.Background())
		p := e.paymentOf(student, taskID)
		if p["status"] == status {
			return p
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("payment %v, want %s", p, status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// balances are the ledger's balances by "account currency".
func (e *env) balances() map[string]float64 {
	e.t.Helper()
	out := map[string]float64{}
	for _, b := range decodeList(e.t, e.do("GET", "/api/admin/ledger?per_page=100", e.admin().Token, nil)) {
		out[b["account"].(string)+" "+b["currency"].(string)] = b["balance"].(float64)
	}
	return out
}

// count counts the rows of table where query holds.
func (e *env) count(table, query string, args ...any) int64 {
	e.t.Helper()
	var n int64
	if err := e.app.DB.Table(table).Where(query, args...).Count(&n).Error; err != nil {
		e.t.Fatal(err)
	}
	return n
}

// TestStripe_provider: the SPA learns which provider pays and the platform's fee.
func TestStripe_provider(t *testing.T) {
	t.Run("offline", func(t *testing.T) {
		onBothDeployments(t, func(t *testing.T, e *env) {
			if res := e.do("GET", "/api/payments/provider", "", nil); res.Status != http.StatusOK || res.field("provider") != "offline" ||
				res.Body["platformFeePercent"] != float64(0) {
				t.Errorf("offline: %d %s", res.Status, res.Raw)
			}
			startup := e.registerStartup("Offline Co")
			if res := e.do("POST", "/api/startup/tasks/"+e.postTask(startup, nil)+"/funding", startup.Token, nil); res.Status != http.StatusConflict ||
				res.field("message") != "Payments through Stripe are not enabled on this server." {
				t.Errorf("funding offline: %d %s", res.Status, res.Raw)
			}
		})
	})
	t.Run("stripe", func(t *testing.T) {
		onBothDeploymentsWithStripe(t, func(c *config.Config) { c.PlatformFeeBasisPoints = 250 }, func(t *testing.T, e *env, _ *stripeRecorder) {
			if res := e.do("GET", "/api/payments/provider", "", nil); res.Status != http.StatusOK || res.field("provider") != "stripe" ||
				res.Body["platformFeePercent"] != 2.5 {
				t.Errorf("stripe: %d %s", res.Status, res.Raw)
			}
		})
	})
}

// TestStripe_payoutOnboarding: a student's Express account is created once and kept, each call
// links into its onboarding; the status follows account.updated by the events' created time, so
// a late older event does not undo a newer one; a replayed event, a forged signature and an
// event of another API version change nothing.
func TestStripe_payoutOnboarding(t *testing.T) {
	onBothDeploymentsWithStripe(t, nil, func(t *testing.T, e *env, rec *stripeRecorder) {
		ada, startup := e.registerStudent("Ada"), e.registerStartup("Onboard Co")
		if s := e.payouts(ada); s != "none" {
			t.Errorf("a new student's payouts %q, want none", s)
		}
		first := e.do("POST", "/api/student/payouts/onboarding", ada.Token, nil)
		second := e.do("POST", "/api/student/payouts/onboarding", ada.Token, nil)
		if first.Status != http.StatusOK || second.Status != http.StatusOK || !strings.HasPrefix(first.field("url"), "https://") {
			t.Fatalf("onboarding: %d %s, %d %s", first.Status, first.Raw, second.Status, second.Raw)
		}
		accounts := rec.find("POST", "/v1/accounts")
		if len(accounts) != 1 {
			t.Fatalf("%d accounts created, want 1", len(accounts))
		}
		created := accounts[0]
		if created.Status != http.StatusOK || created.Form.Get("type") != "express" || created.Form.Get("email") != ada.Email ||
			created.Form.Get("capabilities[transfers][requested]") != "true" || created.IdempotencyKey != "account:"+ada.ID {
			t.Errorf("the account's creation: %d %v key %q", created.Status, created.Form, created.IdempotencyKey)
		}
		account := created.Body["id"].(string)
		links := rec.find("POST", "/v1/account_links")
		if len(links) != 2 {
			t.Fatalf("%d account links, want one per call", len(links))
		}
		for _, l := range links {
			if l.Status != http.StatusOK || l.Form.Get("account") != account || l.Form.Get("type") != "account_onboarding" ||
				l.Form.Get("return_url") != e.cfg.PublicURL+"/payments?payouts=return" || l.Form.Get("refresh_url") != e.cfg.PublicURL+"/payments?payouts=refresh" {
				t.Errorf("account link: %d %v", l.Status, l.Form)
			}
			if l.Body["url"] != first.field("url") {
				t.Errorf("the link answered %v, Stripe's is %v", first.field("url"), l.Body["url"])
			}
		}
		if s := e.payouts(ada); s != "pending" {
			t.Errorf("onboarding begun: %q, want pending", s)
		}
		if res := e.do("POST", "/api/student/payouts/onboarding", startup.Token, nil); res.Status != http.StatusForbidden {
			t.Errorf("a startup onboarding: %d", res.Status)
		}

		now := time.Now()
		enabled := accountEvent(account, true, now)
		e.mustDeliver(enabled)
		if s := e.payouts(ada); s != "enabled" {
			t.Fatalf("after payouts_enabled: %q", s)
		}
		e.mustDeliver(accountEvent(account, false, now.Add(-time.Minute))) // older, delivered late
		if s := e.payouts(ada); s != "enabled" {
			t.Errorf("an older event regressed the status to %q", s)
		}
		// Forged: signed with another secret, or not at all, or for another release train.
		disabled := accountEvent(account, false, now.Add(time.Minute))
		for name, res := range map[string]response{
			"wrong secret": e.deliverEvent(disabled, "whsec_not_ours"),
			"unsigned":     e.webhookCall([]byte(`{"id":"evt_x"}`), ""),
			"old version":  e.deliverEvent(map[string]any{"id": "evt_v", "object": "event", "api_version": "2024-06-20", "created": now.Unix(), "type": "account.updated", "data": map[string]any{"object": map[string]any{"id": account, "payouts_enabled": false}}}, testWebhookSecret),
		} {
			if res.Status != http.StatusBadRequest {
				t.Errorf("%s: %d %s, want 400", name, res.Status, res.Raw)
			}
		}
		if s := e.payouts(ada); s != "enabled" {
			t.Errorf("a refused event changed the status to %q", s)
		}
		e.mustDeliver(disabled) // newer: Stripe wants more from Ada
		if s := e.payouts(ada); s != "pending" {
			t.Errorf("after a newer payouts_enabled false: %q", s)
		}
		e.mustDeliver(enabled) // the same event again: already applied
		if s := e.payouts(ada); s != "pending" {
			t.Errorf("a replayed event changed the status to %q", s)
		}
		if n := e.count("stripe_events", "id = ?", enabled["id"]); n != 1 {
			t.Errorf("the event was recorded %d times", n)
		}
	})
}

// TestStripe_fundedApprovalIsTransferred: a startup funds budget.max × seats through Checkout,
// the webhook books it once, an approval holds the pay for the student and the worker transfers
// it less the platform's fee, from the funding's charge, with the approval as idempotency key;
// the student is told live and in the bell, the startup's record counts it paid, and every step
// is a balanced posting (the harness checks the books after every test).
func TestStripe_fundedApprovalIsTransferred(t *testing.T) {
	onBothDeploymentsWithStripe(t, func(c *config.Config) { c.PlatformFeeBasisPoints = 1000 }, func(t *testing.T, e *env, rec *stripeRecorder) {
		startup, ada, other := e.registerStartup("Held Co"), e.registerStudent("Ada"), e.registerStartup("Other Co")
		account := e.connectPayouts(ada, rec, true)
		task := e.postTask(startup, map[string]any{"title": "Logo", "seats": 2, "budget": map[string]any{"min": 100, "max": 300}})
		if f := e.funding(startup, task); f["status"] != "unfunded" || f["amount"] != float64(0) {
			t.Errorf("a new task's funding %v", f)
		}
		if res := e.do("POST", "/api/startup/tasks/"+task+"/funding", other.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("another startup funding the task: %d", res.Status)
		}
		res := e.do("POST", "/api/startup/tasks/"+task+"/funding", startup.Token, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("funding: %d %s", res.Status, res.Raw)
		}
		checkout := rec.last(t, "POST", "/v1/checkout/sessions")
		for param, want := range map[string]string{
			"mode": "payment", "client_reference_id": task, "metadata[taskId]": task,
			"line_items[0][price_data][currency]": "usd", "line_items[0][price_data][unit_amount]": "30000",
			"line_items[0][quantity]": "2", "payment_intent_data[transfer_group]": task,
			"success_url": e.cfg.PublicURL + "/startup/tasks/" + task + "?funding=success",
			"cancel_url":  e.cfg.PublicURL + "/startup/tasks/" + task + "?funding=cancelled",
		} {
			if got := checkout.Form.Get(param); got != want {
				t.Errorf("checkout %s = %q, want %q", param, got, want)
			}
		}
		if checkout.Status != http.StatusOK || res.field("url") != checkout.Body["url"] {
			t.Errorf("checkout answered %d, url %q (Stripe's %v)", checkout.Status, res.field("url"), checkout.Body["url"])
		}
		if f := e.funding(startup, task); f["status"] != "pending" {
			t.Errorf("a Checkout open: %v", f)
		}

		intent := "pi_" + testenv.RandomHex(8)
		paid := checkoutEvent(checkout.Body["id"].(string), task, task, intent, 60000, "usd")
		e.mustDeliver(paid)
		e.mustDeliver(paid) // replayed: booked once
		forged := checkoutEvent("cs_forged", task, task, "pi_forged", 90000, "usd")
		if res := e.deliverEvent(forged, "whsec_forged"); res.Status != http.StatusBadRequest {
			t.Errorf("a forged checkout event: %d", res.Status)
		}
		if f := e.funding(startup, task); f["status"] != "funded" || f["amount"] != float64(60000) || f["currency"] != "USD" {
			t.Errorf("funded: %v, want 60000 USD funded", f)
		}
		if b := e.balances(); b["stripe:balance USD"] != 60000 || b["escrow:task:"+task+" USD"] != -60000 {
			t.Errorf("after funding: %v", b)
		}

		adaSocket := e.connect(ada)
		e.submitLink(ada, task, "https://example.com/logo")
		if res := e.decide(startup, task, ada.ID, true, ""); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		p := e.waitPayment(ada, task, "transferred")
		transfer := rec.last(t, "POST", "/v1/transfers")
		sub := e.submissionOf(startup, task, ada.ID)
		for param, want := range map[string]string{
			"amount": "27000", "currency": "usd", "destination": account, "transfer_group": task, "metadata[paymentId]": p["_id"].(string),
		} {
			if got := transfer.Form.Get(param); got != want {
				t.Errorf("transfer %s = %q, want %q", param, got, want)
			}
		}
		charge := rec.last(t, "GET", "/v1/payment_intents/"+intent)
		if charge.Form.Get("expand[0]") != "latest_charge" || transfer.Form.Get("source_transaction") != charge.Body["latest_charge"].(map[string]any)["id"] {
			t.Errorf("source_transaction %q, the payment intent's charge %v", transfer.Form.Get("source_transaction"), charge.Body["latest_charge"])
		}
		if transfer.Status != http.StatusOK || transfer.IdempotencyKey != "transfer:"+sub["_id"].(string)+":1" {
			t.Errorf("transfer answered %d, key %q", transfer.Status, transfer.IdempotencyKey)
		}
		if p["method"] != "stripe" || p["reference"] != transfer.Body["id"] || p["paidAt"] == nil || p["amount"] != float64(30000) {
			t.Errorf("transferred payment %v", p)
		}
		var steps []string
		for _, ev := range p["events"].([]any) {
			steps = append(steps, ev.(map[string]any)["status"].(string))
		}
		if strings.Join(steps, ",") != "held,transferred" {
			t.Errorf("steps %v", steps)
		}
		adaSocket.readUntil("payment.updated", `"status":"transferred"`)
		if texts := e.notificationTexts(ada, "/api/student/notifications"); !anyContains(texts, `270.00 USD for "Logo" (300.00 USD less the platform's fee of 30.00 USD) was transferred`) {
			t.Errorf("Ada's bell %q", texts)
		}
		if r := e.do("GET", "/api/users/"+startup.ID, startup.Token, nil).Body["paymentRecord"].(map[string]any); r["paid"] != float64(1) {
			t.Errorf("the startup's record %v", r)
		}
		b := e.balances()
		for account, want := range map[string]float64{
			"platform:fees USD": -3000, "stripe:balance USD": 33000, "escrow:task:" + task + " USD": -30000,
			"escrow:task:" + task + ":student:" + ada.ID + " USD": 0,
		} {
			if b[account] != want {
				t.Errorf("%s: %v, want %v", account, b[account], want)
			}
		}
		if n := e.count("audit_events", "type = ? AND target = ?", "payment.changed", p["_id"]); n != 2 {
			t.Errorf("%d trail entries for the payment, want opened and transferred", n)
		}
		if n := e.count("audit_events", "type = ? AND target = ?", "funding.changed", task); n != 1 {
			t.Errorf("%d trail entries for the funding, want 1", n)
		}
	})
}

// TestStripe_awaitingStudentUntilPayoutsEnabled: the pay of a student with no payouts yet waits
// for them (and they are told to connect); once account.updated enables payouts it is held and
// transferred.
func TestStripe_awaitingStudentUntilPayoutsEnabled(t *testing.T) {
	onBothDeploymentsWithStripe(t, nil, func(t *testing.T, e *env, rec *stripeRecorder) {
		startup, bea := e.registerStartup("Await Co"), e.registerStudent("Bea")
		task := e.postTask(startup, map[string]any{"title": "Copy", "budget": map[string]any{"min": 0, "max": 120}})
		e.fund(startup, task, rec)
		e.submitLink(bea, task, "https://example.com/copy")
		if res := e.decide(startup, task, bea.ID, true, ""); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}
		e.app.Money.WorkDue(context.Background())
		if p := e.paymentOf(bea, task); p["status"] != "awaiting_student" || p["method"] != "stripe" {
			t.Errorf("without payouts: %v", p)
		}
		if n := len(rec.find("POST", "/v1/transfers")); n != 0 {
			t.Errorf("%d transfers to a student without payouts", n)
		}
		if texts := e.notificationTexts(bea, "/api/student/notifications"); !anyContains(texts, `120.00 USD for "Copy" is held for you: connect your payout account`) {
			t.Errorf("Bea's bell %q", texts)
		}
		account := e.connectPayouts(bea, rec, false)
		if p := e.paymentOf(bea, task); p["status"] != "awaiting_student" {
			t.Errorf("payouts not enabled yet: %v", p["status"])
		}
		e.mustDeliver(accountEvent(account, true, time.Now().Add(time.Second)))
		p := e.waitPayment(bea, task, "transferred")
		if transfer := rec.last(t, "POST", "/v1/transfers"); transfer.Form.Get("destination") != account || transfer.Form.Get("amount") != "12000" {
			t.Errorf("transfer %v", transfer.Form)
		}
		var steps []string
		for _, ev := range p["events"].([]any) {
			steps = append(steps, ev.(map[string]any)["status"].(string))
		}
		if strings.Join(steps, ",") != "awaiting_student,held,transferred" {
			t.Errorf("steps %v", steps)
		}
	})
}

// TestStripe_failedTransferIsRetried: a transfer Stripe refuses, then one whose answer is lost
// after Stripe made it, are tried again after a backoff that doubles, each time with the same
// idempotency key (so Stripe makes it once); the payment shows failed meanwhile and the success
// moves it to transferred, booked once. stripe-mock answers every valid request, so this test's
// transport makes the first two calls fail: the one place the tests stand in for Stripe.
func TestStripe_failedTransferIsRetried(t *testing.T) {
	onBothDeploymentsWithStripe(t, func(c *config.Config) { c.MoneyFirstRetry = 200 * time.Millisecond }, func(t *testing.T, e *env, rec *stripeRecorder) {
		startup, cy := e.registerStartup("Retry Co"), e.registerStudent("Cy")
		var mu sync.Mutex
		transfers := 0
		rec.intercept = func(req *http.Request, call stripeCall) (*http.Response, error) {
			if call.Method != "POST" || call.Path != "/v1/transfers" {
				return nil, nil
			}
			mu.Lock()
			transfers++
			n := transfers
			mu.Unlock()
			switch n {
			case 1:
				return &http.Response{StatusCode: http.StatusInternalServerError, Header: http.Header{"Content-Type": {"application/json"}},
					Body: io.NopCloser(strings.NewReader(`{"error":{"type":"api_error","message":"Stripe is having a bad day"}}`)), Request: req}, nil
			case 2:
				res, err := http.DefaultTransport.RoundTrip(req) // Stripe makes it, and the answer is lost
				if err == nil {
					res.Body.Close()
				}
				return nil, fmt.Errorf("connection reset after the request was sent")
			}
			return nil, nil
		}
		e.connectPayouts(cy, rec, true)
		task := e.postTask(startup, map[string]any{"budget": map[string]any{"min": 0, "max": 50}})
		e.fund(startup, task, rec)
		e.submitLink(cy, task, "https://example.com/cy")
		e.decide(startup, task, cy.ID, true, "")
		p := e.waitPayment(cy, task, "transferred")

		calls := rec.find("POST", "/v1/transfers")
		if len(calls) != 3 || calls[0].Status != 500 || calls[1].Status != 0 || calls[2].Status != http.StatusOK {
			t.Fatalf("transfer calls %+v, want a 500, a lost answer and a 200", calls)
		}
		for _, c := range calls {
			if c.IdempotencyKey != calls[0].IdempotencyKey || c.Form.Encode() != calls[0].Form.Encode() {
				t.Errorf("a retry sent key %q and %v; the first %q and %v", c.IdempotencyKey, c.Form, calls[0].IdempotencyKey, calls[0].Form)
			}
		}
		if first, second := calls[1].At.Sub(calls[0].At), calls[2].At.Sub(calls[1].At); first < 200*time.Millisecond || second < 400*time.Millisecond {
			t.Errorf("retried after %s and %s, want at least 200ms and then 400ms", first, second)
		}
		var steps []string
		for _, ev := range p["events"].([]any) {
			steps = append(steps, ev.(map[string]any)["status"].(string))
		}
		if strings.Join(steps, ",") != "held,failed,transferred" {
			t.Errorf("steps %v", steps)
		}
		if n := e.count("ledger_entries", "kind = ? AND payment_id = ?", "transferred", p["_id"]); n != 3 {
			t.Errorf("%d transferred entries, want one posting of three", n)
		}
		var job struct {
			Attempts  int
			LastError string
		}
		e.app.DB.Table("money_jobs").Select("attempts, last_error").Where("payment_id = ? AND done_at IS NOT NULL", p["_id"]).Scan(&job)
		if job.Attempts != 3 || job.LastError != "" {
			t.Errorf("the job: %+v, want done after 3 attempts", job)
		}
	})
}

// TestStripe_restartBetweenApprovalAndTransfer: the server stops while its transfer is on the
// way to Stripe; the next start on the same database (and Redis) makes it once, with the same
// idempotency key, and books it once.
func TestStripe_restartBetweenApprovalAndTransfer(t *testing.T) {
	mock := testenv.StripeMock(t)
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			cfg := baseConfig(t, withStripe(mock, nil))
			db := testenv.OpenDB(t, kind)
			var rdb *redis.Client
			if kind == testenv.Postgres {
				rdb, cfg.RedisPrefix = testenv.Redis(t)
			}
			reached := make(chan struct{})
			var once sync.Once
			before := &stripeRecorder{intercept: func(req *http.Request, call stripeCall) (*http.Response, error) {
				if call.Path != "/v1/transfers" {
					return nil, nil
				}
				once.Do(func() { close(reached) })
				<-req.Context().Done() // the process stops before Stripe answers
				return nil, req.Context().Err()
			}}
			first := newEnvStripe(t, cfg, db, rdb, io.Discard, &http.Client{Transport: before})
			startup, dee := first.registerStartup("Restart Co"), first.registerStudent("Dee")
			first.connectPayouts(dee, before, true)
			task := first.postTask(startup, map[string]any{"budget": map[string]any{"min": 0, "max": 75}})
			first.fund(startup, task, before)
			first.submitLink(dee, task, "https://example.com/dee")
			if res := first.decide(startup, task, dee.ID, true, ""); res.Status != http.StatusOK {
				t.Fatalf("approve: %d %s", res.Status, res.Raw)
			}
			select {
			case <-reached:
			case <-time.After(15 * time.Second):
				t.Fatal("the transfer never left")
			}
			first.stop()
			var status string
			db.Table("payments").Select("status").Where("task_id = ?", task).Scan(&status)
			if status != "held" {
				t.Fatalf("before the restart: %q", status)
			}

			after := &stripeRecorder{}
			second := newEnvStripe(t, cfg, db, rdb, io.Discard, &http.Client{Transport: after})
			p := second.waitPayment(dee, task, "transferred")
			calls := after.find("POST", "/v1/transfers")
			if len(calls) != 1 || calls[0].Status != http.StatusOK {
				t.Fatalf("after the restart, transfers %+v, want one", calls)
			}
			if key := before.last(t, "POST", "/v1/transfers").IdempotencyKey; calls[0].IdempotencyKey != key || key == "" {
				t.Errorf("keys %q before and %q after the restart", key, calls[0].IdempotencyKey)
			}
			if n := second.count("ledger_entries", "kind = ? AND payment_id = ?", "transferred", p["_id"]); n != 3 {
				t.Errorf("%d transferred entries, want one posting", n)
			}
			if n := second.count("money_jobs", "payment_id = ?", p["_id"]); n != 1 {
				t.Errorf("%d jobs for the payment", n)
			}
		})
	}
}

// TestStripe_refundsWhatThePlacesDidNotSpend: completing a funded task refunds the rest of its
// funding, a partial refund on the Checkout's payment intent, booked once; the startup is told.
func TestStripe_refundsWhatThePlacesDidNotSpend(t *testing.T) {
	onBothDeploymentsWithStripe(t, nil, func(t *testing.T, e *env, rec *stripeRecorder) {
		startup, ada, bob := e.registerStartup("Refund Co"), e.registerStudent("Ada"), e.registerStudent("Bob")
		e.connectPayouts(ada, rec, true)
		task := e.postTask(startup, map[string]any{"title": "Tests", "seats": 3, "budget": map[string]any{"min": 50, "max": 100}})
		_, intent := e.fund(startup, task, rec)
		e.submitLink(ada, task, "https://example.com/a")
		e.submitLink(bob, task, "https://example.com/b")
		if res := e.do("POST", "/api/startup/tasks/"+task+"/approve", startup.Token, map[string]any{"studentId": ada.ID, "approve": true, "payAmount": 60}); res.Status != http.StatusOK {
			t.Fatalf("approve Ada: %d %s", res.Status, res.Raw)
		}
		if len(rec.find("POST", "/v1/refunds")) != 0 {
			t.Fatal("a refund before the task completed")
		}
		if res := e.decideClosing(startup, task, bob.ID); res.Status != http.StatusOK {
			t.Fatalf("approve Bob, closing: %d %s", res.Status, res.Raw)
		}
		e.waitPayment(ada, task, "transferred")
		deadline := time.Now().Add(10 * time.Second)
		for e.funding(startup, task)["status"] != "refunded" && time.Now().Before(deadline) {
			e.app.Money.WorkDue(context.Background())
			time.Sleep(20 * time.Millisecond)
		}
		refunds := rec.find("POST", "/v1/refunds")
		if len(refunds) != 1 {
			t.Fatalf("%d refunds, want 1", len(refunds))
		}
		r := refunds[0]
		if r.Status != http.StatusOK || r.Form.Get("payment_intent") != intent || r.Form.Get("amount") != "14000" ||
			!strings.HasPrefix(r.IdempotencyKey, "refund:") || r.Form.Get("metadata[taskId]") != task {
			t.Errorf("refund %d %v key %q, want 140.00 of %s (300 funded, 60 and 100 paid)", r.Status, r.Form, r.IdempotencyKey, intent)
		}
		if f := e.funding(startup, task); f["status"] != "refunded" || f["amount"] != float64(30000) {
			t.Errorf("funding %v", f)
		}
		var refunded int64
		e.app.DB.Table("tasks").Select("funding_refunded").Where("id = ?", task).Scan(&refunded)
		if refunded != 14000 {
			t.Errorf("funding_refunded %d", refunded)
		}
		if p := e.paymentOf(bob, task); p["status"] != "awaiting_student" || p["amount"] != float64(10000) {
			t.Errorf("Bob's pay %v, held for him", p)
		}
		if b := e.balances(); b["escrow:task:"+task+" USD"] != 0 || b["escrow:task:"+task+":student:"+bob.ID+" USD"] != -10000 || b["stripe:balance USD"] != 30000-6000-14000 {
			t.Errorf("balances %v", b)
		}
		if texts := e.notificationTexts(startup, "/api/startup/notifications"); !anyContains(texts, `140.00 USD of your funding for "Tests", which its paid places did not spend, was refunded.`) {
			t.Errorf("the startup's bell %q", texts)
		}
		e.app.Money.WorkDue(context.Background())
		if n := len(rec.find("POST", "/v1/refunds")); n != 1 {
			t.Errorf("%d refunds after more work, want still 1", n)
		}
	})
}

// TestStripe_fundAnotherPlace: closeTask false on a funded task's last place needs the place it
// adds funded first (409, nothing changes); a second Checkout for budget.max adds to the funding,
// and then it does. An unfunded paid task keeps paying as offline: due, and a place added freely.
func TestStripe_fundAnotherPlace(t *testing.T) {
	onBothDeploymentsWithStripe(t, nil, func(t *testing.T, e *env, rec *stripeRecorder) {
		startup, ada, bob := e.registerStartup("Place Co"), e.registerStudent("Ada"), e.registerStudent("Bob")
		task := e.postTask(startup, map[string]any{"budget": map[string]any{"min": 10, "max": 200}})
		e.fund(startup, task, rec)
		e.submitLink(ada, task, "https://example.com/a")
		e.submitLink(bob, task, "https://example.com/b")
		res := e.decideKeepingOpen(startup, task, ada.ID)
		if res.Status != http.StatusConflict || res.field("message") != "All 1 paid places of this task are filled: fund another place to approve more" {
			t.Fatalf("keeping open, unfunded place: %d %s", res.Status, res.Raw)
		}
		if status, _ := e.submissionStatus(startup, task, ada.ID); status != "pending" || len(e.walkList("/api/payments", ada.Token)) != 0 {
			t.Errorf("the refused approval changed something: %s", status)
		}
		checkout, _ := e.fund(startup, task, rec)
		if checkout.Form.Get("line_items[0][quantity]") != "1" || checkout.Form.Get("line_items[0][price_data][unit_amount]") != "20000" {
			t.Errorf("another place's checkout %v", checkout.Form)
		}
		if f := e.funding(startup, task); f["status"] != "funded" || f["amount"] != float64(40000) {
			t.Errorf("funded twice: %v", f)
		}
		if res := e.decideKeepingOpen(startup, task, ada.ID); res.Status != http.StatusOK {
			t.Fatalf("keeping open, place funded: %d %s", res.Status, res.Raw)
		}
		if task := e.taskOf(startup, task); task.Body["seats"] != float64(2) || task.field("status") == "completed" {
			t.Errorf("after the funded place: %s", task.Raw)
		}
		if res := e.decide(startup, task, bob.ID, true, ""); res.Status != http.StatusOK {
			t.Fatalf("approve Bob: %d %s", res.Status, res.Raw)
		}
		for _, s := range []user{ada, bob} {
			if p := e.paymentOf(s, task); p["status"] != "awaiting_student" {
				t.Errorf("%s's pay %v", s.Email, p["status"])
			}
		}
		e.app.Money.WorkDue(context.Background())
		if n := len(rec.find("POST", "/v1/refunds")); n != 0 {
			t.Errorf("%d refunds of a funding spent whole", n)
		}

		// Unfunded: the startup pays directly, as offline.
		unfunded := e.postTask(startup, nil)
		e.submitLink(ada, unfunded, "https://example.com/u")
		if res := e.decideKeepingOpen(startup, unfunded, ada.ID); res.Status != http.StatusOK {
			t.Fatalf("unfunded, keeping open: %d %s", res.Status, res.Raw)
		}
		if p := e.paymentOf(ada, unfunded); p["status"] != "due" || p["method"] != "" {
			t.Errorf("an unfunded task's pay %v", p)
		}
		if task := e.taskOf(startup, unfunded); task.Body["seats"] != float64(2) {
			t.Errorf("an unfunded task kept open: seats %v", task.Body["seats"])
		}
	})
}

// TestStripe_fundingRules: only a paid task that is not completed is funded; a paid Checkout
// whose two task fields disagree, or name no task here, books nothing; money arriving for a task
// completed meanwhile goes back whole.
func TestStripe_fundingRules(t *testing.T) {
	onBothDeploymentsWithStripe(t, nil, func(t *testing.T, e *env, rec *stripeRecorder) {
		startup, ada := e.registerStartup("Rules Co"), e.registerStudent("Ada")
		unpaid := e.postTask(startup, map[string]any{"budget": map[string]any{"min": 0, "max": 0}})
		if res := e.do("POST", "/api/startup/tasks/"+unpaid+"/funding", startup.Token, nil); res.Status != http.StatusConflict ||
			res.field("message") != "This task is unpaid: there is nothing to fund." {
			t.Errorf("funding an unpaid task: %d %s", res.Status, res.Raw)
		}
		task := e.postTask(startup, map[string]any{"budget": map[string]any{"min": 0, "max": 40}})
		res := e.do("POST", "/api/startup/tasks/"+task+"/funding", startup.Token, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("funding: %d %s", res.Status, res.Raw)
		}
		session := rec.last(t, "POST", "/v1/checkout/sessions").Body["id"].(string)
		for name, event := range map[string]map[string]any{
			"fields disagree":  checkoutEvent(session, unpaid, task, "pi_a", 4000, "usd"),
			"no task here":     checkoutEvent(session, "00000000-0000-7000-8000-000000000009", "00000000-0000-7000-8000-000000000009", "pi_b", 4000, "usd"),
			"another currency": checkoutEvent(session, task, task, "pi_c", 4000, "eur"),
		} {
			e.mustDeliver(event)
			if f := e.funding(startup, task); f["status"] != "pending" || f["amount"] != float64(0) {
				t.Errorf("%s: funding %v", name, f)
			}
		}
		// Completed while its Checkout was open: the money arrives, and goes back.
		e.submitLink(ada, task, "https://example.com/a")
		e.decide(startup, task, ada.ID, true, "")
		if p := e.paymentOf(ada, task); p["status"] != "due" {
			t.Errorf("approved before the funding arrived: %v", p["status"])
		}
		if res := e.do("POST", "/api/startup/tasks/"+task+"/funding", startup.Token, nil); res.Status != http.StatusConflict {
			t.Errorf("funding a completed task: %d", res.Status)
		}
		e.mustDeliver(checkoutEvent(session, task, task, "pi_late", 4000, "usd"))
		deadline := time.Now().Add(10 * time.Second)
		for len(rec.find("POST", "/v1/refunds")) == 0 && time.Now().Before(deadline) {
			e.app.Money.WorkDue(context.Background())
			time.Sleep(20 * time.Millisecond)
		}
		if r := rec.last(t, "POST", "/v1/refunds"); r.Form.Get("amount") != "4000" || r.Form.Get("payment_intent") != "pi_late" {
			t.Errorf("refund %v", r.Form)
		}
		for e.funding(startup, task)["status"] != "refunded" && time.Now().Before(deadline) {
			e.app.Money.WorkDue(context.Background())
			time.Sleep(20 * time.Millisecond)
		}
		if f := e.funding(startup, task); f["status"] != "refunded" {
			t.Errorf("funding %v", f)
		}
	})
}

// TestStripe_automaticApproval: on a funded task assigned to one student, work the startup
// neither decides nor sends back within REVIEW_WINDOW of its latest revision is approved and
// paid automatically, as the startup's approval with an entry saying so; both are warned once,
// REVIEW_WARNING before. Not on an unassigned task, nor on an unfunded one.
func TestStripe_automaticApproval(t *testing.T) {
	onBothDeploymentsWithStripe(t, nil, func(t *testing.T, e *env, rec *stripeRecorder) {
		startup, ada, bob, cy := e.registerStartup("Slow Co"), e.registerStudent("Ada"), e.registerStudent("Bob"), e.registerStudent("Cy")
		e.connectPayouts(ada, rec, true)
		assigned := e.postTask(startup, map[string]any{"title": "Assigned", "assignedStudent": ada.ID, "budget": map[string]any{"min": 0, "max": 90}})
		open := e.postTask(startup, map[string]any{"title": "Open", "budget": map[string]any{"min": 0, "max": 90}})
		unfunded := e.postTask(startup, map[string]any{"title": "Unfunded", "assignedStudent": cy.ID, "budget": map[string]any{"min": 0, "max": 90}})
		e.fund(startup, assigned, rec)
		e.fund(startup, open, rec)
		start := time.Now().UTC()
		e.submitLink(ada, assigned, "https://example.com/ada")
		e.review(startup, assigned, ada.ID) // under review: still no decision
		e.submitLink(bob, open, "https://example.com/bob")
		e.submitLink(cy, unfunded, "https://example.com/cy")

		clock := start
		e.app.Tasks.Now = func() time.Time { return clock }
		release := func(at time.Duration) int {
			t.Helper()
			clock = start.Add(at)
			n, err := e.app.Tasks.ReleaseOverdue(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		warning := `is approved and paid automatically on`
		if n := release(10 * 24 * time.Hour); n != 0 || anyContains(e.notificationTexts(startup, "/api/startup/notifications"), warning) {
			t.Fatalf("day 10: %d released, or warned", n)
		}
		release(11*24*time.Hour + time.Hour)
		release(11*24*time.Hour + 2*time.Hour) // warned once only
		when := start.Add(14 * 24 * time.Hour).Format("2 January 2006")
		var warnings int
		for _, text := range e.notificationTexts(startup, "/api/startup/notifications") {
			if strings.Contains(text, warning) && strings.Contains(text, "Ada Tester") && strings.Contains(text, when) {
				warnings++
			}
		}
		if warnings != 1 {
			t.Errorf("%d warnings to the startup, want 1 naming %s", warnings, when)
		}
		if texts := e.notificationTexts(ada, "/api/student/notifications"); !anyContains(texts, `Slow Co has until `+when) {
			t.Errorf("Ada's bell %q", texts)
		}
		if texts := e.notificationTexts(cy, "/api/student/notifications"); anyContains(texts, "has until") {
			t.Errorf("warned on an unfunded task: %q", texts)
		}
		if status, _ := e.submissionStatus(startup, assigned, ada.ID); status != "under-review" {
			t.Fatalf("before the window ends: %s", status)
		}

		if n := release(14*24*time.Hour + time.Minute); n != 1 {
			t.Errorf("released %d, want Ada's alone", n)
		}
		if status, taskStatus := e.submissionStatus(startup, assigned, ada.ID); status != "approved" || taskStatus != "completed" {
			t.Errorf("after the window: %s, task %s", status, taskStatus)
		}
		for id, s := range map[string]user{open: bob, unfunded: cy} {
			if status, _ := e.submissionStatus(startup, id, s.ID); status != "pending" {
				t.Errorf("%s: %s, want pending (unassigned or unfunded)", id, status)
			}
		}
		e.waitPayment(ada, assigned, "transferred")
		if texts := e.notificationTexts(ada, "/api/student/notifications"); !anyContains(texts, `was approved automatically: no decision came within the review window`) {
			t.Errorf("Ada's bell %q", texts)
		}
		if texts := e.notificationTexts(startup, "/api/startup/notifications"); !anyContains(texts, `Ada Tester's work on "Assigned" (revision 1) was approved and paid automatically`) {
			t.Errorf("the startup's bell %q", texts)
		}
		var entry struct{ ActorID, Detail string }
		e.app.DB.Table("audit_events").Select("actor_id, detail").Where("type = ? AND subject_id = ?", "submission.approved", ada.ID).Scan(&entry)
		if entry.ActorID != startup.ID || !strings.HasPrefix(entry.Detail, tasks.AutomaticNote) {
			t.Errorf("the trail's entry %+v", entry)
		}
		if n := release(30 * 24 * time.Hour); n != 0 {
			t.Errorf("released %d more", n)
		}
	})
}
