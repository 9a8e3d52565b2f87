package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"bridgework/backend/config"
)

// Sign-in throttling follows OWASP's device cookies (DESIGN.md §6): an attacker can lock out
// only clients that never signed in to the account, never its owner on their usual device.

// device is a browser: its address and the bw_device cookie it holds, if any.
type device struct {
	ip     string
	cookie *http.Cookie
}

// signIn tries a sign-in from d and keeps the device cookie a success sets.
func (e *env) signIn(d *device, email, password string) response {
	e.t.Helper()
	var cookies []*http.Cookie
	if d.cookie != nil {
		cookies = append(cookies, d.cookie)
	}
	res := e.doWith(d.ip, cookies, "POST", "/api/login", "", map[string]any{"email": email, "password": password})
	if c := deviceCookie(res); c != nil {
		d.cookie = c
	}
	return res
}

func deviceCookie(res response) *http.Cookie {
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Name == "bw_device" {
			return c
		}
	}
	return nil
}

// wrongPasswords sends n failed sign-ins for email from d.
func (e *env) wrongPasswords(d *device, email string, n int) {
	e.t.Helper()
	for i := range n {
		if res := e.signIn(d, email, fmt.Sprint("wrong-", i)); res.Status != http.StatusUnauthorized {
			e.t.Fatalf("failure %d: %d %s, want 401", i+1, res.Status, res.Raw)
		}
	}
}

func TestSignIn_knownDeviceGetsInDuringAnAttack(t *testing.T) {
	onBothDeploymentsWith(t, trustLoopbackProxy, func(t *testing.T, e *env) {
		victim := e.registerStudent("Vera")
		laptop := &device{ip: "198.51.100.10"}
		if res := e.signIn(laptop, victim.Email, "secret123"); res.Status != http.StatusOK || laptop.cookie == nil {
			t.Fatalf("first sign-in: %d, cookie %v", res.Status, laptop.cookie)
		}

		attacker := &device{ip: "203.0.113.66"}
		e.wrongPasswords(attacker, victim.Email, 5)
		locked := e.signIn(attacker, victim.Email, "secret123")
		wantThrottled(t, "the right password from a client without a device cookie", locked)
		if locked.Header.Get("Set-Cookie") != "" {
			t.Errorf("a refused sign-in set a cookie: %s", locked.Header.Get("Set-Cookie"))
		}
		wantThrottled(t, "a new device of the owner", e.signIn(&device{ip: "198.51.100.11"}, victim.Email, "secret123"))

		if res := e.signIn(laptop, victim.Email, "secret123"); res.Status != http.StatusOK {
			t.Fatalf("the owner's known device during the lockout: %d %s", res.Status, res.Raw)
		}
		// The owner's success does not lift the attacker's lockout.
		wantThrottled(t, "the attacker after the owner signed in", e.signIn(attacker, victim.Email, "secret123"))
	})
}

func TestSignIn_deviceCookieIsBoundToItsAccount(t *testing.T) {
	onBothDeploymentsWith(t, trustLoopbackProxy, func(t *testing.T, e *env) {
		alice, bob := e.registerStudent("Alice"), e.registerStudent("Bob")
		browser := &device{ip: "198.51.100.20"}
		if res := e.signIn(browser, alice.Email, "secret123"); res.Status != http.StatusOK {
			t.Fatalf("alice: %d", res.Status)
		}
		alicesCookie := browser.cookie
		e.wrongPasswords(&device{ip: "203.0.113.1"}, bob.Email, 5)
		// Alice's cookie gives nothing on Bob's account: the browser is held like any other.
		wantThrottled(t, "another account's device cookie", e.signIn(browser, bob.Email, "secret123"))

		for name, value := range map[string]string{
			"tampered":  strings.Replace(alicesCookie.Value, alice.ID, bob.ID, 1),
			"garbage":   "not-a-cookie",
			"truncated": alicesCookie.Value[:len(alicesCookie.Value)-3],
		} {
			forged := &device{ip: "198.51.100.21", cookie: &http.Cookie{Name: "bw_device", Value: value}}
			wantThrottled(t, name+" cookie", e.signIn(forged, bob.Email, "secret123"))
		}
	})
}

func TestSignIn_deviceHasItsOwnFailureBudget(t *testing.T) {
	const budget = 3
	onBothDeploymentsWith(t, func(c *config.Config) { trustLoopbackProxy(c); c.LoginFailuresPerDevice = budget }, func(t *testing.T, e *env) {
		owner := e.registerStudent("Owen")
		shared := &device{ip: "198.51.100.30"}
		if res := e.signIn(shared, owner.Email, "secret123"); res.Status != http.StatusOK {
			t.Fatalf("first sign-in: %d", res.Status)
		}
		e.wrongPasswords(&device{ip: "203.0.113.2"}, owner.Email, 5)
		// A stolen or shared trusted device may guess only its own budget...
		e.wrongPasswords(shared, owner.Email, budget)
		// ...then it is untrusted, and the account's lockout holds it.
		wantThrottled(t, "a device past its budget", e.signIn(shared, owner.Email, "secret123"))
	})
}

