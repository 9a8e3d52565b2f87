package pdftext

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/sfnt"
)

// replacement stands for a character no embedded font has (an emoji, Hangul, Arabic…), so
// that the rest of the name still prints and the gap shows.
const replacement = '\uFFFD'

// Writer draws text on one PDF with the embedded fonts. Each character goes to the first
// face of the Typeface that has it, so one line can mix Noto Sans, Noto Sans Devanagari and
// Droid Sans Fallback; Devanagari runs are shaped (shape.go). A face is added to the PDF the
// first time it draws, cut to the characters of this document (see subsetFont): those
// declared to NewWriter, plus fixedChars for the wording the code itself writes.
type Writer struct {
	pdf    *fpdf.Fpdf
	chars  []rune                    // sorted: every character this document may draw
	glyphs map[*face]map[rune]uint16 // per face, the glyph of each of chars it has
	added  map[*face]bool
	// Per shaping face, the private-use code point each glyph its ligatures can produce is
	// drawn with: fpdf draws only characters, through the cmap of the font it embeds.
	shaped map[*face]map[uint16]rune
	err    error
}

// fixedChars are always in a document's fonts: printable ASCII, Latin-1 and the typographic
// punctuation (dashes, quotes, bullet, ellipsis), so fixed wording never needs declaring.
var fixedChars = [][2]rune{{0x20, 0x7E}, {0xA0, 0xFF}, {0x2010, 0x2027}, {replacement, replacement}}

func NewWriter(pdf *fpdf.Fpdf, texts ...string) *Writer {
	set := map[rune]bool{}
	for _, span := range fixedChars {
		for r := span[0]; r <= span[1]; r++ {
			set[r] = true
		}
	}
	for _, text := range texts {
		for _, r := range text {
			set[r] = true
		}
	}
	chars := make([]rune, 0, len(set))
	for r := range set {
		chars = append(chars, r)
	}
	slices.Sort(chars)
	return &Writer{pdf: pdf, chars: chars, glyphs: map[*face]map[rune]uint16{}, added: map[*face]bool{},
		shaped: map[*face]map[uint16]rune{}}
}

// coverage returns the glyphs f has for this document's characters.
func (w *Writer) coverage(f *face) map[rune]uint16 {
	if m, ok := w.glyphs[f]; ok {
		return m
	}
	m := map[rune]uint16{}
	if err := f.load(); err != nil {
		w.fail(err)
	} else {
		var buf sfnt.Buffer
		for _, r := range w.chars {
			if g := f.glyph(&buf, r); g != 0 {
				m[r] = g
			}
		}
	}
	w.glyphs[f] = m
	return m
}

// Err is the first error drawing met (a font that would not load), or nil.
func (w *Writer) Err() error { return w.err }

func (w *Writer) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// use makes f the PDF's current font at size points, adding it to the PDF first if needed.
func (w *Writer) use(f *face, size float64) {
	if !w.added[f] {
		w.added[f] = true
		cov := w.coverage(f)
		runes := make([]rune, 0, len(cov))
		for r := range cov {
			runes = append(runes, r)
		}
		if f.shaper != nil {
			pua := map[uint16]rune{}
			for i, g := range f.shaper.reachable(slices.Collect(maps.Values(cov))) {
				pua[g] = privateUse + rune(i)
				runes = append(runes, privateUse+rune(i))
			}
			w.shaped[f] = pua
		}
		slices.Sort(runes)
		glyphs := make([]uint16, len(runes))
		for i, r := range runes {
			glyphs[i] = cov[r]
		}
		for g, r := range w.shaped[f] {
			glyphs[slices.Index(runes, r)] = g
		}
		data, err := subsetFont(f.data, runes, glyphs)
		if err != nil {
			w.fail(err)
			return
		}
		w.pdf.AddUTF8FontFromBytes(f.name, "", data)
	}
	w.pdf.SetFont(f.name, "", size)
}

// privateUse is where the code points of shaped glyphs start (Unicode's Private Use Area).
const privateUse = '\uE000'

