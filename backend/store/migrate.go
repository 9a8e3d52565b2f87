package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"

	"bridgework/backend/audit"
)

// migrationLockID names the PostgreSQL advisory lock held while migrating, so instances that
// start together migrate once and the others wait and then find nothing to do.
const migrationLockID = 7_341_902_117

// migrations lists every schema change in order. Never edit a migration that has shipped; add a
// new one. Each one's body lives in its own migrate_NNNN_*.go file. auditKey is what the trail is
// sealed with (0022 seals an unkeyed trail again with it); it is never stored.
func migrations(auditKey audit.Key) []*gormigrate.Migration {
	return []*gormigrate.Migration{
		migrateAccounts(),
		migrateMarketplace(),
		migrateChat(),
		migratePeople(),
		migrateTaskSearch(),
		migrateTaskListOrder(),
		migrateMailOutbox(),
		migrateSessions(),
		migrateVerifiedIssuers(),
		migrateSkillLookup(),
		migrateAudit(),
		migrateRatings(),
		migrateRevisions(),
		migrateSavedSearches(),
		migrateEmailDigests(),
		migrateChatAttachments(),
		migrateTaskCurrency(),
		migrateStartupTaskOrder(),
		migratePeopleOrder(),
		migrateAssignedTasks(),
		migrateCertifiedWork(),
		migrateAuditKeyed(auditKey),
		migrateIssuerDomains(),
		migrateNotificationQuotes(),
		migrateCreatePayments(),
		migrateStripe(),
		migrateCredentials(),
		migrateHelpTopics(),
		migrateTaskControl(),
		migrateCurrencyRates(),
		migrateSavedSearchPaid(),
		migrateMatching(),
		migrateInvitations(),
		migrateMatchIndex(),
	}
}

// Migrate brings the schema up to date; auditKey is the audit trail's key.
func Migrate(db *gorm.DB, auditKey audit.Key) error {
	run := func(conn *gorm.DB) error {
		opts := *gormigrate.DefaultOptions
		opts.UseTransaction = true
		return gormigrate.New(conn, &opts, migrations(auditKey)).Migrate()
	}
	if !IsPostgres(db) {
		return run(db)
	}
	// An advisory lock belongs to a session, so lock, migrate and unlock on one connection.
	return db.Connection(func(conn *gorm.DB) error {
		if err := conn.Exec("SELECT pg_advisory_lock(?)", migrationLockID).Error; err != nil {
			return err
		}
		defer conn.Exec("SELECT pg_advisory_unlock(?)", migrationLockID)
		return run(conn)
	})
}

// MigrationIDs lists the IDs of every migration, in order.
func MigrationIDs() []string {
	var ids []string
	for _, m := range migrations(audit.Key{}) {
		ids = append(ids, m.ID)
	}
	return ids
}
