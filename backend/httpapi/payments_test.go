package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// paidWork posts a paid task as startup (budget {min, max} in currency, seats paid places),
// has the student submit to it and the startup approve, and returns the task and the payment.
func (e *env) paidWork(startup, student user, overrides map[string]any) (taskID string, payment map[string]any) {
	e.t.Helper()
	taskID = e.postTask(startup, overrides)
	e.submitLink(student, taskID, "https://example.com/work/"+student.ID)
	if res := e.decide(startup, taskID, student.ID, true, ""); res.Status != http.StatusOK {
		e.t.Fatalf("approve: %d %s", res.Status, res.Raw)
	}
	return taskID, e.paymentOf(student, taskID)
}

// paymentOf is the student's payment for the task, as the student lists it.
func (e *env) paymentOf(student user, taskID string) map[string]any {
	e.t.Helper()
	for _, p := range e.walkList("/api/payments", student.Token) {
		if p["task"].(map[string]any)["_id"] == taskID {
			return p
		}
	}
	e.t.Fatalf("no payment for task %s among %s's", taskID, student.Email)
	return nil
}

func (e *env) paymentStep(who user, paymentID, step string, body any) response {
	e.t.Helper()
	return e.do("POST", "/api/payments/"+paymentID+"/"+step, who.Token, body)
}

// TestPayments_approvalOpensAPaymentInMinorUnits: approving paid work opens a due payment for the
// amount the startup confirms, within the budget (its max by default), as an integer in the
// currency's minor unit by its ISO 4217 exponent; outside the budget is a 400 that approves
// nothing; an unpaid task opens none.
func TestPayments_approvalOpensAPaymentInMinorUnits(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Pay Co")
		ada := e.registerStudent("Ada")
		_, p := e.paidWork(startup, ada, map[string]any{"budget": map[string]any{"min": 100, "max": 300}})
		if p["amount"] != float64(30000) || p["currency"] != "USD" || p["status"] != "due" || p["revision"] != float64(1) {
			t.Errorf("default payment %v, want 30000 USD cents, due, revision 1", p)
		}
		if s := p["startup"].(map[string]any); s["companyName"] != "Pay Co" {
			t.Errorf("startup %v", s)
		}

		for _, c := range []struct {
			currency string
			pay      any
			status   int
			amount   float64
		}{
			{"USD", 150.25, http.StatusOK, 15025},
			{"USD", 99.99, http.StatusBadRequest, 0},
			{"USD", 300.01, http.StatusBadRequest, 0},
			{"USD", 150.255, http.StatusBadRequest, 0},
			{"USD", "150", http.StatusBadRequest, 0},
			{"JPY", 200, http.StatusOK, 200},
			{"JPY", 150.5, http.StatusBadRequest, 0},
			{"KWD", 150.125, http.StatusOK, 150125},
		} {
			student := e.registerStudent("Pay")
			id := e.postTask(startup, map[string]any{"currency": c.currency, "budget": map[string]any{"min": 100, "max": 300}})
			e.submitLink(student, id, "https://example.com/x")
			res := e.do("POST", "/api/startup/tasks/"+id+"/approve", startup.Token, map[string]any{"studentId": student.ID, "approve": true, "payAmount": c.pay})
			if res.Status != c.status {
				t.Errorf("%v %s: %d %s, want %d", c.pay, c.currency, res.Status, res.Raw, c.status)
				continue
			}
			if c.status != http.StatusOK {
				if status, _ := e.submissionStatus(startup, id, student.ID); status != "pending" {
					t.Errorf("a refused pay amount approved the work: %s", status)
				}
				continue
			}
			if got := e.paymentOf(student, id); got["amount"] != c.amount {
				t.Errorf("%v %s: amount %v, want %v", c.pay, c.currency, got["amount"], c.amount)
			}
		}

		unpaid := e.postTask(startup, map[string]any{"budget": map[string]any{"min": 0, "max": 0}})
		bea := e.registerStudent("Bea")
		e.submitLink(bea, unpaid, "https://example.com/free")
		if res := e.do("POST", "/api/startup/tasks/"+unpaid+"/approve", startup.Token, map[string]any{"studentId": bea.ID, "approve": true, "payAmount": 10}); res.Status != http.StatusBadRequest {
			t.Errorf("paying on an unpaid task: %d %s, want 400", res.Status, res.Raw)
		}
		if res := e.decide(startup, unpaid, bea.ID, true, ""); res.Status != http.StatusOK {
			t.Fatalf("approve unpaid: %d %s", res.Status, res.Raw)
		}
		if list := e.walkList("/api/payments", bea.Token); len(list) != 0 {
			t.Errorf("an unpaid task opened payments: %v", list)
		}
	})
}

