package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// payInBaseSQL sets a task's pay in the base currency from its budget and the currency_rates
// table: pay_rated when its currency has a rate, and then pay_max_base and pay_min_base its
// budget's top (its max, or its min when it has only a min, as tasks.PayRange pays) and min
// converted; without a rate they hold the budget as it is, so that those tasks, sorted
// after every converted one, keep their own order. row names the task's row: "tasks" in an
// UPDATE of the table, NEW in a trigger.
func payInBaseSQL(row string) [3]string {
	rate := "(SELECT r.rate FROM currency_rates r WHERE r.currency = " + row + ".currency)"
	top := "CASE WHEN " + row + ".budget_max >= " + row + ".budget_min THEN " + row + ".budget_max ELSE " + row + ".budget_min END"
	return [3]string{
		"EXISTS (SELECT 1 FROM currency_rates r WHERE r.currency = " + row + ".currency)",
		"COALESCE(" + top + " * " + rate + ", " + top + ")",
		"COALESCE(" + row + ".budget_min * " + rate + ", " + row + ".budget_min)",
	}
}

// setPayInBaseSQL is the UPDATE of every task's pay in the base currency, as the rates now are.
func setPayInBaseSQL() string {
	pay := payInBaseSQL("tasks")
	return "UPDATE tasks SET pay_rated = " + pay[0] + ", pay_max_base = " + pay[1] + ", pay_min_base = " + pay[2]
}

// migrateCurrencyRates lets "Highest pay" compare budgets across currencies in the database, so
// that pages stay whole: currency_rates holds the operator's rates into the base currency (the
// server rewrites it from CURRENCY_RATES at start, Tasks.SetCurrencyRates), and each task keeps
// its budget converted in sort columns with the index the open market reads in that order, in
// place of 0017's on raw amounts. Triggers keep the columns right on every write of a budget or
// its currency, whichever statement makes it.
func migrateCurrencyRates() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0031_currency_rates",
		Migrate: func(tx *gorm.DB) error {
			statements := []string{
				"CREATE TABLE currency_rates (currency VARCHAR(3) PRIMARY KEY, rate DOUBLE PRECISION NOT NULL)",
				"ALTER TABLE tasks ADD COLUMN pay_rated BOOLEAN NOT NULL DEFAULT false",
				"ALTER TABLE tasks ADD COLUMN pay_max_base DOUBLE PRECISION NOT NULL DEFAULT 0",
				"ALTER TABLE tasks ADD COLUMN pay_min_base DOUBLE PRECISION NOT NULL DEFAULT 0",
				setPayInBaseSQL(),
				"CREATE INDEX idx_tasks_listed_pay_base ON tasks (listed, pay_rated DESC, pay_max_base DESC, pay_min_base DESC, id)",
				"DROP INDEX idx_tasks_listed_pay",
			}
			statements = append(statements, payTriggers(tx)...)
			for _, stmt := range statements {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			statements := []string{"DROP TRIGGER tasks_pay_insert ON tasks", "DROP TRIGGER tasks_pay_update ON tasks", "DROP FUNCTION tasks_pay_in_base"}
			if !IsPostgres(tx) {
				statements = []string{"DROP TRIGGER tasks_pay_insert", "DROP TRIGGER tasks_pay_update"}
			}
			statements = append(statements,
				"CREATE INDEX idx_tasks_listed_pay ON tasks (listed, budget_max DESC, budget_min DESC, id)",
				"DROP INDEX idx_tasks_listed_pay_base",
				"ALTER TABLE tasks DROP COLUMN pay_min_base",
				"ALTER TABLE tasks DROP COLUMN pay_max_base",
				"ALTER TABLE tasks DROP COLUMN pay_rated",
				"DROP TABLE currency_rates")
			for _, stmt := range statements {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// payTriggers are the statements making the triggers that convert a task's budget when it is
// written. PostgreSQL sets the new row before it is stored; SQLite, whose triggers cannot,
// updates the row just written (the update leaves the budget alone, so it triggers nothing).
func payTriggers(db *gorm.DB) []string {
	const written = "budget_min, budget_max, currency ON tasks"
	if IsPostgres(db) {
		pay := payInBaseSQL("NEW")
		return []string{
			"CREATE FUNCTION tasks_pay_in_base() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN " +
				"NEW.pay_rated := " + pay[0] + "; NEW.pay_max_base := " + pay[1] + "; NEW.pay_min_base := " + pay[2] +
				"; RETURN NEW; END $$",
			"CREATE TRIGGER tasks_pay_insert BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION tasks_pay_in_base()",
			"CREATE TRIGGER tasks_pay_update BEFORE UPDATE OF " + written + " FOR EACH ROW EXECUTE FUNCTION tasks_pay_in_base()",
		}
	}
	update := setPayInBaseSQL() + " WHERE id = NEW.id; END"
	return []string{
		"CREATE TRIGGER tasks_pay_insert AFTER INSERT ON tasks BEGIN " + update,
		"CREATE TRIGGER tasks_pay_update AFTER UPDATE OF " + written + " BEGIN " + update,
	}
}
