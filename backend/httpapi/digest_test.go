package httpapi_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// Email digests (docs/api-contract.md, "Email notifications"): a user away for DIGEST_OFFLINE_AFTER
// gets one mail gathering their unread messages and notifications, at most one per
// DIGEST_MIN_INTERVAL, never for what they read, with a one-click unsubscribe. A real mail server
// (aiosmtpd) receives them.

// withDigests gives each deployment its own mail server. The digest job's own timer is set far
// off: the tests run digests themselves at the moments they choose.
func withDigests(sink **testenv.SMTPSink, t *testing.T) func(*config.Config) {
	return func(c *config.Config) {
		*sink = testenv.StartSMTP(t)
		c.SMTPAddr = (*sink).Addr
		c.DigestOfflineAfter, c.DigestMinInterval, c.DigestCheckEvery = 15*time.Minute, time.Hour, time.Hour
	}
}

// backdate moves everything the digests look at d into the past, as if that much time passed.
func (e *env) backdate(d time.Duration) {
	e.t.Helper()
	shift := []struct{ table, key, column string }{
		{"messages", "id", "created_at"}, {"notifications", "id", "created_at"},
		{"sessions", "id", "last_seen_at"}, {"last_seen", "user_id", "seen_at"},
		{"digest_marks", "user_id, kind", "sent_at"}, {"digest_marks", "user_id, kind", "covered_until"},
	}
	db := e.app.DB
	for _, s := range shift {
		var rows []map[string]any
		if err := db.Table(s.table).Select(s.key + ", " + s.column).Find(&rows).Error; err != nil {
			e.t.Fatal(err)
		}
		for _, r := range rows {
			at, ok := r[s.column].(time.Time)
			if !ok {
				at, _ = time.Parse("2006-01-02 15:04:05.999999999-07:00", r[s.column].(string))
			}
			q := db.Table(s.table)
			for _, k := range strings.Split(s.key, ", ") {
				q = q.Where(k+" = ?", r[k])
			}
			if err := q.Update(s.column, at.Add(-d).UTC()).Error; err != nil {
				e.t.Fatal(err)
			}
		}
	}
}

