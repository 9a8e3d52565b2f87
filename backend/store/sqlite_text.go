package store

import (
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// On SQLite the driver (glebarez/go-sqlite) looks up the declared type of every text value's
// column as it reads it (two allocations each), and turns the text of a DATETIME column into a
// time.Time by trying time.Parse with one layout after another (two parses a value). So the
// reads name their columns as no-op expressions there ("+tasks.deadline AS deadline"): an
// expression has no declared type, the driver hands over the text as it is, and timesAsText
// reads the times in one pass over the layout the driver writes (BenchmarkSQLiteText). WHERE,
// ORDER BY and GROUP BY name their columns with their table, so they still reach the table's
// columns and indexes rather than the expressions.

// asExpressions is a select list of names as SQLite reads it: each column a no-op expression
// named as the column; an expression stays as it is.
func asExpressions(names []string) string {
	out := make([]string, len(names))
	for i, name := range names {
		out[i] = name
		if !strings.ContainsAny(name, " (") {
			out[i] = "+" + name + " AS " + name[strings.LastIndex(name, ".")+1:]
		}
	}
	return strings.Join(out, ", ")
}

// onSQLite is the read of s into cols as SQLite runs it: its select list as expressions, its
// times read from their text. Elsewhere s and cols are as they are.
func onSQLite[T any](db *gorm.DB, s stmt, cols columns[T]) (stmt, columns[T]) {
	if IsPostgres(db) || cols.textTimes {
		return s, cols
	}
	s.sql = strings.Replace(s.sql, "SELECT "+cols.list+" ", "SELECT "+cols.sqlite+" ", 1)
	cols.list, cols.textTimes = cols.sqlite, true
	return s, cols
}

// timesAsText makes the times among fields (a row's scan targets) accept text as well as a
// time.Time. It converts the pointers, allocating nothing.
func timesAsText(fields []any) []any {
	for i, f := range fields {
		switch p := f.(type) {
		case *time.Time:
			fields[i] = (*textTime)(p)
		case **time.Time:
			fields[i] = nullTextTime{p}
		}
	}
	return fields
}

// textTime is a time.Time that scans from SQLite's text or from a driver's time.Time.
type textTime time.Time

func (t *textTime) Scan(v any) error {
	var text string
	switch v := v.(type) {
	case time.Time:
		*t = textTime(v)
		return nil
	case string:
		text = v
	case []byte:
		text = string(v)
	default:
		return fmt.Errorf("store: a %T is not a time", v)
	}
	parsed, err := parseTimeText(text)
	*t = textTime(parsed)
	return err
}

// nullTextTime is a *time.Time that scans as textTime does, or NULL as nil.
type nullTextTime struct{ p **time.Time }

func (n nullTextTime) Scan(v any) error {
	if v == nil {
		*n.p = nil
		return nil
	}
	var t textTime
	err := t.Scan(v)
	*n.p = (*time.Time)(&t)
	return err
}

// driverTimeLayouts are the forms glebarez/go-sqlite reads (formats 1 to 7 of SQLite's date
// functions), for times not written by the driver (none are today).
var driverTimeLayouts = []string{
	"2006-01-02 15:04:05.999999999-07:00", "2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02",
}

// parseTimeText reads a time as the SQLite driver writes it, "2006-01-02 15:04:05.999999999-07:00",
// in one pass; any other form through the layouts the driver reads.
func parseTimeText(s string) (time.Time, error) {
	if t, ok := parseDriverTime(s); ok {
		return t, nil
	}
	trimmed := strings.TrimSuffix(s, "Z")
	for _, layout := range driverTimeLayouts {
		if t, err := time.ParseInLocation(layout, trimmed, time.UTC); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("store: %q is not a time", s)
}

func parseDriverTime(s string) (time.Time, bool) {
	// 2006-01-02 15:04:05[.999999999]-07:00
	if len(s) < 25 || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' || s[16] != ':' {
		return time.Time{}, false
	}
	num := func(from, to int) int {
		n := 0
		for i := from; i < to; i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return -1
			}
			n = n*10 + int(c-'0')
		}
		return n
	}
	year, month, day := num(0, 4), num(5, 7), num(8, 10)
	hour, minute, second := num(11, 13), num(14, 16), num(17, 19)
	if year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 ||
		minute < 0 || minute > 59 || second < 0 || second > 59 {
		return time.Time{}, false
	}
	i, nanos := 19, 0
	if s[i] == '.' {
		i++
		digits := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if digits == 9 {
				return time.Time{}, false
			}
			nanos = nanos*10 + int(s[i]-'0')
			digits++
			i++
		}
		if digits == 0 {
			return time.Time{}, false
		}
		for ; digits < 9; digits++ {
			nanos *= 10
		}
	}
	if len(s) != i+6 || (s[i] != '+' && s[i] != '-') || s[i+3] != ':' {
		return time.Time{}, false
	}
	zoneHours, zoneMinutes := num(i+1, i+3), num(i+4, i+6)
	if zoneHours < 0 || zoneMinutes < 0 || zoneMinutes > 59 {
		return time.Time{}, false
	}
	offset := zoneHours*3600 + zoneMinutes*60
	if s[i] == '-' {
		offset = -offset
	}
	loc := time.UTC
	if offset != 0 {
		loc = time.FixedZone("", offset)
	}
	t := time.Date(year, time.Month(month), day, hour, minute, second, nanos, loc)
	// time.Date normalises a day past the month's end (Feb 30 → Mar 2); time.Parse refuses it.
	if t.Day() != day {
		return time.Time{}, false
	}
	return t, true
}
