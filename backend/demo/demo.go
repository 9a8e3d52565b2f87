// Package demo loads a small data set on first start (SEED_DEMO=true), so a fresh clone has
// something to look at: the accounts listed in the README.
package demo

import (
	"context"
	"log/slog"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
)

// Password is every demo account's password; the README lists the accounts.
const Password = "demo1234"

// Accounts are the demo users, by email.
var Accounts = []accounts.RegisterInput{
	{Email: "student@demo.bridgework.app", UserType: "student", FirstName: "Asha", LastName: "Verma", College: "IIT Delhi"},
	{Email: "student2@demo.bridgework.app", UserType: "student", FirstName: "Leo", LastName: "Martins", College: "TU Munich"},
	{Email: "startup@demo.bridgework.app", UserType: "startup", CompanyName: "Nimbus Labs"},
	{Email: "startup2@demo.bridgework.app", UserType: "startup", CompanyName: "Greenleaf Analytics"},
}

// Seed creates the demo accounts that do not exist yet.
func Seed(ctx context.Context, acc *accounts.Service, logger *slog.Logger) error {
	created := 0
	for _, in := range Accounts {
		in.Password, in.ConfirmPassword = Password, Password
		_, err := acc.Register(ctx, in)
		if apperr.CodeOf(err) == apperr.Conflict {
			continue // loaded on an earlier start
		}
		if err != nil {
			return err
		}
		created++
	}
	if created > 0 {
		logger.Info("demo data loaded", "accounts", created, "password", Password)
	}
	return nil
}