func (e *env) runDigests() int {
	e.t.Helper()
	n, err := e.app.Digests.Run(context.Background(), time.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

func (e *env) deliver() { e.app.Mail.DeliverDue(context.Background()) }

// mailTo returns the last of mails sent to address.
func mailTo(t *testing.T, mails []testenv.ReceivedMail, address string) testenv.ReceivedMail {
	t.Helper()
	for i := len(mails) - 1; i >= 0; i-- {
		if mails[i].Header.Get("To") == address {
			return mails[i]
		}
	}
	t.Fatalf("no mail to %s in %v", address, mails)
	return testenv.ReceivedMail{}
}

func TestDigest_gathersWhatAUserMissedAtMostOnceAnHour(t *testing.T) {
	var sink *testenv.SMTPSink
	onBothDeploymentsWith(t, withDigests(&sink, t), func(t *testing.T, e *env) {
		rosa, acme, zed := e.registerStudent("Rosa"), e.registerStartup("Acme Labs"), e.registerStartup("Zed")
		e.send(acme, rosa, "Hello Rosa")
		e.send(acme, rosa, "Can you start on Monday?")
		e.send(zed, rosa, "Are you free?")
		task := e.postTask(acme, map[string]any{"title": "Landing page"})
		if res := e.submitLink(rosa, task, "https://example.com/landing"); res.Status != http.StatusOK {
			t.Fatalf("submit: %d %s", res.Status, res.Raw)
		}
		if res := e.decide(acme, task, rosa.ID, true, "Great work"); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Raw)
		}

		// Everyone was here a moment ago: no digest yet.
		if n := e.runDigests(); n != 0 {
			t.Fatalf("queued %d digests for users who were just here", n)
		}
		e.backdate(20 * time.Minute)
		if n := e.runDigests(); n != 2 { // Rosa's, and Acme's (Rosa's submission); Zed missed nothing
			t.Fatalf("queued %d digests, want 2", n)
		}
		mails := sink.WaitMails(t, 2, e.deliver)
		got := mailTo(t, mails, rosa.Email)
		for _, want := range []string{
			"Hi Rosa Tester,",
			"- 2 new messages from Acme Labs\n  " + e.cfg.PublicURL + "/chat/" + acme.ID + "\n  Acme Labs wrote:\n  > Can you start on Monday?\n",
			"- 1 new message from Zed\n",
			"  Zed wrote:\n  > Are you free?\n",
			"Submission updates",
			`"Landing page"`,
			e.cfg.PublicURL + "/settings",
		} {
			if !strings.Contains(got.Text, want) {
				t.Errorf("digest text lacks %q:\n%s", want, got.Text)
			}
		}
		if got.Header.Get("Subject") != "What you missed on Bridgework" || !strings.Contains(got.HTML, `<a href="`+e.cfg.PublicURL+"/chat/"+acme.ID+`">`) {
			t.Errorf("subject %q, html:\n%s", got.Header.Get("Subject"), got.HTML)
		}
		if strings.Contains(got.Text, "Hello Rosa") {
			t.Errorf("a conversation shows its latest message only:\n%s", got.Text)
		}
		// RFC 8058 one-click unsubscribe: the header's link turns every digest off, no sign-in.
		oneClick := regexp.MustCompile(`^<(.+/api/unsubscribe\?token=[^>]+)>$`).FindStringSubmatch(got.Header.Get("List-Unsubscribe"))
		if oneClick == nil || got.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
			t.Fatalf("List-Unsubscribe %q, List-Unsubscribe-Post %q", got.Header.Get("List-Unsubscribe"), got.Header.Get("List-Unsubscribe-Post"))
		}
		startupMail := mailTo(t, mails, acme.Email)
		if !strings.Contains(startupMail.Text, `"Landing page"`) || strings.Contains(startupMail.Text, "Messages") {
			t.Errorf("the startup's digest: %s", startupMail.Text)
		}

		// A message 20 minutes after the digest waits for the hour to pass, then comes alone.
		before := len(sink.Mails(t))
		e.send(acme, rosa, "Any news?")
		e.backdate(20 * time.Minute)
		if n := e.runDigests(); n != 0 {
			t.Fatalf("a second digest within the hour: %d", n)
		}
		e.backdate(45 * time.Minute)
		if n := e.runDigests(); n != 1 {
			t.Fatalf("after the hour: %d digests, want Rosa's", n)
		}
		second := mailTo(t, sink.WaitMails(t, before+1, e.deliver), rosa.Email)
		if !strings.Contains(second.Text, "Acme Labs wrote:\n  > Any news?") || strings.Contains(second.Text, "Monday") || strings.Contains(second.Text, "Landing page") {
			t.Errorf("the second digest must hold only what is new:\n%s", second.Text)
		}

		// What Rosa read before the next run is never mailed.
		e.send(zed, rosa, "Ping")
		e.backdate(2 * time.Hour)
		if res := e.do("POST", "/api/chat/read-all", rosa.Token, nil); res.Status != http.StatusOK {
			t.Fatalf("read-all: %d %s", res.Status, res.Raw)
		}
		e.backdate(time.Hour) // her visit is an hour old too
		if n := e.runDigests(); n != 0 {
			t.Fatalf("%d digests for messages already read", n)
		}

		// The one-click link, posted as a mail client would (form body), turns digests off.
		res := e.do("POST", strings.TrimPrefix(oneClick[1], e.cfg.PublicURL), "", "List-Unsubscribe=One-Click")
		if res.Status != http.StatusOK || res.field("unsubscribed") != "all" {
			t.Fatalf("one-click unsubscribe: %d %s", res.Status, res.Raw)
		}
		settings := e.do("GET", "/api/me/notification-settings", rosa.Token, nil)
		for _, k := range []string{"messages", "submissions", "payments", "taskAlerts"} {
			if settings.field(k) != "off" {
				t.Fatalf("after unsubscribing: %s", settings.Raw)
			}
		}
		e.send(acme, rosa, "Hello again")
		e.backdate(3 * time.Hour)
		if n := e.runDigests(); n != 0 {
			t.Fatalf("%d digests after unsubscribing", n)
		}
	})
}

