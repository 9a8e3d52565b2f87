package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

func TestRegister_validationMessages(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		long := strings.Repeat("a", 51)
		cases := []struct {
			name  string
			body  map[string]any
			field string
			want  string
		}{
			{"first name required", map[string]any{"lastName": "Lovelace"}, "firstName", "First name is required"},
			{"first name short", map[string]any{"firstName": "A"}, "firstName", "First name must be at least 2 characters"},
			{"first name long", map[string]any{"firstName": long}, "firstName", "First name must be at most 50 characters"},
			{"last name required", map[string]any{"firstName": "Ada"}, "lastName", "Last name is required"},
			{"last name short", map[string]any{"lastName": "L"}, "lastName", "Last name must be at least 2 characters"},
			{"company required", map[string]any{"userType": "startup"}, "companyName", "Company name is required"},
			{"company short", map[string]any{"userType": "startup", "companyName": "X"}, "companyName", "Company name must be at least 2 characters"},
			{"email required", map[string]any{}, "email", "Email is required"},
			{"email pattern", map[string]any{"email": "not-an-email"}, "email", "Invalid email address"},
			{"password required", map[string]any{}, "password", "Password is required"},
			{"password short", map[string]any{"password": "12345"}, "password", "Password must be at least 6 characters"},
			{"confirm required", map[string]any{"password": "secret123"}, "confirmPassword", "Please confirm your password"},
			{"confirm mismatch", map[string]any{"password": "secret123", "confirmPassword": "secret124"}, "confirmPassword", "Passwords do not match"},
			{"no admin sign-up", map[string]any{"userType": "admin"}, "userType", "Choose Student or Startup"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res := e.do("POST", "/api/register", "", tc.body)
				if res.Status != http.StatusBadRequest || res.field("code") != "invalid" {
					t.Fatalf("status %d body %s, want 400 invalid", res.Status, res.Raw)
				}
				if got := res.fieldError(tc.field); got != tc.want {
					t.Errorf("fields.%s = %q, want %q", tc.field, got, tc.want)
				}
			})
		}
	})
}

func TestRegister_studentAndStartupSignIn(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		res := e.do("POST", "/api/register", "", map[string]any{
			"email": "Ada@Example.com", "password": "secret123", "confirmPassword": "secret123",
			"firstName": "Ada", "lastName": "Lovelace", "college": "Analytical U",
		})
		if res.Status != http.StatusCreated || res.field("token") == "" {
			t.Fatalf("register: %d %s", res.Status, res.Raw)
		}
		u := res.Body["user"].(map[string]any)
		if u["userType"] != "student" || u["email"] != "ada@example.com" || u["college"] != "Analytical U" {
			t.Errorf("user = %v, want a student with a normalized email", u)
		}
		if _, leaked := u["passwordHash"]; leaked {
			t.Error("user JSON holds the password hash")
		}
		me := e.do("GET", "/api/me", res.field("token"), nil)
		if me.Status != http.StatusOK || me.field("_id") != u["_id"] {
			t.Errorf("GET /api/me = %d %s", me.Status, me.Raw)
		}

		dup := e.do("POST", "/api/register", "", map[string]any{
			"email": "ada@example.com", "password": "secret123", "confirmPassword": "secret123", "userType": "startup", "companyName": "Acme",
		})
		if dup.Status != http.StatusConflict || dup.fieldError("email") != "An account with this email already exists" {
			t.Errorf("duplicate email: %d %s", dup.Status, dup.Raw)
		}

		startup := e.registerStartup("Nimbus Labs")
		got := e.do("GET", "/api/users/"+startup.ID, res.field("token"), nil)
		if got.Status != http.StatusOK || got.field("companyName") != "Nimbus Labs" || got.field("userType") != "startup" {
			t.Errorf("GET startup: %d %s", got.Status, got.Raw)
		}
	})
}

func TestRegister_cannotGrantAdminOrVerified(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		res := e.do("POST", "/api/register", "", map[string]any{
			"email": "sneaky@example.com", "password": "secret123", "confirmPassword": "secret123",
			"userType": "admin", "firstName": "Sn", "lastName": "Ky",
		})
		if res.Status != http.StatusBadRequest {
			t.Errorf("register as admin: %d %s, want 400", res.Status, res.Raw)
		}
		res = e.do("POST", "/api/register", "", map[string]any{
			"email": "verified@example.com", "password": "secret123", "confirmPassword": "secret123",
			"firstName": "Ve", "lastName": "Ri", "isVerified": true, "tier": "enterprise", "_id": "00000000-0000-0000-0000-000000000001",
			"tokenVersion": 99,
		})
		if res.Status != http.StatusCreated {
			t.Fatalf("register: %d %s", res.Status, res.Raw)
		}
		u := res.Body["user"].(map[string]any)
		if u["isVerified"] != false || u["userType"] != "student" || u["tier"] != "" || u["_id"] == "00000000-0000-0000-0000-000000000001" {
			t.Errorf("protected fields were taken from the request: %v", u)
		}
	})
}

