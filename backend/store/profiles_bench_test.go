package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/profiles"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

// seedStudents inserts n students with three skills each from a pool of 200 names, in batches
// (registering them one by one would take minutes). "skill0" is held by about 1.5% of them.
func seedStudents(tb testing.TB, db *gorm.DB, n int) {
	tb.Helper()
	now := time.Now().UTC()
	const batch = 500
	for start := 0; start < n; start += batch {
		var users, skills []map[string]any
		for i := start; i < min(start+batch, n); i++ {
			id := store.NewID()
			users = append(users, map[string]any{
				"id": id, "user_type": "student", "email": fmt.Sprintf("s%d-%s@example.com", i, testenv.RandomHex(3)),
				"password_hash": "h", "first_name": "Student", "last_name": fmt.Sprint(i),
				"experience": "[]", "projects": "[]", "created_at": now.Add(time.Duration(i) * time.Millisecond), "updated_at": now,
			})
			for p := 0; p < 3; p++ {
				name := fmt.Sprintf("Skill%d", (i*7+p*61)%200)
				skills = append(skills, map[string]any{
					"id": store.NewID(), "user_id": id, "position": p, "name": name, "name_key": strings.ToLower(name),
					"level": "beginner", "is_verified": false,
				})
			}
		}
		if err := db.Table("users").Create(users).Error; err != nil {
			tb.Fatal(err)
		}
		if err := db.Table("user_skills").Create(skills).Error; err != nil {
			tb.Fatal(err)
		}
	}
	if store.IsPostgres(db) {
		db.Exec("ANALYZE users")
		db.Exec("ANALYZE user_skills")
	} else {
		db.Exec("ANALYZE")
	}
}

// TestProfiles_skillFilterUsesIndex: the skills filter reads user_skills through its name_key
// index, not by scanning every skill row.
func TestProfiles_skillFilterUsesIndex(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		seedStudents(t, db, 3000)
		const semiJoin = "SELECT user_id FROM user_skills WHERE name_key IN ('skill0', 'skill1')"
		var plan []string
		if store.IsPostgres(db) {
			rows, err := db.Raw("EXPLAIN " + semiJoin).Rows()
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var line string
				rows.Scan(&line)
				plan = append(plan, line)
			}
		} else {
			var rows []struct{ Detail string }
			if err := db.Raw("EXPLAIN QUERY PLAN " + semiJoin).Scan(&rows).Error; err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				plan = append(plan, r.Detail)
			}
		}
		text := strings.Join(plan, "\n")
		if !strings.Contains(text, "name_key") || !strings.Contains(strings.ToLower(text), "index") {
			t.Errorf("the skills filter does not use the name_key index:\n%s", text)
		}
		if store.IsPostgres(db) {
			checkPeoplePagePlans(t, db)
		}
	})
}

// checkPeoplePagePlans: on PostgreSQL, one answer of GET /api/users?skills=… (the count and the
// page the store runs, captured as they are sent) finds its users by id, never scanning them all.
// They are run in a transaction, where they go through gorm's callbacks (outside one they reach
// pgx directly), with the same texts and values.
func checkPeoplePagePlans(t *testing.T, db *gorm.DB) {
	type sent struct {
		sql  string
		vars []any
	}
	var queries []sent
	capture := func(tx *gorm.DB) {
		if sql := tx.Statement.SQL.String(); strings.Contains(sql, "FROM users") && strings.Contains(sql, "user_skills") {
			queries = append(queries, sent{sql, tx.Statement.Vars})
		}
	}
	if err := db.Callback().Row().After("gorm:row").Register("test:capture_people", capture); err != nil {
		t.Fatal(err)
	}
	defer db.Callback().Row().Remove("test:capture_people")
	f := profiles.UserFilter{Type: accounts.Student, SkillKeys: []string{"skill0", "skill1", "skill2"}, Limit: 100}
	err := db.Transaction(func(tx *gorm.DB) error {
		s := store.Profiles{DB: tx}
		if _, err := s.CountUsers(context.Background(), f); err != nil {
			return err
		}
		_, err := s.ListUsers(context.Background(), f)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(queries) != 2 {
		t.Fatalf("captured %d queries with the skills filter, want the count and the page: %q", len(queries), queries)
	}
	pool, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range queries {
		rows, err := pool.Query("EXPLAIN "+q.sql, q.vars...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, line)
		}
		rows.Close()
		if text := strings.Join(plan, "\n"); strings.Contains(text, "Seq Scan on users") {
			t.Errorf("%s\nscans every user:\n%s", q.sql, text)
		}
	}
}

// BenchmarkProfiles_listBySkill times one answer of GET /api/users?skills=… on 20,000 students:
// the count and a page of 100 matches with their skills (about 300 students hold skill0).
func BenchmarkProfiles_listBySkill(b *testing.B) {
	for _, kind := range testenv.Kinds() {
		b.Run(string(kind), func(b *testing.B) {
			db := testenv.OpenDB(b, kind)
			seedStudents(b, db, 20_000)
			s := store.Profiles{DB: db}
			for _, tc := range []struct {
				name string
				keys []string
			}{{"one skill", []string{"skill0"}}, {"any of three", []string{"skill0", "skill1", "skill2"}}, {"no filter", nil}} {
				b.Run(tc.name, func(b *testing.B) {
					// One answer of the people lists: the count for X-Total-Count and a full page.
					f := profiles.UserFilter{Type: accounts.Student, SkillKeys: tc.keys, Limit: 100}
					for b.Loop() {
						total, err := s.CountUsers(context.Background(), f)
						if err != nil {
							b.Fatal(err)
						}
						users, err := s.ListUsers(context.Background(), f)
						if err != nil || len(users) == 0 || total < int64(len(users)) {
							b.Fatalf("%d users of %d, %v", len(users), total, err)
						}
					}
				})
			}
		})
	}
}