// TestPayments_everyStatusByEveryAction walks the offline transition table over HTTP as every
// caller: each side takes only its own steps, along the table (else 409, and nothing changes);
// the other startup, the other student and the admin change nothing.
func TestPayments_everyStatusByEveryAction(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, other := e.registerStartup("Table Co"), e.registerStartup("Other Co")
		stranger, admin := e.registerStudent("Stranger"), e.admin()
		sent := map[string]any{"method": "bank-transfer", "reference": "TXN-1"}
		note := map[string]any{"note": "Nothing arrived in my account"}
		reach := map[string]func(startup, student user, id string){
			"due": func(user, user, string) {},
			"sent": func(st, s user, id string) {
				e.paymentStep(st, id, "sent", sent)
			},
			"received": func(st, s user, id string) {
				e.paymentStep(st, id, "sent", sent)
				e.paymentStep(s, id, "received", nil)
			},
			"disputed": func(st, s user, id string) {
				e.paymentStep(st, id, "sent", sent)
				e.paymentStep(s, id, "not-received", note)
			},
		}
		steps := map[string]any{"sent": sent, "received": nil, "not-received": note}
		allowed := map[string]map[string]string{ // status → step → the status after it, for its own side
			"due":      {"sent": "sent"},
			"sent":     {"received": "received", "not-received": "disputed"},
			"disputed": {"sent": "sent", "received": "received"},
		}
		sideOf := map[string]string{"sent": "startup", "received": "student", "not-received": "student"}
		for _, status := range []string{"due", "sent", "received", "disputed"} {
			for _, step := range []string{"sent", "received", "not-received"} {
				for _, caller := range []string{"startup", "student", "other startup", "other student", "admin"} {
					t.Run(status+"/"+step+"/"+caller, func(t *testing.T) {
						student := e.registerStudent("Side")
						_, p := e.paidWork(startup, student, nil)
						id := p["_id"].(string)
						reach[status](startup, student, id)
						if got := e.paymentOf(student, id0(p)); got["status"] != status {
							t.Fatalf("setup reached %v, want %s", got["status"], status)
						}
						who := map[string]user{"startup": startup, "student": student, "other startup": other,
							"other student": stranger, "admin": admin}[caller]
						res := e.paymentStep(who, id, step, steps[step])
						after := e.paymentOf(student, id0(p))["status"]
						want, ok := allowed[status][step]
						switch {
						case ok && caller == sideOf[step]:
							if res.Status != http.StatusOK || res.field("status") != want || after != want {
								t.Errorf("%s %s on %s: %d %s, status %v; want 200 and %s", caller, step, status, res.Status, res.Raw, after, want)
							}
						case res.Status < 400 || after != status:
							t.Errorf("%s %s on %s: %d %s, status %v; want a refusal that changes nothing", caller, step, status, res.Status, res.Raw, after)
						}
					})
				}
			}
		}
	})
}

// id0 is the task id of a listed payment.
func id0(p map[string]any) string { return p["task"].(map[string]any)["_id"].(string) }

