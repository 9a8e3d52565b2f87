package accounts

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"bridgework/backend/apperr"
	"bridgework/backend/apperr/apperrtest"
	"bridgework/backend/mail"
)

// Unit tables for the sign-in, registration and password-reset rules, with spec §5's texts
// ("Email is required", "Passwords do not match"…) and the limits the spec leaves open.

// messages is what a refusal must say, field by field in the order the rules are checked: the
// first one is the error's Message, the one a form without field errors shows.
type messages [][2]string

// errPastValidation is what the fake stores answer: the input got through every rule.
var errPastValidation = errors.New("past validation")

// checkRefusal fails t unless err is exactly want: accepted (nil want) means it reached the store.
func checkRefusal(t *testing.T, err error, want messages) {
	t.Helper()
	if want == nil {
		if !errors.Is(err, errPastValidation) {
			t.Fatalf("refused: %v", err)
		}
		return
	}
	apperrtest.Refused(t, err, apperrtest.Messages(want))
}

// ruleCase is one row of a table for a single rule.
type ruleCase struct {
	name, value string
	want        string // "" when accepted
}

// checkRule runs a table through one rule that reports on field.
func checkRule(t *testing.T, field string, rule func(*apperr.Validator, string), cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var v apperr.Validator
			rule(&v, tc.value)
			var e *apperr.Error
			switch err := v.Err(); {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (!errors.As(err, &e) || e.Fields[field] != tc.want || len(e.Fields) != 1):
				t.Fatalf("error = %v, want %s: %q", err, field, tc.want)
			}
		})
	}
}

func TestCheckEmail(t *testing.T) {
	local := strings.Repeat("a", 64)
	domain := strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 58) + ".io"
	if n := len(local + "@" + domain); n != maxEmailLen {
		t.Fatalf("the longest address has %d characters, want %d", n, maxEmailLen)
	}
	checkRule(t, "email", checkEmail, []ruleCase{
		{"plain", "ada@example.com", ""},
		{"dots, plus and subdomain", "ada.lovelace+bw@mail.example.co.uk", ""},
		{"upper case", "Ada@Example.COM", ""},
		{"254 characters", local + "@" + domain, ""},
		{"empty", "", "Email is required"},
		{"no at", "ada.example.com", "Invalid email address"},
		{"no domain dot", "ada@example", "Invalid email address"},
		{"one-letter top-level domain", "ada@example.c", "Invalid email address"},
		{"two ats", "ada@@example.com", "Invalid email address"},
		{"space inside", "ada lovelace@example.com", "Invalid email address"},
		{"display name", "Ada <ada@example.com>", "Invalid email address"},
		{"255 characters", local + "x@" + domain, "Invalid email address"},
	})
}

func TestCheckPassword(t *testing.T) {
	checkRule(t, "password", func(v *apperr.Validator, s string) { checkPassword(v, "password", s) }, []ruleCase{
		{"6 characters", "secret", ""},
		{"128 characters", strings.Repeat("p", 128), ""},
		{"6 accented characters (12 bytes)", "éééééé", ""},
		{"spaces count", "      ", ""},
		{"empty", "", "Password is required"},
		{"5 characters", "short", "Password must be at least 6 characters"},
		{"5 accented characters (10 bytes)", "ééééé", "Password must be at least 6 characters"},
		{"129 characters", strings.Repeat("p", 129), "Password must be at most 128 characters"},
	})
}

func TestCheckConfirm(t *testing.T) {
	checkRule(t, "confirmPassword", func(v *apperr.Validator, s string) { checkConfirm(v, "secret1", s) }, []ruleCase{
		{"equal", "secret1", ""},
		{"empty", "", "Please confirm your password"},
		{"different", "secret2", "Passwords do not match"},
		{"different case", "SECRET1", "Passwords do not match"},
	})
}

