package store_test

import (
	"context"
	"slices"
	"testing"

	"gorm.io/gorm"

	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

// TestReads_together: statements read together each come back with their own rows, empty ones
// included, in the order they were queued. On PostgreSQL they go as one batch, which runs as
// one implicit transaction: two reads of the transaction's id there give the same id, where read
// one after the other each is a transaction of its own. A statement that fails fails the read
// and leaves no connection held.
func TestReads_together(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		db = db.WithContext(context.Background())
		got, err := store.ReadTogether(db,
			db.Raw("SELECT CAST(? AS TEXT) UNION ALL SELECT 'b'", "a"),
			db.Raw("SELECT 'never' WHERE 1 = 0"),
			db.Raw("SELECT CAST(? AS TEXT)", "c"))
		if err != nil {
			t.Fatal(err)
		}
		if want := [][]string{{"a", "b"}, nil, {"c"}}; !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("read %q, want %q", got, want)
		}

		if store.IsPostgres(db) {
			xact := func() *gorm.DB { return db.Raw("SELECT CAST(pg_current_xact_id() AS TEXT)") }
			together, err := store.ReadTogether(db, xact(), xact())
			if err != nil {
				t.Fatal(err)
			}
			if together[0][0] != together[1][0] {
				t.Errorf("read together, the statements ran in transactions %s and %s: not one batch", together[0][0], together[1][0])
			}
			first, err1 := store.ReadTogether(db, xact())
			second, err2 := store.ReadTogether(db, xact())
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if first[0][0] == second[0][0] {
				t.Errorf("read apart, both statements ran in transaction %s", first[0][0])
			}
		}

		if _, err := store.ReadTogether(db, db.Raw("SELECT 'fine'"), db.Raw("SELECT no_such_column FROM users")); err == nil {
			t.Error("a statement that fails did not fail the read")
		}
		pool, err := db.DB()
		if err != nil {
			t.Fatal(err)
		}
		if held := pool.Stats().InUse; held != 0 {
			t.Errorf("%d connections still held after the failed read", held)
		}
	})
}
