package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"

	"bridgework/backend/issuers"
)

// migrateIssuerDomains drops every verification whose startup's website no longer names the
// verified domain under issuers.CheckWebsite's rules: a website at a public suffix (co.uk), under
// a free-hosting suffix (github.io), at a university or government domain (oxford.ac.uk), with a
// user name (https://probe.io@evil.io, verified as evil.io), or at a subdomain whose
// registrable domain is another (labs.nimbus.io was verified as itself; the company domain is
// nimbus.io now). The Public Suffix List is not SQL, so the rows are read and checked here.
//
// Doing it once here rather than at every read is enough: every later verification is checked
// by the same rules when it is asked for and when its link is opened, and a website change is
// checked when saved (store.Profiles.SaveStartupProfile), while a read-time check would have to
// sit in each query that shows a verified domain (profiles, task lists, certificates). Past
// verifications through an address at a subdomain of the right domain cannot be told apart (the
// address used is not kept) and stay.
func migrateIssuerDomains() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0023_issuer_domains",
		Migrate: func(tx *gorm.DB) error {
			var rows []struct{ ID, Website, VerifiedDomain string }
			if err := tx.Table("users").Select("id", "website", "verified_domain").
				Where("verified_domain <> ''").Find(&rows).Error; err != nil {
				return err
			}
			for _, r := range rows {
				if issuers.SiteDomain(r.Website) == r.VerifiedDomain {
					continue
				}
				err := tx.Table("users").Where("id = ?", r.ID).
					Updates(map[string]any{"verified_domain": "", "verified_at": nil}).Error
				if err != nil {
					return err
				}
			}
			return nil
		},
		// A dropped verification is not restored: the startup verifies again under the rules.
		Rollback: func(*gorm.DB) error { return nil },
	}
}
