package store_test

import (
	"strings"
	"testing"

	"gorm.io/gorm"

	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

// TestSQLitePlans_orderFromIndexes: on SQLite the lists read their columns as expressions named
// as the columns (store.selectList), and a bare name in an ORDER BY would be such an expression,
// which no index orders: SQLite would sort every read in a temporary b-tree. The startups' page
// and the revisions of a task list take their order from an index.
func TestSQLitePlans_orderFromIndexes(t *testing.T) {
	db := testenv.OpenDB(t, testenv.SQLite)
	for name, query := range map[string]*gorm.DB{
		"startups":  store.StartupsQuery(db),
		"revisions": store.RevisionsQuery(db, []string{"a", "b"}),
	} {
		built := query.Session(&gorm.Session{DryRun: true}).Find(&[]struct{}{}).Statement
		rows, err := db.Raw("EXPLAIN QUERY PLAN "+built.SQL.String(), built.Vars...).Rows()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		if len(plan) == 0 || strings.Contains(strings.Join(plan, "; "), "TEMP B-TREE") {
			t.Errorf("%s: %s\nplan: %s", name, built.SQL.String(), strings.Join(plan, "; "))
		}
	}
}
