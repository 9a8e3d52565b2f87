package pdftext

import (
	"encoding/binary"
	"maps"
	"slices"
)

// Devanagari is not drawn character by character: a consonant before a virama joins the next
// one (प + ् + र is one glyph, "प्र"), र + ् above a cluster becomes a mark (reph), and the
// vowel sign ि is written before the consonant it follows in the text. fpdf does no shaping,
// so this file does the part of OpenType's Indic shaping that names and titles need, with the
// font's own ligature lookups (GSUB type 4): the syllable analysis, the reordering of reph and
// ि, and the features in their order. Contextual lookups (alternative widths of ि, for one)
// and mark positioning (GPOS) are left out: the default glyphs and their built-in mark offsets
// read correctly, if less finely.

// A ligatureLookup maps a first glyph to its ligatures, longest first as the font lists them.
type ligatureLookup map[uint16][]ligature

type ligature struct {
	rest  []uint16 // the components after the first
	glyph uint16
}

// indicShaper holds, per feature, the ligature lookups of a font's Devanagari script.
type indicShaper struct {
	features map[string][]ligatureLookup
}

// newIndicShaper reads the GSUB table of a font; nil if it has no Devanagari ligatures.
func newIndicShaper(gsub []byte) *indicShaper {
	if len(gsub) < 10 {
		return nil
	}
	u16 := func(b []byte, at int) int {
		if at+2 > len(b) {
			return 0
		}
		return int(binary.BigEndian.Uint16(b[at:]))
	}
	sub := func(b []byte, at int) []byte {
		if at > len(b) {
			return nil
		}
		return b[at:]
	}
	scripts, features, lookups := sub(gsub, u16(gsub, 4)), sub(gsub, u16(gsub, 6)), sub(gsub, u16(gsub, 8))
	var langSys []byte
	for _, want := range []string{"dev2", "deva"} {
		for i := range u16(scripts, 0) {
			if 6+6*i <= len(scripts) && string(scripts[2+6*i:6+6*i]) == want && langSys == nil {
				script := sub(scripts, u16(scripts, 6+6*i))
				langSys = sub(script, u16(script, 0))
			}
		}
	}
	if langSys == nil {
		return nil
	}
	s := &indicShaper{features: map[string][]ligatureLookup{}}
	for i := range u16(langSys, 4) {
		index := u16(langSys, 6+2*i)
		if 6+6*index > len(features) {
			continue
		}
		tag := string(features[2+6*index : 6+6*index])
		feature := sub(features, u16(features, 6+6*index))
		for j := range u16(feature, 2) {
			lookup := sub(lookups, u16(lookups, 2+2*u16(feature, 4+2*j)))
			if u16(lookup, 0) == 4 {
				s.features[tag] = append(s.features[tag], readLigatures(lookup, u16, sub))
			}
		}
	}
	return s
}

func readLigatures(lookup []byte, u16 func([]byte, int) int, sub func([]byte, int) []byte) ligatureLookup {
	out := ligatureLookup{}
	for i := range u16(lookup, 4) {
		st := sub(lookup, u16(lookup, 6+2*i))
		firsts := coverage(sub(st, u16(st, 2)), u16)
		for k, first := range firsts {
			set := sub(st, u16(st, 6+2*k))
			for l := range u16(set, 0) {
				lig := sub(set, u16(set, 2+2*l))
				n := u16(lig, 2)
				rest := make([]uint16, 0, max(n-1, 0))
				for c := 1; c < n; c++ {
					rest = append(rest, uint16(u16(lig, 4+2*(c-1))))
				}
				out[first] = append(out[first], ligature{rest: rest, glyph: uint16(u16(lig, 0))})
			}
		}
	}
	return out
}

// coverage lists a coverage table's glyphs in coverage-index order.
func coverage(table []byte, u16 func([]byte, int) int) []uint16 {
	var glyphs []uint16
	switch u16(table, 0) {
	case 1:
		for i := range u16(table, 2) {
			glyphs = append(glyphs, uint16(u16(table, 4+2*i)))
		}
	case 2:
		for i := range u16(table, 2) {
			for g := u16(table, 4+6*i); g <= u16(table, 6+6*i); g++ {
				glyphs = append(glyphs, uint16(g))
			}
		}
	}
	return glyphs
}

const (
	virama   = '\u094D'
	ra       = '\u0930'
	preBaseI = '\u093F' // ि
)

func isConsonant(r rune) bool {
	return (r >= '\u0915' && r <= '\u0939') || (r >= '\u0958' && r <= '\u095F') || (r >= '\u0978' && r <= '\u097F')
}

// Which glyphs of a syllable a feature may start a ligature at.
type position uint8

const (
	preBase position = 1 << iota
	base
	postBase
	reph
)

type shapedGlyph struct {
	glyph uint16
	pos   position
	sign  bool // a vowel sign or other mark, not part of a consonant's form
}