// TestPayments_stepsAreRecordedAndToldToTheOtherSide: each step is an event both sides read,
// the other side hears of it live (payment.updated) and in the bell, validation refuses a bad
// method or a missing note with the field's message, and every list shows only one's own.
func TestPayments_stepsAreRecordedAndToldToTheOtherSide(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada, bob := e.registerStartup("Told Co"), e.registerStudent("Ada"), e.registerStudent("Bob")
		task, p := e.paidWork(startup, ada, map[string]any{"title": "Logo"})
		e.paidWork(startup, bob, nil)
		id := p["_id"].(string)
		adaSocket, startupSocket := e.connect(ada), e.connect(startup)

		for body, field := range map[string]string{`{"method": "cash"}`: "method", `{"method": "upi", "reference": "` + strings.Repeat("x", 201) + `"}`: "reference"} {
			if res := e.paymentStep(startup, id, "sent", body); res.Status != http.StatusBadRequest || res.fieldError(field) == "" {
				t.Errorf("sent %s: %d %s, want 400 on %s", body, res.Status, res.Raw, field)
			}
		}
		if res := e.paymentStep(startup, id, "sent", map[string]any{"method": "upi", "reference": "UPI-77"}); res.Status != http.StatusOK ||
			res.field("method") != "upi" || res.field("reference") != "UPI-77" {
			t.Fatalf("sent: %d %s", res.Status, res.Raw)
		}
		adaSocket.readUntil("payment.updated", `"status":"sent"`)
		if texts := e.notificationTexts(ada, "/api/student/notifications"); !anyContains(texts, `Told Co marked 300.00 USD for "Logo" as sent (upi)`) {
			t.Errorf("Ada's bell %q", texts)
		}
		if res := e.paymentStep(ada, id, "not-received", map[string]any{"note": "  "}); res.Status != http.StatusBadRequest ||
			res.fieldError("note") != "Say what is wrong: a note is required" {
			t.Errorf("a blank note: %d %s", res.Status, res.Raw)
		}
		if res := e.paymentStep(ada, id, "not-received", map[string]any{"note": "Not in my account yet"}); res.Status != http.StatusOK {
			t.Fatalf("not received: %d %s", res.Status, res.Raw)
		}
		startupSocket.readUntil("payment.updated", `"status":"disputed"`)
		bell := decodeList(t, e.do("GET", "/api/startup/notifications", startup.Token, nil))
		if len(bell) == 0 || !strings.Contains(bell[0]["message"].(string), "has not received 300.00 USD") ||
			bell[0]["quote"] != "Not in my account yet" || bell[0]["quoteAuthor"] != "Ada Tester" {
			t.Errorf("the startup's bell %v, want the note quoted under Ada's name", bell)
		}

		got := e.do("GET", "/api/payments/"+id, startup.Token, nil)
		var events []string
		for _, ev := range got.Body["events"].([]any) {
			ev := ev.(map[string]any)
			events = append(events, ev["status"].(string)+":"+ev["note"].(string))
		}
		if strings.Join(events, ",") != "due:,sent:,disputed:Not in my account yet" {
			t.Errorf("events %v", events)
		}
		for who, want := range map[string]int{"ada": 1, "bob": 1, "startup": 2, "admin": 2} {
			token := map[string]string{"ada": ada.Token, "bob": bob.Token, "startup": startup.Token, "admin": e.admin().Token}[who]
			if n := len(e.walkList("/api/payments", token)); n < want || (who != "admin" && n != want) {
				t.Errorf("%s lists %d payments, want %d", who, n, want)
			}
		}
		if res := e.do("GET", "/api/payments/"+id, bob.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("another student reads Ada's payment: %d", res.Status)
		}
		if res := e.do("GET", "/api/payments?status=unknown", ada.Token, nil); res.Status != http.StatusBadRequest {
			t.Errorf("an unknown status filter: %d", res.Status)
		}
		if list := e.walkList("/api/payments?status=disputed", startup.Token); len(list) != 1 || id0(list[0]) != task {
			t.Errorf("the disputed filter: %v", list)
		}
	})
}

