package pdftext

import (
	"reflect"
	"slices"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// TestSubsetFont_keepsOutlinesAndAdvances cuts each embedded font to a few characters (among
// them composites such as "é" and "İ", whose components get new ids) and reads the cut font
// back with an independent parser: every character must map to the same outline and advance
// as in the whole font.
func TestSubsetFont_keepsOutlinesAndAdvances(t *testing.T) {
	for _, tc := range []struct {
		face *face
		text string
	}{
		{notoSans, "AéŁİ ΩЖё"},
		{notoSansBold, "ğüşıöç"},
		{notoSerifBoldItalic, "Ångström Ψ"},
		{notoSansDevanagari, "प्रिया"},
		{notoSansDevanagariBold, "शर्मा"},
		{notoSerifDevanagariBold, "डिज़ाइन"},
		{droidSansFallback, "王小明设计"},
	} {
		t.Run(tc.face.name, func(t *testing.T) {
			if err := tc.face.load(); err != nil {
				t.Fatal(err)
			}
			var buf sfnt.Buffer
			var runes []rune
			for _, r := range tc.text {
				if !slices.Contains(runes, r) {
					runes = append(runes, r)
				}
			}
			slices.Sort(runes)
			glyphs := make([]uint16, len(runes))
			for i, r := range runes {
				if glyphs[i] = tc.face.glyph(&buf, r); glyphs[i] == 0 {
					t.Fatalf("the whole font lacks %q", r)
				}
			}
			data, err := subsetFont(tc.face.data, runes, glyphs)
			if err != nil {
				t.Fatal(err)
			}
			cut, err := sfnt.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if cut.NumGlyphs() >= tc.face.font.NumGlyphs()/2 {
				t.Errorf("cut font has %d glyphs of %d", cut.NumGlyphs(), tc.face.font.NumGlyphs())
			}
			ppem := fixed.I(int(tc.face.font.UnitsPerEm()))
			for i, r := range runes {
				g, err := cut.GlyphIndex(&buf, r)
				if err != nil || g == 0 {
					t.Errorf("cut font has no glyph for %q (%v)", r, err)
					continue
				}
				want, err := tc.face.font.LoadGlyph(&buf, sfnt.GlyphIndex(glyphs[i]), ppem, nil)
				if err != nil {
					t.Fatal(err)
				}
				want = slices.Clone(want) // buf is reused by the next call
				got, err := cut.LoadGlyph(&buf, g, ppem, nil)
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("%q: outline differs (%v)", r, err)
				}
				wantAdv, _ := tc.face.font.GlyphAdvance(&buf, sfnt.GlyphIndex(glyphs[i]), ppem, font.HintingNone)
				gotAdv, _ := cut.GlyphAdvance(&buf, g, ppem, font.HintingNone)
				if gotAdv != wantAdv {
					t.Errorf("%q: advance %v, want %v", r, gotAdv, wantAdv)
				}
			}
		})
	}
}
