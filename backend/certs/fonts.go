package certs

import (
	"embed"
	"fmt"
	"sync"

	"golang.org/x/image/font/sfnt"
)

// The fonts are Debian's files, unmodified; scripts/cert-fonts.sh produced this directory and
// records where each file came from. Their licences (OFL 1.1, Apache 2.0) sit beside them.
//
//go:embed fonts/*.ttf
var fontFiles embed.FS

// A face is one embedded font file. Its cmap is read once per process, lazily, so that a
// server that never renders a certificate does not parse 6 MB of fonts.
type face struct {
	file string // name under fonts/, also the fpdf family name it is registered as

	once sync.Once
	data []byte
	font *sfnt.Font
	err  error
}

func (f *face) load() error {
	f.once.Do(func() {
		f.data, f.err = fontFiles.ReadFile("fonts/" + f.file)
		if f.err == nil {
			f.font, f.err = sfnt.Parse(f.data)
		}
		if f.err != nil {
			f.err = fmt.Errorf("certificate font %s: %w", f.file, f.err)
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
	notoSans                = &face{file: "NotoSans-Regular.ttf"}
	notoSansBold            = &face{file: "NotoSans-Bold.ttf"}
	notoSerifBoldItalic     = &face{file: "NotoSerif-BoldItalic.ttf"}
	notoSansDevanagari      = &face{file: "NotoSansDevanagari-Regular.ttf"}
	notoSansDevanagariBold  = &face{file: "NotoSansDevanagari-Bold.ttf"}
	notoSerifDevanagariBold = &face{file: "NotoSerifDevanagari-Bold.ttf"}
	// Droid Sans Fallback has one weight; CJK text is set regular wherever Latin is bold.
	droidSansFallback = &face{file: "DroidSansFallbackFull.ttf"}
)

// A typeface is the list of faces a style draws with, in order of preference: each character
// goes to the first face that has it. Noto Sans and Noto Serif cover Latin, Greek and Cyrillic;
// Devanagari and CJK have fonts of their own.
type typeface []*face

var (
	sans            = typeface{notoSans, notoSansDevanagari, droidSansFallback}
	sansBold        = typeface{notoSansBold, notoSansDevanagariBold, droidSansFallback}
	serifBoldItalic = typeface{notoSerifBoldItalic, notoSerifDevanagariBold, droidSansFallback}
)
