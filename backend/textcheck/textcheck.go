// Package textcheck is the one rule for text users send, applied to every string of every JSON
// body and query (httpapi's readJSON and query check) before any domain sees it. PostgreSQL
// refuses NUL and invalid UTF-8 with an error, SQLite stores them as they are, and control or
// direction-override characters in a name or title can make a page say something else than the
// data (a file name "gpj.exe" shown as "exe.jpg"): such text gets a 400 with a field message on
// either database instead. Excerpt is the one cut of such text that previews and mails quote.
package textcheck

import (
	"strings"
	"unicode/utf8"
)

// Message is the field message for text that breaks the rule.
const Message = "This text contains characters that are not allowed (control or direction characters)."

// Allowed reports whether s is valid UTF-8 without control characters (U+0000–U+001F other than
// tab, newline and carriage return, and U+007F) and, unless multiline, without bidi overrides,
// embeddings and isolates (U+202A–U+202E, U+2066–U+2069). Only text shown as a block of its own
// (descriptions, bios) is multiline here and keeps them: a paragraph in Arabic or Hebrew may need
// them. Chat messages, review notes and rating comments hold newlines (every field may) but are
// not multiline: they are also shown on one line (the conversation list, the bell, a mail's
// quote), where an override reverses what follows it ("Invoice \u202egpj.exe" as "Invoice
// exe.jpg"). Arabic and Hebrew need no override to be written.
func Allowed(s string, multiline bool) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
		case r < 0x20 || r == 0x7f:
			return false
		case !multiline && (r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069):
			return false
		}
	}
	return true
}

// Excerpt is the first paragraph of what a user wrote, on one line, for a preview or a mail's
// quote: the text up to its first line break (a mail never carries a user's layout, so a second
// paragraph cannot pose as the mail's own next lines), whitespace collapsed, at most max runes.
// An ellipsis ends it when anything was cut.
func Excerpt(text string, max int) string {
	text = strings.TrimSpace(text)
	first, _, more := strings.Cut(strings.Map(lineBreak, text), "\n")
	out := strings.Join(strings.Fields(first), " ")
	if r := []rune(out); len(r) > max {
		return strings.TrimRight(string(r[:max-1]), " ") + "…"
	}
	if more {
		return out + " …"
	}
	return out
}

// lineBreak maps every character that ends a line (Unicode's mandatory breaks) to a newline.
func lineBreak(r rune) rune {
	switch r {
	case '\r', '\v', '\f', 0x85, 0x2028, 0x2029:
		return '\n'
	}
	return r
}
