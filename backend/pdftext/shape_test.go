package pdftext

import (
	"slices"
	"testing"

	"golang.org/x/image/font/sfnt"
)

// TestIndicShaper checks the shaped glyphs of Hindi words in each embedded Devanagari font,
// by what a reader sees: conjuncts joined (no visible virama), ि before its consonant cluster,
// reph after the cluster it sits on.
func TestIndicShaper(t *testing.T) {
	for _, f := range []*face{notoSansDevanagari, notoSansDevanagariBold, notoSerifDevanagariBold} {
		if err := f.load(); err != nil {
			t.Fatal(err)
		}
		if f.shaper == nil {
			t.Fatalf("%s: no Devanagari shaper", f.name)
		}
		var buf sfnt.Buffer
		glyph := func(r rune) uint16 { return f.glyph(&buf, r) }
		for _, tc := range []struct {
			text       string
			glyphs     int  // after shaping
			firstIsI   bool // ि moved to the front
			rephBefore rune // the reph glyph comes right before this character's glyph; 0 if none
		}{
			{text: "प्रिया", glyphs: 4, firstIsI: true},  // ि + प्र + य + ा
			{text: "शर्मा", glyphs: 4, rephBefore: 'ा'},  // श + म + reph + ा
			{text: "क्षितिज", glyphs: 5, firstIsI: true}, // ि + क्ष + ि + त + ज
			{text: "लैब्स", glyphs: 4},                   // ल + ै + ब(half) + स
			{text: "विकास", glyphs: 5, firstIsI: true},   // ि + व + क + ा + स
		} {
			got := f.shaper.shape([]rune(tc.text), glyph)
			if len(got) != tc.glyphs {
				t.Errorf("%s %s: %d glyphs %v, want %d", f.name, tc.text, len(got), got, tc.glyphs)
			}
			if slices.Contains(got, glyph(virama)) {
				t.Errorf("%s %s: a visible virama in %v", f.name, tc.text, got)
			}
			if tc.firstIsI != (len(got) > 0 && got[0] == glyph(preBaseI)) {
				t.Errorf("%s %s: ि first is %v, want %v", f.name, tc.text, !tc.firstIsI, tc.firstIsI)
			}
			if tc.rephBefore != 0 {
				at := slices.Index(got, glyph(tc.rephBefore))
				if at < 1 || slices.Contains(f.shaper.shape([]rune(tc.text)[2:], glyph), got[at-1]) {
					t.Errorf("%s %s: no reph right before %q in %v", f.name, tc.text, tc.rephBefore, got)
				}
			}
		}
	}
}