func TestCheckName(t *testing.T) {
	checkRule(t, "firstName", func(v *apperr.Validator, s string) { checkName(v, "firstName", "First name", s, maxNameLen) }, []ruleCase{
		{"2 characters", "Al", ""},
		{"2 accented characters", "Åß", ""},
		{"50 characters", strings.Repeat("n", 50), ""},
		{"empty", "", "First name is required"},
		{"1 character", "A", "First name must be at least 2 characters"},
		{"51 characters", strings.Repeat("n", 51), "First name must be at most 50 characters"},
	})
}

// fakeStore answers the first store call each use case makes after validation with
// errPastValidation, and keeps what it was given. Any other call panics on the nil Store.
type fakeStore struct {
	Store
	created *User
	email   string
}

func (f *fakeStore) CreateUser(_ context.Context, u *User) error {
	f.created = u
	return errPastValidation
}

func (f *fakeStore) UserByEmail(_ context.Context, email string) (*User, error) {
	f.email = email
	return nil, errPastValidation
}

func (f *fakeStore) ConsumePasswordReset(context.Context, string, time.Time) (string, error) {
	return "", errPastValidation
}

func (f *fakeStore) AdminExists(context.Context) (bool, error) { return false, errPastValidation }

type fakeOutbox struct{ queued mail.Queued }

func (f *fakeOutbox) Enqueue(_ context.Context, m mail.Queued) error {
	f.queued = m
	return errPastValidation
}

// cheapHash keeps the tables fast; the cost of a hash is not what they test.
var cheapHash = HashParams{MemoryKiB: 64, Iterations: 1, Threads: 1}