// TestPayments_paymentRecord: a startup's record counts its paid approvals, what reached the
// students, the disputes until their student confirms, and the median days to pay; its task
// cards, task page and profile carry it; the startup cannot edit it.
func TestPayments_paymentRecord(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Record Co")
		clock := time.Now().UTC()
		e.app.Tasks.Now = func() time.Time { return clock }
		e.app.Payments.Now = func() time.Time { return clock }
		record := func() map[string]any {
			t.Helper()
			return e.do("GET", "/api/users/"+startup.ID, startup.Token, nil).Body["paymentRecord"].(map[string]any)
		}
		if r := record(); r["approved"] != float64(0) || r["medianDaysToPay"] != nil {
			t.Errorf("a new startup's record %v", r)
		}
		var ids []string
		var students []user
		for i := range 4 {
			s := e.registerStudent(fmt.Sprintf("S%d", i))
			_, p := e.paidWork(startup, s, nil)
			ids, students = append(ids, p["_id"].(string)), append(students, s)
		}
		for i, days := range []int{1, 3, 8} { // three paid after 1, 3 and 8 days: median 3
			clock = time.Now().UTC().AddDate(0, 0, days)
			e.paymentStep(startup, ids[i], "sent", map[string]any{"method": "paypal"})
			e.paymentStep(students[i], ids[i], "received", nil)
		}
		e.paymentStep(startup, ids[3], "sent", map[string]any{"method": "other"})
		e.paymentStep(students[3], ids[3], "not-received", map[string]any{"note": "Nothing came"})
		r := record()
		if r["approved"] != float64(4) || r["paid"] != float64(3) || r["disputed"] != float64(1) {
			t.Errorf("record %v, want 4 approved, 3 paid, 1 disputed", r)
		}
		if m, _ := r["medianDaysToPay"].(float64); m < 2.9 || m > 3.1 {
			t.Errorf("median %v days, want 3", r["medianDaysToPay"])
		}
		// Sent again, the dispute stays on the record until the student confirms.
		e.paymentStep(startup, ids[3], "sent", map[string]any{"method": "bank-transfer"})
		if r := record(); r["disputed"] != float64(1) {
			t.Errorf("sent again: disputed %v, want still 1", r["disputed"])
		}
		e.paymentStep(students[3], ids[3], "received", nil)
		if r := record(); r["disputed"] != float64(0) || r["paid"] != float64(4) {
			t.Errorf("confirmed: %v", r)
		}

		open := e.postTask(startup, map[string]any{"title": "Shows its record"})
		for _, path := range []string{"/api/tasks", "/api/tasks/" + open} {
			res := e.do("GET", path, "", nil)
			var task map[string]any
			if strings.HasSuffix(path, open) {
				task = res.Body
			} else {
				for _, it := range decodeList(t, res) {
					if it["_id"] == open {
						task = it
					}
				}
			}
			if rec, _ := task["startup"].(map[string]any)["paymentRecord"].(map[string]any); rec["paid"] != float64(4) {
				t.Errorf("%s: the startup's record %v", path, task["startup"])
			}
		}
		if res := e.do("PUT", "/api/startup/profile", startup.Token, map[string]any{"companyName": "Record Co", "industry": "x",
			"paymentRecord": map[string]any{"approved": 0, "paid": 100}}); res.Status != http.StatusOK {
			t.Fatalf("profile: %d %s", res.Status, res.Raw)
		}
		if r := record(); r["paid"] != float64(4) {
			t.Errorf("the startup edited its own record: %v", r)
		}
	})
}

