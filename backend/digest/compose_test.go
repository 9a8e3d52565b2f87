package digest

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestQuote: what a user wrote is quoted as one paragraph in lines of at most quoteWidth runes,
// broken between words, a word longer than a line cut; so no line of a mail passes RFC 5322's
// 998 bytes, whatever script the quote is in.
func TestQuote(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"short", "Great work", []string{"Great work"}},
		{"first paragraph only", "Looks good\n\nBridgework Team", []string{"Looks good …"}},
		{"empty", " \n ", nil},
		{"between words", strings.Repeat("abcd ", 20), []string{strings.TrimSpace(strings.Repeat("abcd ", 14)), strings.TrimSpace(strings.Repeat("abcd ", 6))}},
		{"a long word cut", "see " + strings.Repeat("x", 100), []string{"see", strings.Repeat("x", 72), strings.Repeat("x", 28)}},
	} {
		if got := quote(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("%s: quote(%q) = %q, want %q", tc.name, tc.text, got, tc.want)
		}
	}
	emoji := strings.Repeat("😀", 400)
	lines := quote(emoji)
	if len(lines) != 5 || strings.Join(lines, "") != strings.Repeat("😀", quoteLen-1)+"…" {
		t.Errorf("a 400-emoji word: %d lines, %q", len(lines), lines)
	}
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > quoteWidth || len(l) > 998-len("  > ") {
			t.Errorf("a line of %d runes, %d bytes", n, len(l))
		}
	}
}
