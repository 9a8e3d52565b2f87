package store_test

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

// Migration 0023 drops the verifications the issuer rules no longer grant and keeps the others:
// the rows are written as the earlier rules let them be, then the migration runs again.
func TestMigrate_dropsVerificationsTheRulesNoLongerGrant(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		at := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
		type startup struct {
			id, website, domain string
			kept                bool
		}
		startups := []startup{
			{"", "https://www.nimbus.io/about", "nimbus.io", true},
			{"", "https://acme.co.uk", "acme.co.uk", true},
			{"", "https://co.uk", "co.uk", false},
			{"", "https://oxford.ac.uk", "oxford.ac.uk", false},
			{"", "https://github.io", "github.io", false},
			{"", "https://acme.vercel.app", "acme.vercel.app", false},
			{"", "https://probe.io@evil.io", "evil.io", false},
			{"", "https://gmail.com", "gmail.com", false},
			{"", "https://labs.nimbus.io", "labs.nimbus.io", false},
		}
		for i, s := range startups {
			u := mustCreateUser(t, db, &accounts.User{Type: accounts.Startup, CompanyName: "Co " + s.domain})
			if err := db.Table("users").Where("id = ?", u.ID).Updates(map[string]any{
				"website": s.website, "verified_domain": s.domain, "verified_at": at}).Error; err != nil {
				t.Fatal(err)
			}
			startups[i].id = u.ID
		}

		if err := db.Exec("DELETE FROM migrations WHERE id = ?", "0023_issuer_domains").Error; err != nil {
			t.Fatal(err)
		}
		if err := store.Migrate(db, testenv.AuditKey); err != nil {
			t.Fatal(err)
		}

		for _, s := range startups {
			got, err := (store.Users{DB: db}).UserByID(context.Background(), s.id)
			if err != nil {
				t.Fatal(err)
			}
			kept := got.VerifiedDomain == s.domain && got.VerifiedAt != nil && got.VerifiedAt.Equal(at)
			dropped := got.VerifiedDomain == "" && got.VerifiedAt == nil
			if (s.kept && !kept) || (!s.kept && !dropped) || got.Website != s.website {
				t.Errorf("%s verified as %s: now %q at %v, website %q; want kept %v",
					s.website, s.domain, got.VerifiedDomain, got.VerifiedAt, got.Website, s.kept)
			}
		}
	})
}
