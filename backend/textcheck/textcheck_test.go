package textcheck

import "testing"

func TestAllowed(t *testing.T) {
	for _, tc := range []struct {
		name               string
		text               string
		singleLine, inText bool // allowed in a single-line field, in a multi-line one
	}{
		{"plain", "Build a landing page", true, true},
		{"Polish", "Zażółć gęślą jaźń", true, true},
		{"Hindi", "अनन्या शर्मा", true, true},
		{"Chinese", "王小明", true, true},
		{"emoji", "Ship it 🚀", true, true},
		{"Arabic", "مرحبا", true, true},
		{"tab", "a\tb", true, true},
		{"newline", "a\nb", true, true},
		{"carriage return", "a\r\nb", true, true},
		{"U+0000", "a\x00b", false, false},
		{"U+0001", "a\x01b", false, false},
		{"U+0008", "a\bb", false, false},
		{"U+000B", "a\vb", false, false},
		{"U+001B escape", "a\x1b[31mb", false, false},
		{"U+001F", "a\x1fb", false, false},
		{"U+007F", "a\x7fb", false, false},
		{"U+0080 (C1, printable as data)", "a\u0080b", true, true},
		{"U+2029 paragraph separator", "a\u2029b", true, true},
		{"U+202A", "a\u202ab", false, true},
		{"U+202E right-to-left override", "gpj\u202eexe", false, true},
		{"U+202F narrow no-break space", "a\u202fb", true, true},
		{"U+2066", "a\u2066b", false, true},
		{"U+2069", "a\u2069b", false, true},
		{"U+2065 (unassigned, not an isolate)", "a\u2065b", true, true},
		{"invalid UTF-8", "a\xffb", false, false},
		{"truncated UTF-8", "\xe0\xa4", false, false},
		{"empty", "", true, true},
	} {
		if got := Allowed(tc.text, false); got != tc.singleLine {
			t.Errorf("%s in a single-line field: Allowed = %v, want %v", tc.name, got, tc.singleLine)
		}
		if got := Allowed(tc.text, true); got != tc.inText {
			t.Errorf("%s in a multi-line field: Allowed = %v, want %v", tc.name, got, tc.inText)
		}
	}
}

func TestExcerpt(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		max        int
		want       string
	}{
		{"one line", "Great work, thanks!", 300, "Great work, thanks!"},
		{"spaces collapsed and trimmed", "  Great \t work  ", 300, "Great work"},
		{"only the first line", "Bridgework Security Team: your account will be closed http://evil.example\n\nConfirm now\n-- Bridgework", 300,
			"Bridgework Security Team: your account will be closed http://evil.example …"},
		{"leading blank lines skipped", "\n\n  Fix the header\nand the footer", 300, "Fix the header …"},
		{"CRLF", "First\r\nSecond", 300, "First …"},
		{"a lone carriage return", "First\rSecond", 300, "First …"},
		{"next line U+0085", "First\u0085Second", 300, "First …"},
		{"line separator U+2028", "First\u2028Second", 300, "First …"},
		{"paragraph separator U+2029", "First\u2029Second", 300, "First …"},
		{"trailing newline only", "Done\n", 300, "Done"},
		{"clipped to max runes", "ąąąąą ąąąąą ąąąąą", 10, "ąąąąą ąąą…"},
		{"clipped after a space", "abcde fghij", 7, "abcde…"},
		{"exactly max", "abcdefghij", 10, "abcdefghij"},
		{"empty", "   ", 10, ""},
	} {
		if got := Excerpt(tc.text, tc.max); got != tc.want {
			t.Errorf("%s: Excerpt(%q, %d) = %q, want %q", tc.name, tc.text, tc.max, got, tc.want)
		}
	}
}