func TestLogin(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		s := e.registerStudent("Grace")
		ok := e.do("POST", "/api/login", "", map[string]any{"email": strings.ToUpper(s.Email), "password": "secret123"})
		if ok.Status != http.StatusOK || ok.field("token") == "" {
			t.Fatalf("login: %d %s", ok.Status, ok.Raw)
		}
		cases := []struct {
			name   string
			body   map[string]any
			status int
			field  string
			want   string
		}{
			{"email required", map[string]any{"password": "secret123"}, 400, "email", "Email is required"},
			{"email pattern", map[string]any{"email": "nope", "password": "secret123"}, 400, "email", "Invalid email address"},
			{"password required", map[string]any{"email": s.Email}, 400, "password", "Password is required"},
			{"password short", map[string]any{"email": s.Email, "password": "123"}, 400, "password", "Password must be at least 6 characters"},
		}
		for _, tc := range cases {
			res := e.do("POST", "/api/login", "", tc.body)
			if res.Status != tc.status || res.fieldError(tc.field) != tc.want {
				t.Errorf("%s: %d %s", tc.name, res.Status, res.Raw)
			}
		}
		for _, body := range []map[string]any{
			{"email": s.Email, "password": "wrong-password"},
			{"email": "nobody@example.com", "password": "secret123"},
		} {
			res := e.do("POST", "/api/login", "", body)
			if res.Status != http.StatusUnauthorized || res.field("message") != "Invalid email or password" {
				t.Errorf("bad credentials %v: %d %s", body, res.Status, res.Raw)
			}
		}
	})
}

func TestLogin_throttledFromTheSixthFailure(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		s := e.registerStudent("Mallory")
		for i := 1; i <= 20; i++ {
			res := e.do("POST", "/api/login", "", map[string]any{"email": s.Email, "password": fmt.Sprintf("wrong-%d", i)})
			want := http.StatusUnauthorized
			if i >= 6 {
				want = http.StatusTooManyRequests
			}
			if res.Status != want {
				t.Fatalf("attempt %d: status %d, want %d (%s)", i, res.Status, want, res.Raw)
			}
			if want == http.StatusTooManyRequests && res.Header.Get("Retry-After") == "" {
				t.Fatalf("attempt %d: 429 without Retry-After", i)
			}
		}
		// The right password is refused too while the account is throttled.
		if res := e.do("POST", "/api/login", "", map[string]any{"email": s.Email, "password": "secret123"}); res.Status != http.StatusTooManyRequests {
			t.Errorf("correct password during lockout: %d", res.Status)
		}
		// Another account from the same address is not locked out by this one's failures.
		other := e.registerStudent("Olivia")
		if res := e.do("POST", "/api/login", "", map[string]any{"email": other.Email, "password": "secret123"}); res.Status != http.StatusOK {
			t.Errorf("other account: %d %s", res.Status, res.Raw)
		}
	})
}

// sessionOf reads the session id out of a token.
func sessionOf(t *testing.T, token string) string {
	t.Helper()
	var c jwt.MapClaims
	if _, _, err := jwt.NewParser().ParseUnverified(token, &c); err != nil {
		t.Fatal(err)
	}
	sid, _ := c["sid"].(string)
	return sid
}