func TestRegister_validation(t *testing.T) {
	ok := RegisterInput{Email: "ada@example.com", Password: "secret1", ConfirmPassword: "secret1", FirstName: "Ada", LastName: "Lovelace"}
	with := func(change func(*RegisterInput)) RegisterInput { in := ok; change(&in); return in }
	for _, tc := range []struct {
		name string
		in   RegisterInput
		want messages
	}{
		{"a student, the default type", ok, nil},
		{"a student by name", with(func(in *RegisterInput) { in.UserType = "student" }), nil},
		{"a startup needs only a company name", RegisterInput{UserType: "startup", Email: "hi@nimbus.io",
			Password: "secret1", ConfirmPassword: "secret1", CompanyName: "Nimbus"}, nil},
		{"a college of 200 characters", with(func(in *RegisterInput) { in.College = strings.Repeat("c", 200) }), nil},
		// Characters, not bytes: 200 accented letters are 400 bytes and still fit.
		{"a college of 200 accented characters", with(func(in *RegisterInput) { in.College = strings.Repeat("é", 200) }), nil},
		{"nothing", RegisterInput{}, messages{
			{"firstName", "First name is required"}, {"lastName", "Last name is required"},
			{"email", "Email is required"}, {"password", "Password is required"},
			{"confirmPassword", "Please confirm your password"}}},
		{"names of blanks", with(func(in *RegisterInput) { in.FirstName, in.LastName = "  ", "\t" }), messages{
			{"firstName", "First name is required"}, {"lastName", "Last name is required"}}},
		{"one-letter names", with(func(in *RegisterInput) { in.FirstName, in.LastName = "A", " L " }), messages{
			{"firstName", "First name must be at least 2 characters"}, {"lastName", "Last name must be at least 2 characters"}}},
		{"long last name", with(func(in *RegisterInput) { in.LastName = strings.Repeat("l", 51) }), messages{
			{"lastName", "Last name must be at most 50 characters"}}},
		{"long college", with(func(in *RegisterInput) { in.College = strings.Repeat("c", 201) }), messages{
			{"college", "College must be at most 200 characters"}}},
		{"long accented college", with(func(in *RegisterInput) { in.College = strings.Repeat("é", 201) }), messages{
			{"college", "College must be at most 200 characters"}}},
		{"bad email", with(func(in *RegisterInput) { in.Email = "ada@example" }), messages{
			{"email", "Invalid email address"}}},
		{"short password", with(func(in *RegisterInput) { in.Password, in.ConfirmPassword = "12345", "12345" }), messages{
			{"password", "Password must be at least 6 characters"}}},
		{"confirmation differs", with(func(in *RegisterInput) { in.ConfirmPassword = "secret2" }), messages{
			{"confirmPassword", "Passwords do not match"}}},
		{"a startup without a company name", RegisterInput{UserType: "startup", Email: "hi@nimbus.io",
			Password: "secret1", ConfirmPassword: "secret1"}, messages{{"companyName", "Company name is required"}}},
		{"a one-letter company", RegisterInput{UserType: "startup", Email: "hi@nimbus.io",
			Password: "secret1", ConfirmPassword: "secret1", CompanyName: "N"}, messages{
			{"companyName", "Company name must be at least 2 characters"}}},
		{"a long company name", RegisterInput{UserType: "startup", Email: "hi@nimbus.io",
			Password: "secret1", ConfirmPassword: "secret1", CompanyName: strings.Repeat("n", 101)}, messages{
			{"companyName", "Company name must be at most 100 characters"}}},
		{"an admin", with(func(in *RegisterInput) { in.UserType = "admin" }), messages{
			{"userType", "Choose Student or Startup"}}},
		{"a type in capitals", with(func(in *RegisterInput) { in.UserType = "Student" }), messages{
			{"userType", "Choose Student or Startup"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Service{Store: &fakeStore{}, Hash: cheapHash}
			_, err := s.Register(context.Background(), tc.in, Client{IP: "192.0.2.1"})
			checkRefusal(t, err, tc.want)
		})
	}
}

// TestRegister_storesTrimmedInput: what passes is stored trimmed, the email lower-cased, and
// a student never gets a company nor a startup a student's names.
func TestRegister_storesTrimmedInput(t *testing.T) {
	store := &fakeStore{}
	s := &Service{Store: store, Hash: cheapHash}
	in := RegisterInput{Email: "  Ada@Example.COM ", Password: "secret1", ConfirmPassword: "secret1",
		UserType: " student ", FirstName: " Ada ", LastName: " Lovelace", College: " Analytical ", CompanyName: "Nimbus"}
	checkRefusal(t, func() error { _, err := s.Register(context.Background(), in, Client{}); return err }(), nil)
	u := store.created
	if u.Type != Student || u.Email != "ada@example.com" || u.FirstName != "Ada" || u.LastName != "Lovelace" ||
		u.College != "Analytical" || u.CompanyName != "" || u.IsVerified || !CheckPassword(u.PasswordHash, "secret1") {
		t.Fatalf("stored %+v", u)
	}

	in = RegisterInput{Email: "hi@nimbus.io", Password: "secret1", ConfirmPassword: "secret1",
		UserType: "startup", CompanyName: " Nimbus ", FirstName: "Ada"}
	checkRefusal(t, func() error { _, err := s.Register(context.Background(), in, Client{}); return err }(), nil)
	if u := store.created; u.Type != Startup || u.CompanyName != "Nimbus" || u.Tier != "free" || u.FirstName != "" {
		t.Fatalf("stored %+v", u)
	}
}

// TestLogin_validation: the spec's sign-in rules; a long password is not refused here, only
// found wrong, so the form's rules are the whole of what sign-in tells about passwords.
func TestLogin_validation(t *testing.T) {
	for _, tc := range []struct {
		name            string
		email, password string
		want            messages
	}{
		{"good", "ada@example.com", "secret1", nil},
		{"email trimmed and lower-cased", "  ADA@example.com ", "secret1", nil},
		{"a password longer than any", "ada@example.com", strings.Repeat("p", 500), nil},
		{"nothing", "", "", messages{{"email", "Email is required"}, {"password", "Password is required"}}},
		{"blank email", "   ", "secret1", messages{{"email", "Email is required"}}},
		{"bad email", "ada", "secret1", messages{{"email", "Invalid email address"}}},
		{"short password", "ada@example.com", "12345", messages{{"password", "Password must be at least 6 characters"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := &fakeStore{}
			s := &Service{Store: store}
			_, err := s.Login(context.Background(), LoginInput{Email: tc.email, Password: tc.password})
			checkRefusal(t, err, tc.want)
			if tc.want == nil && store.email != "ada@example.com" {
				t.Fatalf("looked up %q", store.email)
			}
		})
	}
}

func TestForgotPassword_validation(t *testing.T) {
	for _, tc := range []struct {
		name, email, next string
		want              messages
	}{
		{"good", " Ada@Example.com ", "", nil},
		{"good with next", "ada@example.com", "/tasks/42?revise=7#work", nil},
		{"empty", "", "", messages{{"email", "Email is required"}}},
		{"bad", "ada@", "", messages{{"email", "Invalid email address"}}},
		{"next on another host", "ada@example.com", "//evil.com", messages{{"next", badNext}}},
		{"next with a backslash", "ada@example.com", "/\\evil.com", messages{{"next", badNext}}},
		{"next with a scheme", "ada@example.com", "https://evil.com", messages{{"next", badNext}}},
		{"next as javascript", "ada@example.com", "javascript:alert(1)", messages{{"next", badNext}}},
		{"next with a newline", "ada@example.com", "/tasks\n/42", messages{{"next", badNext}}},
		{"next relative", "ada@example.com", "tasks/42", messages{{"next", badNext}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			outbox := &fakeOutbox{}
			s := &Service{Outbox: outbox}
			checkRefusal(t, s.ForgotPassword(context.Background(), tc.email, tc.next, "192.0.2.1"), tc.want)
			if tc.want == nil && (outbox.queued.Kind != ResetMailKind || outbox.queued.To != "ada@example.com" || outbox.queued.Body != tc.next) {
				t.Fatalf("queued %+v", outbox.queued)
			}
		})
	}
}

func TestResetPassword_validation(t *testing.T) {
	for _, tc := range []struct {
		name                     string
		token, password, confirm string
		want                     messages
	}{
		{"good", "token", "secret1", "secret1", nil},
		{"nothing", "", "", "", messages{
			{"token", "This reset link is invalid or has expired."}, {"password", "Password is required"},
			{"confirmPassword", "Please confirm your password"}}},
		{"short password", "token", "12345", "12345", messages{{"password", "Password must be at least 6 characters"}}},
		{"long password", "token", strings.Repeat("p", 129), strings.Repeat("p", 129), messages{
			{"password", "Password must be at most 128 characters"}}},
		{"confirmation differs", "token", "secret1", "secret2", messages{{"confirmPassword", "Passwords do not match"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Service{Store: &fakeStore{}}
			checkRefusal(t, s.ResetPassword(context.Background(), tc.token, tc.password, tc.confirm), tc.want)
		})
	}
}

// TestCreateDefaultAdmin_validation: the sign-in form's fallback checks the form's rules before
// it compares anything with the configured credentials.
func TestCreateDefaultAdmin_validation(t *testing.T) {
	for _, tc := range []struct {
		name, email, password string
		want                  messages
	}{
		{"the configured pair", " Admin@Example.com", "admin-secret", nil},
		{"nothing", "", "", messages{{"email", "Email is required"}, {"password", "Password is required"}}},
		{"bad email", "admin", "admin-secret", messages{{"email", "Invalid email address"}}},
		{"short password", "admin@example.com", "12345", messages{{"password", "Password must be at least 6 characters"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Service{Store: &fakeStore{}, AdminEmail: "admin@example.com", AdminPassword: "admin-secret"}
			checkRefusal(t, s.CreateDefaultAdmin(context.Background(), tc.email, tc.password), tc.want)
		})
	}
}