// TestSeats: a task pays its seats' approvals; the approval filling the last completes it and
// closes the others' work; one more approval is a 409; closeTask false on the last seat adds one.
func TestSeats(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup := e.registerStartup("Seats Co")
		ada, bob, cy := e.registerStudent("Ada"), e.registerStudent("Bob"), e.registerStudent("Cy")
		if res := e.do("POST", "/api/startup/tasks", startup.Token, validTask(map[string]any{"seats": 51})); res.Status != http.StatusBadRequest ||
			res.fieldError("seats") != "Paid places must be a whole number from 1 to 50" {
			t.Errorf("51 seats: %d %s", res.Status, res.Raw)
		}
		id := e.postTask(startup, map[string]any{"seats": 2})
		for _, s := range []user{ada, bob, cy} {
			e.submitLink(s, id, "https://example.com/"+s.ID)
		}
		e.decide(startup, id, ada.ID, true, "")
		if task := e.taskOf(startup, id); task.field("status") == "completed" || task.Body["seatsFilled"] != float64(1) || task.Body["seats"] != float64(2) {
			t.Errorf("after the first of two seats: %s", task.Raw)
		}
		e.decide(startup, id, bob.ID, true, "")
		if task := e.taskOf(startup, id); task.field("status") != "completed" || task.Body["seatsFilled"] != float64(2) {
			t.Errorf("after the last seat: status %q, filled %v", task.field("status"), task.Body["seatsFilled"])
		}
		if status, _ := e.submissionStatus(startup, id, cy.ID); status != "closed" {
			t.Errorf("Cy's work %q, want closed", status)
		}
		if res := e.decide(startup, id, cy.ID, true, ""); res.Status != http.StatusConflict {
			t.Errorf("one more approval: %d, want 409", res.Status)
		}
		var payments int
		for _, s := range []user{ada, bob, cy} {
			payments += len(e.walkList("/api/payments", s.Token))
		}
		if payments != 2 {
			t.Errorf("%d payments for two seats", payments)
		}

		// closeTask false on the last seat keeps the task open with a seat more.
		more := e.postTask(startup, nil)
		e.submitLink(ada, more, "https://example.com/more")
		e.submitLink(bob, more, "https://example.com/more2")
		if res := e.decideKeepingOpen(startup, more, ada.ID); res.Status != http.StatusOK {
			t.Fatalf("keep open: %d %s", res.Status, res.Raw)
		}
		if task := e.taskOf(startup, more); task.field("status") == "completed" || task.Body["seats"] != float64(2) {
			t.Errorf("kept open: status %q seats %v, want open with 2", task.field("status"), task.Body["seats"])
		}
	})
}

// TestSeats_racingForTheLastSeat: two approvals at once for a task's last seat: one wins, the
// other is refused, and there is one payment.
func TestSeats_racingForTheLastSeat(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada, bob := e.registerStartup("Race Co"), e.registerStudent("Ada"), e.registerStudent("Bob")
		id := e.postTask(startup, nil)
		e.submitLink(ada, id, "https://example.com/a")
		e.submitLink(bob, id, "https://example.com/b")
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		start := make(chan struct{})
		for i, s := range []user{ada, bob} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body, _ := json.Marshal(map[string]any{"studentId": s.ID, "approve": true})
				<-start
				statuses[i] = e.statusOf("POST", "/api/startup/tasks/"+id+"/approve", startup.Token, body)
			}()
		}
		close(start)
		wg.Wait()
		if !(statuses[0] == http.StatusOK && statuses[1] == http.StatusConflict || statuses[0] == http.StatusConflict && statuses[1] == http.StatusOK) {
			t.Errorf("statuses %v, want one 200 and one 409", statuses)
		}
		var n int64
		e.app.DB.Table("payments").Where("task_id = ?", id).Count(&n)
		if n != 1 {
			t.Errorf("%d payments, want 1", n)
		}
	})
}