func TestTokens_forgedOrIncompleteAreRefused(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		s, other := e.registerStudent("Eve"), e.registerStudent("Mallory")
		claims := func(mod func(jwt.MapClaims)) jwt.MapClaims {
			c := jwt.MapClaims{
				"sub": s.ID, "iss": e.cfg.JWTIssuer, "aud": e.cfg.JWTAudience, "ver": 0, "sid": sessionOf(t, s.Token),
				"exp": time.Now().Add(time.Hour).Unix(), "iat": time.Now().Unix(),
			}
			mod(c)
			return c
		}
		sign := func(c jwt.MapClaims, key string) string {
			tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString([]byte(key))
			if err != nil {
				t.Fatal(err)
			}
			return tok
		}
		none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, claims(func(jwt.MapClaims) {})).SignedString(jwt.UnsafeAllowNoneSignatureType)
		valid := sign(claims(func(jwt.MapClaims) {}), e.cfg.JWTSecret)
		if res := e.do("GET", "/api/me", valid, nil); res.Status != http.StatusOK {
			t.Fatalf("control: a well-formed token is refused: %d %s", res.Status, res.Raw)
		}
		bad := map[string]string{
			"alg none":               none,
			"wrong key":              sign(claims(func(jwt.MapClaims) {}), "another-secret-another-secret-0000"),
			"no exp":                 sign(claims(func(c jwt.MapClaims) { delete(c, "exp") }), e.cfg.JWTSecret),
			"expired":                sign(claims(func(c jwt.MapClaims) { c["exp"] = time.Now().Add(-time.Minute).Unix() }), e.cfg.JWTSecret),
			"wrong issuer":           sign(claims(func(c jwt.MapClaims) { c["iss"] = "evil" }), e.cfg.JWTSecret),
			"wrong aud":              sign(claims(func(c jwt.MapClaims) { c["aud"] = "other-app" }), e.cfg.JWTSecret),
			"old version":            sign(claims(func(c jwt.MapClaims) { c["ver"] = -1 }), e.cfg.JWTSecret),
			"unknown user":           sign(claims(func(c jwt.MapClaims) { c["sub"] = "01900000-0000-7000-8000-000000000000" }), e.cfg.JWTSecret),
			"no session":             sign(claims(func(c jwt.MapClaims) { delete(c, "sid") }), e.cfg.JWTSecret),
			"unknown session":        sign(claims(func(c jwt.MapClaims) { c["sid"] = "01900000-0000-7000-8000-000000000000" }), e.cfg.JWTSecret),
			"another user's session": sign(claims(func(c jwt.MapClaims) { c["sid"] = sessionOf(t, other.Token) }), e.cfg.JWTSecret),
			"garbage":                "not.a.token",
			"empty bearer":           "",
		}
		for name, tok := range bad {
			if res := e.do("GET", "/api/me", tok, nil); res.Status != http.StatusUnauthorized || res.field("code") != "unauthorized" {
				t.Errorf("%s: %d %s, want 401", name, res.Status, res.Raw)
			}
		}
	})
}

func TestCreateDefaultAdmin_neverTakesCallerCredentials(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		for _, body := range []map[string]any{
			{"email": "attacker@example.com", "password": "made-up-pass"},
			{"email": e.cfg.AdminEmail, "password": "made-up-pass"},
			{"email": e.cfg.AdminEmail, "password": e.cfg.AdminPassword}, // an admin already exists
		} {
			res := e.do("POST", "/api/admin/create-default-admin", "", body)
			if res.Status != http.StatusForbidden {
				t.Errorf("create-default-admin %v: %d %s, want 403", body, res.Status, res.Raw)
			}
			if login := e.do("POST", "/api/login", "", body); body["email"] == "attacker@example.com" && login.Status != http.StatusUnauthorized {
				t.Errorf("made-up admin can sign in: %d", login.Status)
			}
		}
		var admins int64
		e.app.DB.Table("users").Where("user_type = ?", "admin").Count(&admins)
		if admins != 1 {
			t.Errorf("%d admins, want the one bootstrapped", admins)
		}
		if a := e.admin(); a.Token == "" {
			t.Error("the bootstrapped admin cannot sign in")
		}
	})
}

