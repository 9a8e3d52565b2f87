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
			store.Statement{SQL: "SELECT CAST(? AS TEXT) UNION ALL SELECT 'b'", Args: []any{"a"}},
			store.Statement{SQL: "SELECT 'never' WHERE 1 = 0"},
			store.Statement{SQL: "SELECT CAST(? AS TEXT)", Args: []any{"c"}})
		if err != nil {
			t.Fatal(err)
		}
		if want := [][]string{{"a", "b"}, nil, {"c"}}; !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("read %q, want %q", got, want)
		}

		if store.IsPostgres(db) {
			xact := func() store.Statement { return store.Statement{SQL: "SELECT CAST(pg_current_xact_id() AS TEXT)"} }
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

		if _, err := store.ReadTogether(db, store.Statement{SQL: "SELECT 'fine'"}, store.Statement{SQL: "SELECT no_such_column FROM users"}); err == nil {
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

// TestReads_genericPlans: on PostgreSQL a batch's statements are planned once a connection and
// the plan kept (pg_prepared_statements counts the connection's generic and custom plans), not
// planned anew for each call's values; the setting ends with the batch. A batch that holds a
// search keeps PostgreSQL's own choice, a plan for each call's words.
func TestReads_genericPlans(t *testing.T) {
	db := testenv.OpenDB(t, testenv.Postgres).WithContext(context.Background())
	pool, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	pool.SetMaxOpenConns(1) // every read below on the one connection whose plans are counted

	keyed := store.Statement{SQL: "SELECT CAST(id AS TEXT) FROM users WHERE user_type = ?"}
	for _, who := range []string{"student", "startup", "admin", "student", "startup", "admin", "student"} {
		keyed.Args = []any{who}
		if _, err := store.ReadTogether(db, keyed); err != nil {
			t.Fatal(err)
		}
	}
	var generic, custom int
	if err := db.Raw("SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = ?", keyed.Rebound()).
		Row().Scan(&generic, &custom); err != nil {
		t.Fatal(err)
	}
	if generic != 7 || custom != 0 {
		t.Errorf("read 7 times, the statement was planned for its values %d times and ran on a kept plan %d times; want 0 and 7", custom, generic)
	}
	var after string
	if err := db.Raw("SELECT current_setting('plan_cache_mode')").Row().Scan(&after); err != nil {
		t.Fatal(err)
	}
	if after != "auto" {
		t.Errorf("after the batch, the connection plans with %q: the setting outlived its batch", after)
	}

	for search, want := range map[string]string{"": "force_generic_plan", "landing page": "auto"} {
		mode, err := store.PlanModeBeside(db, search)
		if err != nil {
			t.Fatal(err)
		}
		if mode != want {
			t.Errorf("beside the count of the tasks %q finds, statements are planned with %q, want %q", search, mode, want)
		}
	}
}
