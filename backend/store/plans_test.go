package store_test

import (
	"fmt"
	"strings"
	"testing"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// TestSQLitePlans_orderFromIndexes: the startups' page, the revisions of a task list and the
// open market by highest pay take their order from an index on SQLite, rather than sorting every
// read in a temporary b-tree.
func TestSQLitePlans_orderFromIndexes(t *testing.T) {
	db := testenv.OpenDB(t, testenv.SQLite)
	for name, query := range map[string]store.Statement{
		"startups":  store.StartupsQuery(),
		"revisions": store.RevisionsQuery(db, []string{"a", "b"}),
		// Its index converts budgets into the base currency (migration 0031).
		"highest pay": store.OpenMarketQuery("pay"),
	} {
		rows, err := db.Raw("EXPLAIN QUERY PLAN "+query.SQL, query.Args...).Rows()
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
			t.Errorf("%s: %s\nplan: %s", name, query.SQL, strings.Join(plan, "; "))
		}
	}
}

// TestPostgresPlans_studentTasksPlannedOnce: PostgreSQL keeps one plan for a prepared statement
// only when it is estimated no worse than a plan made for the values given. A student's tasks
// include those assigned to them; with every other task's assigned_student_id empty, a plan for any
// student took "assigned_student_id = $n" for half the table and read all of it, so each call of
// the dashboard's lists was planned again (docs/performance.md, "Round trips and query plans"). The
// plan for any student now reads the partial index of assigned tasks (migration 0020).
func TestPostgresPlans_studentTasksPlannedOnce(t *testing.T) {
	db := testenv.OpenDB(t, testenv.Postgres)
	s := store.Tasks{DB: db}
	startup := newMarketUser(t, db, accounts.Startup, "Acme")
	student := newMarketUser(t, db, accounts.Student, "Ada")
	open := newMarketTask(t, s, startup.ID, nil)
	newMarketTask(t, s, startup.ID, func(task *tasks.Task) { task.AssignedStudentID = student.ID })
	// 2,000 more open tasks, copies of the first, and the statistics a deployment keeps.
	err := db.Exec(`INSERT INTO tasks SELECT (jsonb_populate_record(NULL::tasks,
		to_jsonb(t) || jsonb_build_object('id', gen_random_uuid()::text))).* FROM tasks t, generate_series(1, 2000) WHERE t.id = ?`, open.ID).Error
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Exec("ANALYZE tasks").Error; err != nil {
		t.Fatal(err)
	}
	built := store.StudentTasksQuery(db, student.ID)
	args := make([]string, len(built.Args))
	for i, v := range built.Args {
		id, ok := v.(string)
		if !ok || strings.Contains(id, "'") {
			t.Fatalf("parameter %d is %#v, not a student id", i+1, v)
		}
		args[i] = "'" + id + "'"
	}
	var plan []string
	err = db.Transaction(func(tx *gorm.DB) error {
		// The plan PostgreSQL would keep for every student, as it decides whether to keep one.
		for _, stmt := range []string{"SET LOCAL plan_cache_mode = force_generic_plan", "PREPARE student_tasks AS " + built.Rebound()} {
			if err := tx.Exec(stmt).Error; err != nil {
				return err
			}
		}
		if err := tx.Raw(fmt.Sprintf("EXPLAIN EXECUTE student_tasks(%s)", strings.Join(args, ", "))).Scan(&plan).Error; err != nil {
			return err
		}
		return tx.Exec("DEALLOCATE student_tasks").Error
	})
	if err != nil {
		t.Fatal(err)
	}
	if joined := strings.Join(plan, "\n"); !strings.Contains(joined, "idx_tasks_assigned ") || strings.Contains(joined, "Seq Scan on tasks") {
		t.Errorf("the plan for any student does not read the assigned tasks' index:\n%s\n%s", built.Rebound(), joined)
	}
}