// glyphText returns what to hand fpdf to draw text in f: the text itself, or for a shaping
// face its shaped glyphs as private-use code points (ok is then true).
func (w *Writer) glyphText(f *face, text string) (drawn string, ok bool) {
	pua := w.shaped[f]
	if pua == nil {
		return text, false
	}
	cov := w.glyphs[f]
	glyphs := f.shaper.shape([]rune(text), func(r rune) uint16 { return cov[r] })
	out := make([]rune, len(glyphs))
	for i, g := range glyphs {
		if out[i], ok = pua[g]; !ok {
			return text, false // not foreseen by reachable: draw it unshaped rather than wrong
		}
	}
	return string(out), true
}

// A styledRune is a character and the face that draws it.
type styledRune struct {
	r    rune
	face *face
}

// style assigns each character of s a face of tf. A character that is not a letter (space,
// digit, punctuation, combining mark) stays in the face of the one before when that face has
// it, so a Hindi name's spaces and vowel signs do not split it into runs of Noto Sans.
func (w *Writer) style(tf Typeface, s string) []styledRune {
	out := make([]styledRune, 0, len(s))
	var prev *face
	for _, r := range s {
		if unicode.IsSpace(r) {
			r = ' '
		}
		f := w.pick(tf, prev, r)
		if f == nil && unicode.In(r, unicode.Cf, unicode.Variation_Selector) {
			continue // invisible anyway, as an emoji's U+FE0F: a replacement would add a gap
		}
		if f == nil {
			r = replacement
			f = w.pick(tf, prev, r)
		}
		if f == nil {
			continue // no face has even the replacement character: there is nothing to draw
		}
		out = append(out, styledRune{r, f})
		prev = f
	}
	return out
}

func (w *Writer) pick(tf Typeface, prev *face, r rune) *face {
	if prev != nil && !unicode.IsLetter(r) {
		if _, ok := w.coverage(prev)[r]; ok {
			return prev
		}
	}
	for _, f := range tf {
		if _, ok := w.coverage(f)[r]; ok {
			return f
		}
	}
	return nil
}

// runs splits a styled line into maximal runs of one face and calls fn with each run's face
// and text.
func runs(line []styledRune, fn func(f *face, text string)) {
	for start := 0; start < len(line); {
		end := start + 1
		for end < len(line) && line[end].face == line[start].face {
			end++
		}
		var b strings.Builder
		for _, sr := range line[start:end] {
			b.WriteRune(sr.r)
		}
		fn(line[start].face, b.String())
		start = end
	}
}

func (w *Writer) width(line []styledRune, size float64) float64 {
	total := 0.0
	runs(line, func(f *face, text string) {
		w.use(f, size)
		drawn, _ := w.glyphText(f, text)
		total += w.pdf.GetStringWidth(drawn)
	})
	return total
}

// line draws text on one line in the box (x, y, width, h), aligned "L", "C" or "R" and placed
// as fpdf's CellFormat places a cell's text.
func (w *Writer) Line(x, y, width, h float64, align string, tf Typeface, size float64, text string) {
	w.draw(x, y, width, h, align, size, w.style(tf, text))
}

func (w *Writer) draw(x, y, width, h float64, align string, size float64, line []styledRune) {
	textWidth := w.width(line, size)
	margin := w.pdf.GetCellMargin()
	switch align {
	case "C":
		x += (width - textWidth) / 2
	case "R":
		x += width - margin - textWidth
	default:
		x += margin
	}
	runs(line, func(f *face, text string) {
		w.use(f, size)
		_, unitSize := w.pdf.GetFontSize()
		drawn, shaped := w.glyphText(f, text)
		if shaped {
			// Text extraction and search read the characters, not the private-use glyphs.
			w.pdf.RawWriteStr("/Span <</ActualText <" + utf16Hex(text) + ">>> BDC")
		}
		w.pdf.Text(x, y+0.5*h+0.3*unitSize, drawn)
		if shaped {
			w.pdf.RawWriteStr("EMC")
		}
		x += w.pdf.GetStringWidth(drawn)
	})
}

// utf16Hex encodes text as a PDF hex string in UTF-16BE with its byte order mark.
func utf16Hex(text string) string {
	var b strings.Builder
	b.WriteString("FEFF")
	for _, u := range utf16.Encode([]rune(text)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	return b.String()
}
