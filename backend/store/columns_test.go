package store

import (
	"reflect"
	"regexp"
	"sync"
	"testing"

	"gorm.io/gorm/schema"
)

// TestColumns_nameTheFieldsTheyFill: every column of a table's row type is read into the field
// gorm writes it from, and every field is read but those named as left out. A column added to a
// row and not to its select list, or a list whose name and target disagree, fails here.
func TestColumns_nameTheFieldsTheyFill(t *testing.T) {
	checkColumns(t, "tasks", taskColumns, "SearchText", "Listed")
	checkColumns(t, "submissions", submissionColumns)
	checkColumns(t, "submission_revisions", revisionColumns)
	checkColumns(t, "saved_searches", savedSearchColumns)
	checkColumns(t, "users", personColumns)
	checkColumns(t, "sessions", sessionColumns)
	checkColumns(t, "users", userColumns, "Skills")
	checkColumns(t, "user_skills", skillColumns)
	checkColumns(t, "audit_events", auditColumns)
	checkColumns(t, "ratings", ratingColumns)
	checkColumns(t, "invitations", invitationColumns)
	checkColumns(t, "help_requests", helpRequestColumns)
	checkColumns(t, "payments", paymentColumns)
	checkColumns(t, "payment_events", paymentEventColumns)
	checkColumns(t, "payout_accounts", payoutAccountColumns)
	checkColumns(t, "task_fundings", taskFundingColumns)
	checkColumns(t, "money_jobs", moneyJobColumns)
	checkColumns(t, "certificates", certificateColumns)
	checkColumns(t, "company_verifications", companyVerificationColumns)
	checkColumns(t, "messages", messageColumns)
	checkColumns(t, "files", fileColumns, "Data")
	checkColumns(t, "files", fileDataColumns)
	checkColumns(t, "notifications", notificationColumns)
	checkColumns(t, "notification_settings", notificationSettingColumns)
	checkColumns(t, "users", nameColumns)
	checkColumns(t, "mail_outbox", outboxColumns)
	checkColumns(t, "match_people", matchPersonColumns)
	checkColumns(t, "match_skills", matchSkillColumns)
	checkColumns(t, "match_categories", matchCategoryColumns)
}

// columnName matches a table's column, "table.column", alone or as the first argument of a
// COALESCE with the empty string.
var columnName = regexp.MustCompile(`^(?:COALESCE\()?(\w+)\.(\w+)(?:, ''\))?$`)

func checkColumns[T any](t *testing.T, table string, cols columns[T], leftOut ...string) {
	t.Helper()
	var row T
	parsed, err := schema.Parse(&row, &sync.Map{}, schema.NamingStrategy{})
	if err != nil {
		t.Fatal(err)
	}
	base := reflect.ValueOf(&row).Pointer()
	fieldAt := map[uintptr]*schema.Field{}
	for _, f := range parsed.Fields {
		fieldAt[f.StructField.Offset] = f
	}
	read := map[string]bool{}
	for _, c := range cols.cols {
		m := columnName.FindStringSubmatch(c.name)
		if m == nil || m[1] != table {
			t.Errorf("%s: %q is not a column of %s", table, c.name, table)
			continue
		}
		field := fieldAt[reflect.ValueOf(c.target(&row)).Pointer()-base]
		if field == nil {
			t.Errorf("%s: column %q is read into no field of the row", table, c.name)
			continue
		}
		if field.DBName != m[2] {
			t.Errorf("%s: column %q is read into %s, the field of column %s", table, c.name, field.Name, field.DBName)
			continue
		}
		read[field.Name] = true
	}
	skipped := map[string]bool{}
	for _, name := range leftOut {
		skipped[name] = true
	}
	for _, f := range parsed.Fields {
		if !read[f.Name] && !skipped[f.Name] {
			t.Errorf("%s: field %s (column %s) is not read", table, f.Name, f.DBName)
		}
	}
}
