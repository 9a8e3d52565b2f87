package store_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// TestTasks_deepPagesReadIdsFirst: a page past store's deferFrom, read ids first, holds the rows
// the plain read gives, in the same order, for every sort and every list that pages by offset:
// the open market, a startup's and a student's view of it (their own tasks first), a student's
// own tasks.
func TestTasks_deepPagesReadIdsFirst(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Tasks{DB: db}
		acme := newMarketUser(t, db, accounts.Startup, "Acme")
		other := newMarketUser(t, db, accounts.Startup, "Other")
		ada := newMarketUser(t, db, accounts.Student, "Ada")
		day := time.Now().Add(72 * time.Hour).UTC().Truncate(24 * time.Hour)
		var made []*tasks.Task
		err := db.Transaction(func(tx *gorm.DB) error {
			in := store.Tasks{DB: tx}
			for i := range 60 {
				owner := other.ID
				if i%3 == 0 {
					owner = acme.ID
				}
				made = append(made, newMarketTask(t, in, owner, func(task *tasks.Task) {
					// Ties on every sort key but the id, so that the id's order shows too.
					task.Title = fmt.Sprintf("Task %d", i%7)
					task.Deadline = day.Add(time.Duration(i%5) * time.Hour)
					task.BudgetMin, task.BudgetMax = float64(i%4*100), float64(i%4*100+50)
				}))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		err = s.InTx(ctx, func(tx tasks.Tx) error {
			for _, task := range made[:15] {
				sub := tasks.Submission{TaskID: task.ID, StudentID: ada.ID, StartupID: task.StartupID, Link: "https://a", Status: tasks.Pending}
				if err := tx.CreateSubmission(&sub); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		views := map[string]func(q tasks.Query) (tasks.Page[tasks.Task], error){
			"open market": func(q tasks.Query) (tasks.Page[tasks.Task], error) { return s.OpenTasks(ctx, q, "") },
			"startup's market": func(q tasks.Query) (tasks.Page[tasks.Task], error) {
				return s.Market(ctx, tasks.MarketView{Startup: acme.ID}, q)
			},
			"student's market": func(q tasks.Query) (tasks.Page[tasks.Task], error) {
				return s.Market(ctx, tasks.MarketView{Student: ada.ID}, q)
			},
			"student's tasks": func(q tasks.Query) (tasks.Page[tasks.Task], error) { return s.StudentTasks(ctx, ada.ID, q, nil) },
		}
		for name, read := range views {
			for _, sort := range []string{"", "title", "pay", "newest"} {
				for page := 1; ; page++ {
					q := tasks.Query{Sort: sort, Page: page, Limit: 9}
					restore := store.SetDeferFrom(math.MaxInt)
					plain, err := read(q)
					restore()
					if err != nil {
						t.Fatal(err)
					}
					restore = store.SetDeferFrom(0)
					deferred, err := read(q)
					restore()
					if err != nil {
						t.Fatal(err)
					}
					if got, want := ids(deferred.Items), ids(plain.Items); !slices.Equal(got, want) {
						t.Errorf("%s, sort %q, page %d: ids first %v, plain %v", name, sort, page, got, want)
					}
					if len(plain.Items) == 0 {
						if page == 1 {
							t.Errorf("%s: nothing to page through", name)
						}
						break
					}
				}
			}
		}
	})
}

func ids(items []tasks.Task) []string {
	out := make([]string, len(items))
	for i, t := range items {
		out[i] = t.ID
	}
	return out
}

// TestTasks_pagePastTheCapIsNotRead: a page of the open market past tasks.MaxMarketPage pages is
// empty, and its rows are not even looked for: its offset would walk every listed task. A page
// past the last task but within the cap is looked for, which shows the check sees the statement.
func TestTasks_pagePastTheCapIsNotRead(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Tasks{DB: db}
		acme := newMarketUser(t, db, accounts.Startup, "Acme")
		newMarketTask(t, s, acme.ID, nil)
		// The statements run with an OFFSET: on PostgreSQL those its one connection has prepared
		// (the lists reach it through pgx, not gorm's callbacks), on SQLite those gorm ran.
		var ran []string
		offsets := func() []string { return ran }
		if store.IsPostgres(db) {
			pool, err := db.DB()
			if err != nil {
				t.Fatal(err)
			}
			pool.SetMaxOpenConns(1)
			offsets = func() []string {
				var texts []string
				if err := db.Raw("SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%OFFSET%' AND statement NOT LIKE '%pg_prepared%'").Scan(&texts).Error; err != nil {
					t.Fatal(err)
				}
				return texts
			}
		} else {
			record := func(tx *gorm.DB) {
				if sql := tx.Statement.SQL.String(); strings.Contains(sql, "OFFSET") {
					ran = append(ran, sql)
				}
			}
			if err := db.Callback().Row().After("gorm:row").Register("test:offsets_row", record); err != nil {
				t.Fatal(err)
			}
		}

		past, err := s.OpenTasks(ctx, tasks.Query{Page: tasks.MaxMarketPage + 1}, "")
		if err != nil || len(past.Items) != 0 || past.Total != 1 {
			t.Fatalf("page %d: %d items, total %d, %v; want none of 1", tasks.MaxMarketPage+1, len(past.Items), past.Total, err)
		}
		if looked := offsets(); len(looked) > 0 {
			t.Errorf("page %d was looked for: %q", tasks.MaxMarketPage+1, looked)
		}
		if _, err := s.OpenTasks(ctx, tasks.Query{Page: 2}, ""); err != nil {
			t.Fatal(err)
		}
		if len(offsets()) == 0 {
			t.Error("page 2 ran no statement with an OFFSET: the check cannot see a page read")
		}
	})
}