// TestDigest_quotesWhatUsersWrote: a startup's review notes and chat messages reach a student's
// mail quoted under the startup's name, never as Bridgework's words. Notes written to pass for a
// Bridgework mail (a warning, a link to "confirm", a signature on the lines after) show as one
// quoted paragraph: the first, its whitespace collapsed and wrapped in short "> " lines, its link
// plain text in the quote and never an anchor of the HTML part, and the lines after it cut. The bell carries the notes apart from its message
// too.
func TestDigest_quotesWhatUsersWrote(t *testing.T) {
	const phish = "http://bridgework-login.evil.example/confirm"
	notes := "Bridgework Security Team: your account will be closed… <a href=\"" + phish + "\">Confirm</a> " + phish +
		"\n\nTo keep your account, confirm your password within 24 hours.\n-- The Bridgework Team"
	quoted := "Bridgework Security Team: your account will be closed… <a href=\"" + phish + "\">Confirm</a> " + phish + " …"
	var sink *testenv.SMTPSink
	onBothDeploymentsWith(t, withDigests(&sink, t), func(t *testing.T, e *env) {
		rosa, nimbus := e.registerStudent("Rosa"), e.registerStartup("Nimbus Labs")
		task := e.postTask(nimbus, map[string]any{"title": "Landing page"})
		e.submitLink(rosa, task, "https://example.com/landing")
		if res := e.decide(nimbus, task, rosa.ID, false, notes); res.Status != http.StatusOK {
			t.Fatalf("reject: %d %s", res.Status, res.Raw)
		}
		e.send(nimbus, rosa, "Bridgework Support: your payout is on hold\nReply with your bank details\n-- Bridgework")

		bell := decodeList(t, e.do("GET", "/api/student/notifications", rosa.Token, nil))
		if len(bell) != 1 || bell[0]["message"] != `Your submission for "Landing page" was rejected.` ||
			bell[0]["quote"] != quoted || bell[0]["quoteAuthor"] != "Nimbus Labs" {
			t.Fatalf("the bell: %v", bell)
		}

		e.backdate(20 * time.Minute)
		e.runDigests()
		got := mailTo(t, sink.WaitMails(t, 2, e.deliver), rosa.Email)
		wantText := "- Your submission for \"Landing page\" was rejected.\n  " + e.cfg.PublicURL + "/tasks/" + task + "\n" +
			"  Nimbus Labs wrote:\n" +
			"  > Bridgework Security Team: your account will be closed… <a\n" +
			"  > href=\"" + phish + "\">Confirm</a>\n" +
			"  > " + phish + " …\n"
		for _, want := range []string{wantText, "  Nimbus Labs wrote:\n  > Bridgework Support: your payout is on hold …\n"} {
			if !strings.Contains(got.Text, want) {
				t.Errorf("the text part lacks\n%s\nin:\n%s", want, got.Text)
			}
		}
		for _, cut := range []string{"To keep your account", "The Bridgework Team", "bank details", "-- Bridgework", "Notes:"} {
			if strings.Contains(got.Text, cut) || strings.Contains(got.HTML, cut) {
				t.Errorf("the mail holds %q, which the quote should have cut:\n%s\n%s", cut, got.Text, got.HTML)
			}
		}
		escaped := "Bridgework Security Team: your account will be closed… &lt;a\nhref=&#34;" + phish + "&#34;&gt;Confirm&lt;/a&gt;\n" + phish + " …"
		if !strings.Contains(got.HTML, "<p style=\"margin:4px 0 0;color:#6b7280\">Nimbus Labs wrote:</p>\n<blockquote") ||
			!regexp.MustCompile(`<blockquote[^>]*>`+regexp.QuoteMeta(escaped)+`</blockquote>`).MatchString(got.HTML) {
			t.Errorf("the HTML part does not quote the notes, escaped, under the startup's name:\n%s", got.HTML)
		}
		if strings.Contains(got.HTML, `href="`+phish) || strings.Count(got.HTML, "<a ") != strings.Count(got.HTML, `<a href="`+e.cfg.PublicURL) {
			t.Errorf("the HTML part links somewhere else than Bridgework:\n%s", got.HTML)
		}
	})
}

// The preferences: per type immediate, hourly, daily or off, each honoured by the next run.
func TestDigest_preferencesPerType(t *testing.T) {
	var sink *testenv.SMTPSink
	onBothDeploymentsWith(t, withDigests(&sink, t), func(t *testing.T, e *env) {
		rosa, acme := e.registerStudent("Rosa"), e.registerStartup("Acme")
		if got := e.do("GET", "/api/me/notification-settings", rosa.Token, nil); got.Status != http.StatusOK ||
			got.field("messages") != "hourly" || got.field("submissions") != "hourly" || got.field("payments") != "hourly" || got.field("taskAlerts") != "hourly" {
			t.Fatalf("defaults: %d %s", got.Status, got.Raw)
		}
		bad := e.do("PUT", "/api/me/notification-settings", rosa.Token, map[string]any{"messages": "weekly", "submissions": "off"})
		if bad.Status != http.StatusBadRequest || bad.fieldError("messages") != "Choose immediate, hourly, daily or off" ||
			bad.fieldError("taskAlerts") != "Choose immediate, hourly, daily or off" || bad.fieldError("submissions") != "" {
			t.Fatalf("bad settings: %d %s", bad.Status, bad.Raw)
		}
		if got := e.do("GET", "/api/me/notification-settings", rosa.Token, nil); got.field("submissions") != "hourly" {
			t.Fatalf("a refused save changed something: %s", got.Raw)
		}

		// Messages off, submissions immediate: a decision is mailed at once, messages never.
		saved := e.do("PUT", "/api/me/notification-settings", rosa.Token, map[string]any{"messages": "off", "submissions": "immediate", "payments": "hourly", "taskAlerts": "daily"})
		if saved.Status != http.StatusOK || saved.field("submissions") != "immediate" {
			t.Fatalf("save: %d %s", saved.Status, saved.Raw)
		}
		e.send(acme, rosa, "A message she asked not to be mailed")
		task := e.postTask(acme, map[string]any{"title": "Logo"})
		e.submitLink(rosa, task, "https://example.com/logo")
		e.decide(acme, task, rosa.ID, false, "Not this time")
		if n := e.runDigests(); n != 1 { // Rosa's, though she was here a moment ago; Acme waits
			t.Fatalf("immediate: %d digests, want 1", n)
		}
		got := mailTo(t, sink.WaitMails(t, 1, e.deliver), rosa.Email)
		if !strings.Contains(got.Text, `"Logo"`) || strings.Contains(got.Text, "asked not to be mailed") {
			t.Fatalf("immediate submissions, no messages:\n%s", got.Text)
		}

		// Another user's settings are their own.
		if other := e.do("GET", "/api/me/notification-settings", acme.Token, nil); other.field("messages") != "hourly" {
			t.Fatalf("Acme's settings changed with Rosa's: %s", other.Raw)
		}
	})
}

