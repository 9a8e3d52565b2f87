package pdftext

import (
	"slices"
	"unicode"
)

// paragraph draws text centered in lines h high within width from (x, y), wrapping as fpdf's
// MultiCell does (at spaces, or inside a word longer than a line) and also between CJK
// characters, which are written without spaces. Like MultiCell it leaves the position below
// the last line.
func (w *Writer) Paragraph(x, y, width, h float64, tf Typeface, size float64, text string) {
	maxWidth := width - 2*w.pdf.GetCellMargin()
	fits := func(line []styledRune) bool {
		return w.width(trimSpaces(line), size) <= maxWidth
	}
	var lines [][]styledRune
	var line []styledRune
	for _, word := range words(w.style(tf, text)) {
		if len(line) > 0 && !fits(slices.Concat(line, word)) {
			lines = append(lines, line)
			line = nil
		}
		for len(line) == 0 && len(word) > 1 && !fits(word) {
			n := 1
			for n < len(word) && fits(word[:n+1]) {
				n++
			}
			lines = append(lines, word[:n])
			word = word[n:]
		}
		line = append(line, word...)
	}
	lines = append(lines, line)
	for i, l := range lines {
		w.draw(x, y+float64(i)*h, width, h, "C", size, trimSpaces(l))
	}
	w.pdf.SetY(y + float64(len(lines))*h)
}

// words splits a line where it may break: after spaces, and before and after an ideograph or
// kana. A word keeps the spaces that follow it.
func words(line []styledRune) [][]styledRune {
	var out [][]styledRune
	start := 0
	for i := 1; i < len(line); i++ {
		prev, r := line[i-1].r, line[i].r
		if (prev == ' ' && r != ' ') || isIdeographic(r) || (isIdeographic(prev) && r != ' ') {
			out = append(out, line[start:i])
			start = i
		}
	}
	if start < len(line) {
		out = append(out, line[start:])
	}
	return out
}

func isIdeographic(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

func trimSpaces(line []styledRune) []styledRune {
	for len(line) > 0 && line[0].r == ' ' {
		line = line[1:]
	}
	for len(line) > 0 && line[len(line)-1].r == ' ' {
		line = line[:len(line)-1]
	}
	return line
}
