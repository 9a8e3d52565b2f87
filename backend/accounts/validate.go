package accounts

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"bridgework/backend/apperr"
)

// emailPattern is the same shape the sign-in form checks, so both sides agree on what is valid.
var emailPattern = regexp.MustCompile(`(?i)^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$`)

// Length limits keep stored text reasonable; the spec sets only the minimums.
const (
	MinPasswordLen = 6
	maxPasswordLen = 128
	MinNameLen     = 2
	maxNameLen     = 50
	maxCompanyLen  = 100
	maxEmailLen    = 254
	maxCollegeLen  = 200
)

// ValidEmail reports whether s looks like an email address.
func ValidEmail(s string) bool { return len(s) <= maxEmailLen && emailPattern.MatchString(s) }

// NormalizeEmail is the form emails are stored and looked up in.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func checkEmail(v *apperr.Validator, email string) {
	if v.Check(email != "", "email", "Email is required") {
		v.Check(ValidEmail(email), "email", "Invalid email address")
	}
}

func checkPassword(v *apperr.Validator, field, password string) {
	if v.Check(password != "", field, "Password is required") {
		n := utf8.RuneCountInString(password)
		v.Check(n >= MinPasswordLen, field, "Password must be at least 6 characters")
		v.Check(n <= maxPasswordLen, field, "Password must be at most 128 characters")
	}
}

func checkConfirm(v *apperr.Validator, password, confirm string) {
	if v.Check(confirm != "", "confirmPassword", "Please confirm your password") {
		v.Check(confirm == password, "confirmPassword", "Passwords do not match")
	}
}

// checkName applies the spec's required and minimum-length rules for a name field labelled label
// ("First name", "Company name"…), with an upper bound of max characters.
func checkName(v *apperr.Validator, field, label, value string, max int) {
	if v.Check(value != "", field, label+" is required") {
		n := utf8.RuneCountInString(value)
		v.Check(n >= MinNameLen, field, label+" must be at least 2 characters")
		v.Check(n <= max, field, label+" must be at most "+itoa(max)+" characters")
	}
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}
