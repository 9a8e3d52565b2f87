package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateAssignedTasks indexes only the tasks assigned to a student, the few whose
// assigned_student_id is not the empty string (mineIDsSQL reads them through it), in place of
// 0002's index of every task by (assigned_student_id, status), which no statement filters by status
// and which held every unassigned task under the empty string. PostgreSQL plans a prepared
// statement once only when that plan is estimated no worse than one made for the values given, and
// with that index a plan for any student took "assigned_student_id = $n" for half the table (two
// distinct values in the bench's data, the empty string and one student): every statement of a
// student's tasks was planned again on every call, 0.5–1.5 ms each, several times what running it
// took (TestPostgresPlans_studentTasksPlannedOnce; docs/performance.md, "Round trips and query
// plans").
func migrateAssignedTasks() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0020_assigned_tasks",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Exec("CREATE INDEX idx_tasks_assigned ON tasks (assigned_student_id) WHERE assigned_student_id <> ''").Error; err != nil {
				return err
			}
			return tx.Exec("DROP INDEX idx_tasks_assigned_status").Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Exec("CREATE INDEX idx_tasks_assigned_status ON tasks (assigned_student_id, status)").Error; err != nil {
				return err
			}
			return tx.Exec("DROP INDEX idx_tasks_assigned").Error
		},
	}
}