// TestDigest_payments: a payment's step reaches the other side's digest under Payments, with a
// link of its own to stop payment emails.
func TestDigest_payments(t *testing.T) {
	var sink *testenv.SMTPSink
	onBothDeploymentsWith(t, withDigests(&sink, t), func(t *testing.T, e *env) {
		rosa, acme := e.registerStudent("Rosa"), e.registerStartup("Acme")
		if res := e.do("PUT", "/api/me/notification-settings", rosa.Token, map[string]any{"messages": "off", "submissions": "off", "payments": "immediate", "taskAlerts": "off"}); res.Status != http.StatusOK {
			t.Fatalf("settings: %d %s", res.Status, res.Raw)
		}
		_, p := e.paidWork(acme, rosa, map[string]any{"title": "Poster"})
		e.paymentStep(acme, p["_id"].(string), "sent", map[string]any{"method": "bank-transfer", "reference": "TX-9"})
		if n := e.runDigests(); n != 1 {
			t.Fatalf("%d digests, want Rosa's", n)
		}
		got := mailTo(t, sink.WaitMails(t, 1, e.deliver), rosa.Email)
		if !strings.Contains(got.Text, "Payments") || !strings.Contains(got.Text, `Acme marked 300.00 USD for "Poster" as sent`) ||
			!strings.Contains(got.Text, "Stop payment emails") || strings.Contains(got.Text, "was approved") {
			t.Fatalf("the payment digest:\n%s", got.Text)
		}
	})
}

// An unsubscribe link is signed for one user and one type: it works without a sign-in, and a
// forged or edited one changes nothing.
func TestDigest_unsubscribeLinks(t *testing.T) {
	var sink *testenv.SMTPSink
	onBothDeploymentsWith(t, withDigests(&sink, t), func(t *testing.T, e *env) {
		rosa, acme := e.registerStudent("Rosa"), e.registerStartup("Acme")
		e.send(acme, rosa, "Hello")
		e.backdate(time.Hour)
		if n := e.runDigests(); n != 1 {
			t.Fatalf("digests: %d", n)
		}
		got := mailTo(t, sink.WaitMails(t, 1, e.deliver), rosa.Email)
		links := regexp.MustCompile(`Stop message emails: (\S+)`).FindStringSubmatch(got.Text)
		if links == nil {
			t.Fatalf("no per-type link:\n%s", got.Text)
		}
		page, _ := url.Parse(links[1])
		if page.Path != "/unsubscribe" {
			t.Fatalf("the mail's link opens the page, not the API: %s", links[1])
		}
		token := page.Query().Get("token")
		for _, forged := range []string{"", "x", token + "x", "a" + token, strings.Replace(token, ".", "x.", 1), strings.Repeat("a", 300)} {
			res := e.do("POST", "/api/unsubscribe?token="+url.QueryEscape(forged), "", nil)
			if res.Status != http.StatusBadRequest || res.field("error") != "This unsubscribe link is not valid." {
				t.Fatalf("forged %q: %d %s", forged, res.Status, res.Raw)
			}
		}
		if s := e.do("GET", "/api/me/notification-settings", rosa.Token, nil); s.field("messages") != "hourly" {
			t.Fatalf("a forged link changed settings: %s", s.Raw)
		}
		res := e.do("POST", "/api/unsubscribe?token="+url.QueryEscape(token), "", nil)
		if res.Status != http.StatusOK || res.field("unsubscribed") != "messages" {
			t.Fatalf("unsubscribe: %d %s", res.Status, res.Raw)
		}
		s := e.do("GET", "/api/me/notification-settings", rosa.Token, nil)
		if s.field("messages") != "off" || s.field("submissions") != "hourly" {
			t.Fatalf("only message emails stop: %s", s.Raw)
		}
	})
}
