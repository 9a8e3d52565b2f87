package store

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// driverParse is how glebarez/go-sqlite itself reads s from a DATETIME column: a time.Time, or
// the text left as it is when the driver cannot read it.
func driverParse(t *testing.T, db *sql.DB, s string) (time.Time, bool) {
	t.Helper()
	if _, err := db.Exec(`DELETE FROM times`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO times (at) VALUES (?)`, s); err != nil {
		t.Fatal(err)
	}
	var v any
	if err := db.QueryRow(`SELECT at FROM times`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	parsed, ok := v.(time.Time)
	return parsed, ok
}

// TestParseTimeText: the one-pass reading of the driver's own form, and the layouts for any
// other, give what the driver itself reads from a DATETIME column, to the nanosecond and the
// offset; what the driver cannot read is an error.
func TestParseTimeText(t *testing.T) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // one in-memory database
	if _, err := db.Exec(`CREATE TABLE times (at DATETIME)`); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"2026-11-28 20:31:05.123456789+00:00",
		"2026-11-28 20:31:05+00:00",
		"2026-11-28 20:31:05.1-07:00",
		"2026-11-28 20:31:05.000001+05:30",
		"2024-02-29 23:59:59.999999999+00:00",
		"0001-01-01 00:00:00+00:00", // a zero time.Time, as the driver writes it
		"2026-11-28 20:31:05",       // CURRENT_TIMESTAMP's form
		"2026-11-28T20:31:05Z",
		"2026-11-28T20:31:05.5+01:00",
		"2026-11-28",
		"2026-02-30 10:00:00+00:00", // no such day
		"2026-13-01 10:00:00+00:00",
		"2026-11-28 24:00:00+00:00",
		"2026-11-28 20:31:05.+00:00",
		"2026-11-28 20:31:05+0000",
		"2026-11-28 20:31:05.1234567891+00:00",
		"not a time",
		"",
	} {
		got, err := parseTimeText(s)
		want, ok := driverParse(t, db, s)
		if !ok {
			if err == nil {
				t.Errorf("parseTimeText(%q) = %v, want an error", s, got)
			}
			continue
		}
		_, gotOffset := got.Zone()
		_, wantOffset := want.Zone()
		if err != nil || !got.Equal(want) || gotOffset != wantOffset {
			t.Errorf("parseTimeText(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	// Not only the same as the reference: the right instant.
	got, err := parseTimeText("2026-11-28 20:31:05.000000042-02:30")
	if want := time.Date(2026, 11, 28, 23, 1, 5, 42, time.UTC); err != nil || !got.Equal(want) {
		t.Errorf("got %v, %v; want %v", got, err, want)
	}
}

// TestTimesAsText: a row's time targets take the driver's text, a parsed time.Time (PostgreSQL
// inside a transaction) and, where nullable, NULL; other targets are left as they are.
func TestTimesAsText(t *testing.T) {
	var at time.Time
	var maybe *time.Time
	var name string
	fields := timesAsText([]any{&at, &maybe, &name})
	if fields[2] != any(&name) {
		t.Fatalf("a string's target was replaced: %T", fields[2])
	}
	scan := func(i int, v any) {
		t.Helper()
		if err := fields[i].(interface{ Scan(any) error }).Scan(v); err != nil {
			t.Fatalf("Scan(%v): %v", v, err)
		}
	}
	scan(0, "2026-11-28 20:31:05.5+00:00")
	if want := time.Date(2026, 11, 28, 20, 31, 5, 5e8, time.UTC); !at.Equal(want) {
		t.Errorf("text: %v, want %v", at, want)
	}
	parsed := time.Date(2025, 1, 2, 3, 4, 5, 6, time.UTC)
	scan(0, parsed)
	scan(1, []byte("2026-11-28 20:31:05+00:00"))
	if !at.Equal(parsed) || maybe == nil || !maybe.Equal(time.Date(2026, 11, 28, 20, 31, 5, 0, time.UTC)) {
		t.Errorf("time.Time and bytes: %v, %v", at, maybe)
	}
	scan(1, nil)
	if maybe != nil {
		t.Errorf("NULL: %v, want nil", maybe)
	}
	if err := fields[0].(interface{ Scan(any) error }).Scan(int64(7)); err == nil {
		t.Error("an integer scanned as a time")
	}
}

// TestOnSQLite: SQLite reads each column of the select list as a no-op expression under the
// column's own name, leaves an expression as it is, and reads the times from their text; the
// rest of the statement, and PostgreSQL's statements, are left as they are.
func TestOnSQLite(t *testing.T) {
	type row struct {
		At   time.Time
		Name string
	}
	cols := columnsOf(column[row]{"tasks.deadline", func(r *row) any { return &r.At }},
		column[row]{"COALESCE(users.first_name, '')", func(r *row) any { return &r.Name }})
	s := sqlOf("SELECT "+cols.list+" FROM tasks WHERE tasks.deadline > ? ORDER BY tasks.deadline", 1)
	got, sqliteCols := onSQLite(&gorm.DB{Config: &gorm.Config{Dialector: sqlite.Dialector{}}}, s, cols)
	if want := "SELECT +tasks.deadline AS deadline, COALESCE(users.first_name, '') FROM tasks WHERE tasks.deadline > ? ORDER BY tasks.deadline"; got.sql != want {
		t.Errorf("sqlite: %q, want %q", got.sql, want)
	}
	var r row
	if targets := sqliteCols.scanTargets(&r); targets[0] == any(&r.At) || targets[1] != any(&r.Name) {
		t.Errorf("sqlite targets: %T, %T; want the time read from text, the string as it is", targets[0], targets[1])
	}
	if again, _ := onSQLite(&gorm.DB{Config: &gorm.Config{Dialector: sqlite.Dialector{}}}, got, sqliteCols); again.sql != got.sql {
		t.Errorf("adapted twice: %q", again.sql)
	}
	if pg, _ := onSQLite(&gorm.DB{Config: &gorm.Config{Dialector: postgres.Dialector{}}}, s, cols); pg.sql != s.sql {
		t.Errorf("postgres: %q, want it as it was", pg.sql)
	}
}

// BenchmarkSQLiteText reads a startup's 50 tasks on SQLite with every column of the list read as
// an expression ("expressions", as the store reads them) and as the plain columns ("columns"):
// the figure that keeps the expressions (sqlite_text.go).
func BenchmarkSQLiteText(b *testing.B) {
	db, err := OpenSQLite(filepath.Join(b.TempDir(), "bench.db"), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		b.Fatal(err)
	}
	if err := db.AutoMigrate(&taskRow{}); err != nil {
		b.Fatal(err)
	}
	now := time.Now().UTC()
	for i := range 50 {
		row := taskRow{ID: NewID(), StartupID: "startup", Title: fmt.Sprintf("Task %d", i), Skills: `["Go"]`, Attachments: "[]",
			Deadline: now.Add(time.Duration(i) * time.Hour), Status: "open", CreatedAt: now, UpdatedAt: now}
		if err := db.Create(&row).Error; err != nil {
			b.Fatal(err)
		}
	}
	s := sqlOf("SELECT "+taskColumns.list+" FROM tasks WHERE tasks.startup_id = ? ORDER BY tasks.created_at DESC, tasks.id DESC", "startup")
	for _, v := range []struct {
		name string
		read func() ([]taskRow, error)
	}{
		{"expressions", func() ([]taskRow, error) { return rowsOf(db, s, taskColumns) }},
		{"columns", func() ([]taskRow, error) {
			var out []taskRow
			err := readAlone(db, s, func(rows rowSource) error {
				return scanRows(rows, taskColumns, 0, func(all []taskRow) error { out = all; return nil })
			})
			return out, err
		}},
	} {
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if rows, err := v.read(); err != nil || len(rows) != 50 {
					b.Fatal(len(rows), err)
				}
			}
		})
	}
}
