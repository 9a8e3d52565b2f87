package store

import (
	"database/sql"
	"testing"
	"time"
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

// TestSelectList: PostgreSQL reads the columns as they are; SQLite reads each column as a no-op
// expression under the column's own name (gorm's reads by name still find it), and leaves an
// expression as it is.
func TestSelectList(t *testing.T) {
	l := newSelectList("tasks.deadline", "id", "COALESCE(first_name, '') AS first_name")
	if want := "tasks.deadline, id, COALESCE(first_name, '') AS first_name"; l.postgres != want {
		t.Errorf("postgres: %q, want %q", l.postgres, want)
	}
	if want := "+tasks.deadline AS deadline, +id AS id, COALESCE(first_name, '') AS first_name"; l.sqlite != want {
		t.Errorf("sqlite: %q, want %q", l.sqlite, want)
	}
}