func TestSignIn_addressFailuresNeverRefuseOthersBelowTheCap(t *testing.T) {
	const perAddress = 12
	onBothDeploymentsWith(t, func(c *config.Config) { trustLoopbackProxy(c); c.LoginFailuresPerIP = perAddress }, func(t *testing.T, e *env) {
		campus := "198.51.100.40"
		regular, newcomer := e.registerStudent("Rhea"), e.registerStudent("Nico")
		regularsLaptop := &device{ip: campus}
		if res := e.signIn(regularsLaptop, regular.Email, "secret123"); res.Status != http.StatusOK {
			t.Fatalf("regular's first sign-in: %d", res.Status)
		}
		guesser := &device{ip: campus}
		for i := range perAddress - 1 {
			e.wrongPasswords(guesser, fmt.Sprintf("stranger%d@example.com", i), 1)
		}
		// Below the cap, other accounts' correct passwords from the same address get in.
		if res := e.signIn(&device{ip: campus}, newcomer.Email, "secret123"); res.Status != http.StatusOK {
			t.Fatalf("another account from the address below the cap: %d %s", res.Status, res.Raw)
		}
		e.wrongPasswords(guesser, "one-more@example.com", 1)
		// Past it, only clients without a device cookie from that address are held.
		wantThrottled(t, "no device cookie past the address cap", e.signIn(&device{ip: campus}, newcomer.Email, "secret123"))
		if res := e.signIn(regularsLaptop, regular.Email, "secret123"); res.Status != http.StatusOK {
			t.Errorf("a known device past the address cap: %d %s", res.Status, res.Raw)
		}
		if res := e.signIn(&device{ip: "198.51.100.41"}, newcomer.Email, "secret123"); res.Status != http.StatusOK {
			t.Errorf("another address: %d %s", res.Status, res.Raw)
		}
	})
}

func TestSignIn_deviceCookieAttributes(t *testing.T) {
	for _, tc := range []struct {
		publicURL  string
		wantSecure bool
	}{{"http://localhost:8080", false}, {"https://bridgework.example", true}} {
		t.Run(tc.publicURL, func(t *testing.T) {
			onBothDeploymentsWith(t, func(c *config.Config) { c.PublicURL = tc.publicURL }, func(t *testing.T, e *env) {
				s := e.registerStudent("Cora")
				c := deviceCookie(e.do("POST", "/api/login", "", map[string]any{"email": s.Email, "password": "secret123"}))
				if c == nil {
					t.Fatal("no bw_device cookie after a sign-in")
				}
				year := int((365 * 24 * time.Hour).Seconds())
				if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/api/login" || c.MaxAge != year || c.Secure != tc.wantSecure {
					t.Errorf("cookie = HttpOnly %v SameSite %v Path %q MaxAge %d Secure %v", c.HttpOnly, c.SameSite, c.Path, c.MaxAge, c.Secure)
				}
				if res := e.do("POST", "/api/login", "", map[string]any{"email": s.Email, "password": "wrong-one"}); deviceCookie(res) != nil {
					t.Error("a failed sign-in set a device cookie")
				}
			})
		})
	}
}

// A lockout says how long it lasts and the way in now (docs/marketplace.md, "A first week:
// decisions, the student's dashboard, track records, one directory"): a completed password reset
// lifts the account's hold, so the new password works at once; the network's hold says so without
// offering a reset, which would not lift it.
func TestSignIn_lockoutSaysWhenAndAResetLiftsIt(t *testing.T) {
	configure := func(c *config.Config) {
		trustLoopbackProxy(c)
		c.ResetRequestsPerIP, c.LoginFailuresPerIP = 0, 8
	}
	onBothDeploymentsWith(t, configure, func(t *testing.T, e *env) {
		rosa := e.registerStudent("Rosa")
		attacker := &device{ip: "203.0.113.66"}
		e.wrongPasswords(attacker, rosa.Email, 5)
		locked := e.signIn(&device{ip: "198.51.100.20"}, rosa.Email, "secret123")
		wantThrottled(t, "the owner on a new device", locked)
		if msg := locked.field("message"); msg != "Too many failed sign-in attempts. Try again in 15 minutes, or reset your password to sign in now." {
			t.Fatalf("lockout message %q", msg)
		}

		token := e.resetLink(rosa.Email, len(e.mails.messages()))
		if res := e.do("POST", "/api/reset-password", "", map[string]any{"token": token, "password": "newpass12", "confirmPassword": "newpass12"}); res.Status != http.StatusOK {
			t.Fatalf("reset: %d %s", res.Status, res.Raw)
		}
		if res := e.signIn(&device{ip: "198.51.100.21"}, rosa.Email, "newpass12"); res.Status != http.StatusOK {
			t.Fatalf("after the reset the new password must work at once: %d %s", res.Status, res.Raw)
		}

		// The attacker's address spent its own budget too: its hold names the network and lasts.
		e.wrongPasswords(attacker, e.registerStudent("Other").Email, 3)
		held := e.signIn(attacker, rosa.Email, "newpass12")
		wantThrottled(t, "the attacker's address", held)
		if msg := held.field("message"); !strings.HasPrefix(msg, "Too many failed sign-in attempts from your network. Try again in ") || strings.Contains(msg, "reset") {
			t.Fatalf("network hold message %q", msg)
		}
	})
}