// TestPayments_receipts: a payment has a receipt, a PDF, from the moment it is sent, for its two
// sides and the admin: the names, the amount, the method and reference.
func TestPayments_receipts(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada, bob := e.registerStartup("Receipt Labs"), e.register(map[string]any{"userType": "student", "firstName": "Ада", "lastName": "Лавлейс"}), e.registerStudent("Bob")
		_, p := e.paidWork(startup, ada, map[string]any{"title": "Логотип", "currency": "INR", "budget": map[string]any{"min": 0, "max": 8000}})
		id := p["_id"].(string)
		if res := e.do("GET", "/api/payments/"+id+"/receipt", ada.Token, nil); res.Status != http.StatusConflict {
			t.Errorf("a due payment's receipt: %d, want 409", res.Status)
		}
		e.paymentStep(startup, id, "sent", map[string]any{"method": "upi", "reference": "UPI/771"})
		for _, who := range []user{ada, startup, e.admin()} {
			res := e.do("GET", "/api/payments/"+id+"/receipt", who.Token, nil)
			if res.Status != http.StatusOK || !bytes.HasPrefix(res.Raw, []byte("%PDF")) || res.Header.Get("Content-Type") != "application/pdf" {
				t.Fatalf("receipt for %s: %d %s", who.Email, res.Status, res.Header)
			}
			text := pdfText(t, res.Raw)
			for _, want := range []string{"Payment receipt", "8000.00 INR", "Receipt Labs", "Ада Лавлейс", "Логотип", "UPI/771", "UPI"} {
				if !strings.Contains(text, want) {
					t.Errorf("the receipt lacks %q:\n%s", want, text)
				}
			}
		}
		if res := e.do("GET", "/api/payments/"+id+"/receipt", bob.Token, nil); res.Status != http.StatusNotFound {
			t.Errorf("another student's receipt: %d, want 404", res.Status)
		}
	})
}

// TestLedger: every step books a balanced transaction; the admin reads the balances and the
// check; a startup whose payment was received owes nothing, its student is owed nothing.
func TestLedger(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		startup, ada, bob := e.registerStartup("Books Co"), e.registerStudent("Ada"), e.registerStudent("Bob")
		_, paid := e.paidWork(startup, ada, nil)
		e.paidWork(startup, bob, nil)
		e.paymentStep(startup, paid["_id"].(string), "sent", map[string]any{"method": "paypal"})
		e.paymentStep(ada, paid["_id"].(string), "received", nil)

		admin := e.admin()
		balances := map[string]float64{}
		for _, b := range decodeList(t, e.do("GET", "/api/admin/ledger?per_page=100", admin.Token, nil)) {
			balances[b["account"].(string)+" "+b["currency"].(string)] = b["balance"].(float64)
		}
		for account, want := range map[string]float64{
			"startup:" + startup.ID + ":payable USD":           -30000, // Bob's, still due
			"student:" + bob.ID + ":receivable USD":            30000,
			"student:" + ada.ID + ":receivable USD":            0,
			"transit:payment:" + paid["_id"].(string) + " USD": 0,
		} {
			if balances[account] != want {
				t.Errorf("%s: %v, want %v (%v)", account, balances[account], want, balances)
			}
		}
		check := e.do("GET", "/api/admin/ledger/check", admin.Token, nil)
		if check.Status != http.StatusOK || check.Body["balanced"] != true {
			t.Errorf("check: %d %s", check.Status, check.Raw)
		}
		// A forged entry unbalances the books, and the check says so.
		if err := e.app.DB.Exec(`INSERT INTO ledger_entries (id, txn_id, kind, account, currency, amount, task_id, payment_id, created_at)
			VALUES (?, ?, 'due', 'student:x:receivable', 'USD', 1, '', '', ?)`, "00000000-0000-7000-8000-000000000001", "00000000-0000-7000-8000-000000000002", time.Now().UTC()).Error; err != nil {
			t.Fatal(err)
		}
		report, err := e.app.Payments.CheckLedger(context.Background())
		if err != nil || report.Balanced || len(report.Problems) != 2 {
			t.Errorf("a forged entry: %+v, %v; want unbalanced, naming the currency and the transaction", report, err)
		}
		if err := e.app.DB.Exec("DELETE FROM ledger_entries WHERE txn_id = ?", "00000000-0000-7000-8000-000000000002").Error; err != nil {
			t.Fatal(err)
		}
	})
}
