package pdftext

import (
	_ "embed" // the fonts
	"fmt"
	"sync"

	"golang.org/x/image/font/sfnt"
)

// The fonts are Debian's files, unmodified; scripts/cert-fonts.sh produced fonts/ and records
// where each file came from. Their licences (OFL 1.1, Apache 2.0) sit beside them. Embedded as
// byte slices, they are read in place from the binary, never copied to the heap.
var (
	//go:embed fonts/NotoSans-Regular.ttf
	notoSansTTF []byte
	//go:embed fonts/NotoSans-Bold.ttf
	notoSansBoldTTF []byte
	//go:embed fonts/NotoSerif-BoldItalic.ttf
	notoSerifBoldItalicTTF []byte
	//go:embed fonts/NotoSansDevanagari-Regular.ttf
	notoSansDevanagariTTF []byte
	//go:embed fonts/NotoSansDevanagari-Bold.ttf
	notoSansDevanagariBoldTTF []byte
	//go:embed fonts/NotoSerifDevanagari-Bold.ttf
	notoSerifDevanagariBoldTTF []byte
	//go:embed fonts/DroidSansFallbackFull.ttf
	droidSansFallbackTTF []byte
)

// A face is one embedded font. Its tables are parsed once per process, on first use.
type face struct {
	name string // the fpdf family it is added to a document as
	data []byte

	once   sync.Once
	font   *sfnt.Font
	shaper *indicShaper // nil unless the font has Devanagari ligatures
	err    error
}

func (f *face) load() error {
	f.once.Do(func() {
		f.font, f.err = sfnt.Parse(f.data)
		if tables, err := readTables(f.data); err == nil {
			f.shaper = newIndicShaper(tables["GSUB"])
		}
		if f.err != nil {
			f.err = fmt.Errorf("certificate font %s: %w", f.name, f.err)
		}
	})
	return f.err
}

// glyph returns the glyph f draws r with, 0 if it has none. fpdf encodes text as UTF-16 code
// units mapped through a format 4 cmap, so runes beyond the BMP are never drawable.
func (f *face) glyph(buf *sfnt.Buffer, r rune) uint16 {
	if r > 0xFFFF {
		return 0
	}
	g, err := f.font.GlyphIndex(buf, r)
	if err != nil {
		return 0
	}
	return uint16(g)
}

var (
	notoSans                = &face{name: "NotoSans", data: notoSansTTF}
	notoSansBold            = &face{name: "NotoSans-Bold", data: notoSansBoldTTF}
	notoSerifBoldItalic     = &face{name: "NotoSerif-BoldItalic", data: notoSerifBoldItalicTTF}
	notoSansDevanagari      = &face{name: "NotoSansDevanagari", data: notoSansDevanagariTTF}
	notoSansDevanagariBold  = &face{name: "NotoSansDevanagari-Bold", data: notoSansDevanagariBoldTTF}
	notoSerifDevanagariBold = &face{name: "NotoSerifDevanagari-Bold", data: notoSerifDevanagariBoldTTF}
	// Droid Sans Fallback has one weight; CJK text is set regular wherever Latin is bold.
	droidSansFallback = &face{name: "DroidSansFallback", data: droidSansFallbackTTF}
)

// A Typeface is the list of faces a style draws with, in order of preference: each character
// goes to the first face that has it. Noto Sans and Noto Serif cover Latin, Greek and Cyrillic;
// Devanagari and CJK have fonts of their own.
type Typeface []*face

var (
	Sans            = Typeface{notoSans, notoSansDevanagari, droidSansFallback}
	SansBold        = Typeface{notoSansBold, notoSansDevanagariBold, droidSansFallback}
	SerifBoldItalic = Typeface{notoSerifBoldItalic, notoSerifDevanagariBold, droidSansFallback}
)