func TestPasswordReset(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		s := e.registerStudent("Rita")
		known := e.do("POST", "/api/forgot-password", "", map[string]any{"email": s.Email})
		unknown := e.do("POST", "/api/forgot-password", "", map[string]any{"email": "ghost@example.com"})
		if known.Status != http.StatusOK || unknown.Status != http.StatusOK || known.field("message") != unknown.field("message") {
			t.Fatalf("answers differ: %d %s / %d %s", known.Status, known.Raw, unknown.Status, unknown.Raw)
		}
		sent := e.waitMails(1)
		if len(sent) != 1 || sent[0].To != s.Email {
			t.Fatalf("mails = %+v, want one to %s", sent, s.Email)
		}
		_, token, found := strings.Cut(sent[0].Body, "/reset-password?token=")
		if !found {
			t.Fatalf("no link in %q", sent[0].Body)
		}
		token = strings.Fields(token)[0]

		mismatch := e.do("POST", "/api/reset-password", "", map[string]any{"token": token, "password": "newpass1", "confirmPassword": "other"})
		if mismatch.fieldError("confirmPassword") != "Passwords do not match" {
			t.Errorf("mismatch: %s", mismatch.Raw)
		}
		ok := e.do("POST", "/api/reset-password", "", map[string]any{"token": token, "password": "newpass1", "confirmPassword": "newpass1"})
		if ok.Status != http.StatusOK {
			t.Fatalf("reset: %d %s", ok.Status, ok.Raw)
		}
		again := e.do("POST", "/api/reset-password", "", map[string]any{"token": token, "password": "newpass2", "confirmPassword": "newpass2"})
		if again.Status != http.StatusBadRequest || again.field("message") != "This reset link is invalid or has expired." {
			t.Errorf("second use: %d %s", again.Status, again.Raw)
		}
		if res := e.do("GET", "/api/me", s.Token, nil); res.Status != http.StatusUnauthorized {
			t.Errorf("token from before the reset still works: %d", res.Status)
		}
		if res := e.do("POST", "/api/login", "", map[string]any{"email": s.Email, "password": "newpass1"}); res.Status != http.StatusOK {
			t.Errorf("login with new password: %d %s", res.Status, res.Raw)
		}
	})
}

// TestPasswordReset_returnsToNext: a reset asked for on the way to a page carries that page in
// the mailed link (?next=), so that signing in with the new password lands there; a next that is
// not a path of this site is refused.
func TestPasswordReset_returnsToNext(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		s := e.registerStudent("Rita")
		if res := e.do("POST", "/api/forgot-password", "", map[string]any{"email": s.Email, "next": "//evil.com"}); res.fieldError("next") == "" {
			t.Errorf("next //evil.com: %d %s, want a 400 on next", res.Status, res.Raw)
		}
		if res := e.do("POST", "/api/forgot-password", "", map[string]any{"email": s.Email, "next": "/tasks/42?revise=7"}); res.Status != http.StatusOK {
			t.Fatalf("forgot with next: %d %s", res.Status, res.Raw)
		}
		sent := e.waitMails(1)
		if len(sent) != 1 || !strings.Contains(sent[0].Body, "&next=%2Ftasks%2F42%3Frevise%3D7\n") {
			t.Errorf("the reset mail %q does not link back to /tasks/42?revise=7", sent[0].Body)
		}
	})
}

func TestHelp(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		cases := []struct {
			name, phone, email, field, want string
		}{
			{"both missing", "", "", "phone", "Both phone number and email are required."},
			{"email missing", "5551234567", "", "email", "Both phone number and email are required."},
			{"email checked first", "12", "bad", "email", "Please enter a valid email address."},
			{"phone too short", "123456789", "a@b.co", "phone", "Please enter a valid phone number."},
			{"phone too long", "1234567890123456", "a@b.co", "phone", "Please enter a valid phone number."},
			{"phone letters", "12345abcde", "a@b.co", "phone", "Please enter a valid phone number."},
		}
		for _, tc := range cases {
			res := e.do("POST", "/api/help", "", map[string]any{"phone": tc.phone, "email": tc.email})
			if res.Status != http.StatusBadRequest || res.fieldError(tc.field) != tc.want || res.field("message") != tc.want {
				t.Errorf("%s: %d %s", tc.name, res.Status, res.Raw)
			}
		}
		for _, phone := range []string{"+1 (555) 123-4567", "5551234567", "123456789012345"} {
			res := e.do("POST", "/api/help", "", map[string]any{"phone": phone, "email": "caller@example.com"})
			if res.Status != http.StatusCreated || res.field("message") != "Thank you! We'll reach out to you at the earliest." {
				t.Errorf("phone %q: %d %s", phone, res.Status, res.Raw)
			}
		}
		var stored int64
		e.app.DB.Table("help_requests").Count(&stored)
		if stored != 3 {
			t.Errorf("%d help requests stored, want 3", stored)
		}
	})
}

func TestBootstrapAdmin_instancesStartingTogether(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		e.app.DB.Exec("DELETE FROM users WHERE user_type = 'admin'")
		errs := make(chan error, 4)
		for range 4 {
			go func() { _, err := e.app.Accounts.BootstrapAdmin(context.Background()); errs <- err }()
		}
		for range 4 {
			if err := <-errs; err != nil {
				t.Errorf("BootstrapAdmin: %v", err)
			}
		}
		var admins int64
		e.app.DB.Table("users").Where("user_type = ?", "admin").Count(&admins)
		if admins != 1 {
			t.Errorf("%d admins, want 1", admins)
		}
	})
}