// reachable returns glyphs and every glyph the ligature lookups can make from them, sorted:
// the glyphs a document may draw when its characters map to glyphs.
func (s *indicShaper) reachable(glyphs []uint16) []uint16 {
	set := map[uint16]bool{}
	for _, g := range glyphs {
		set[g] = true
	}
	for grew := true; grew; {
		grew = false
		for _, lookups := range s.features {
			for _, lookup := range lookups {
				for first, ligs := range lookup {
					if !set[first] {
						continue
					}
					for _, lig := range ligs {
						if !set[lig.glyph] && !slices.ContainsFunc(lig.rest, func(g uint16) bool { return !set[g] }) {
							set[lig.glyph] = true
							grew = true
						}
					}
				}
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// shape returns the glyphs of a run of Devanagari text; glyphOf maps a rune to its glyph.
func (s *indicShaper) shape(text []rune, glyphOf func(rune) uint16) []uint16 {
	var out []uint16
	for len(text) > 0 {
		n := syllableLength(text)
		out = append(out, s.shapeSyllable(text[:n], glyphOf)...)
		text = text[n:]
	}
	// The presentation features apply across the run.
	glyphs := make([]shapedGlyph, len(out))
	for i, g := range out {
		glyphs[i] = shapedGlyph{glyph: g, pos: base}
	}
	for _, feature := range []string{"pres", "abvs", "blws", "psts", "haln"} {
		glyphs = s.apply(feature, glyphs, base)
	}
	out = out[:0]
	for _, g := range glyphs {
		out = append(out, g.glyph)
	}
	return out
}

// syllableLength: a syllable is consonants joined by viramas, then the signs that follow
// them; anything else stands alone with its signs.
func syllableLength(text []rune) int {
	n := 1
	for n < len(text) {
		r := text[n]
		if isConsonant(r) && text[n-1] != virama {
			break
		}
		if !isConsonant(r) && !isDevanagariSign(r) {
			break
		}
		n++
	}
	return n
}

func isDevanagariSign(r rune) bool {
	return (r >= '\u0900' && r <= '\u0903') || (r >= '\u093A' && r <= '\u094F') ||
		(r >= '\u0951' && r <= '\u0957') || r == '\u0962' || r == '\u0963'
}

func (s *indicShaper) shapeSyllable(syl []rune, glyphOf func(rune) uint16) []uint16 {
	syl = slices.Clone(syl)
	hasReph := len(syl) > 2 && syl[0] == ra && syl[1] == virama && isConsonant(syl[2])
	start := 0
	if hasReph {
		start = 2
	}
	// The base is the last consonant, unless it is a र after a virama (it then goes below).
	baseAt := -1
	for i := start; i < len(syl); i++ {
		if isConsonant(syl[i]) && !(syl[i] == ra && i > start && syl[i-1] == virama) {
			baseAt = i
		}
	}
	hasPreBaseI := false
	if i := slices.Index(syl, preBaseI); i >= 0 && baseAt >= 0 {
		syl = slices.Delete(syl, i, i+1)
		hasPreBaseI = true
	}
	glyphs := make([]shapedGlyph, 0, len(syl))
	for i, r := range syl {
		pos := postBase
		switch {
		case i < start:
			pos = reph
		case baseAt >= 0 && i < baseAt:
			pos = preBase
		case i == baseAt:
			pos = base
		}
		glyphs = append(glyphs, shapedGlyph{glyph: glyphOf(r), pos: pos, sign: isDevanagariSign(r) && r != virama})
	}
	all := preBase | base | postBase | reph
	for _, step := range []struct {
		feature string
		at      position
	}{
		{"nukt", all}, {"akhn", all}, {"rphf", reph}, {"rkrf", all}, {"blwf", postBase | base},
		{"half", preBase}, {"vatu", all}, {"cjct", all},
	} {
		glyphs = s.apply(step.feature, glyphs, step.at)
	}
	// Reph goes after the base and the consonant forms below or after it, before the vowel signs.
	if hasReph && len(glyphs) > 0 && glyphs[0].pos == reph {
		r := glyphs[0]
		glyphs = glyphs[1:]
		at := slices.IndexFunc(glyphs, func(g shapedGlyph) bool { return g.sign })
		if at < 0 {
			at = len(glyphs)
		}
		glyphs = slices.Insert(glyphs, at, r)
	}
	out := make([]uint16, 0, len(glyphs)+1)
	if hasPreBaseI {
		out = append(out, glyphOf(preBaseI))
	}
	for _, g := range glyphs {
		out = append(out, g.glyph)
	}
	return out
}

// apply runs a feature's ligature lookups over glyphs, forming a ligature only where its
// first glyph is in one of the positions at; the ligature keeps that glyph's position.
func (s *indicShaper) apply(feature string, glyphs []shapedGlyph, at position) []shapedGlyph {
	for _, lookup := range s.features[feature] {
		for i := 0; i < len(glyphs); i++ {
			if glyphs[i].pos&at == 0 {
				continue
			}
			for _, lig := range lookup[glyphs[i].glyph] {
				if matches(glyphs[i+1:], lig.rest) {
					glyphs[i].glyph = lig.glyph
					glyphs = slices.Delete(glyphs, i+1, i+1+len(lig.rest))
					break
				}
			}
		}
	}
	return glyphs
}

func matches(glyphs []shapedGlyph, rest []uint16) bool {
	if len(glyphs) < len(rest) {
		return false
	}
	for i, g := range rest {
		if glyphs[i].glyph != g {
			return false
		}
	}
	return true
}
