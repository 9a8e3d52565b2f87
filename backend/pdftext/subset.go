package pdftext

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// subsetFont returns a TrueType font holding only the glyphs of glyphs (and the glyphs their
// composites are built from), renumbered from 1, with a cmap mapping runes to them. fpdf parses
// the whole cmap and builds maps and arrays over every glyph of every font added to a document,
// which costs 7 ms for Noto Sans and 22 ms for Droid Sans Fallback (49,000 glyphs) on each PDF;
// a font cut to the characters a certificate draws is parsed in a fraction of that. Only the
// tables fpdf and PDF readers use are kept: fpdf neither shapes nor kerns. runes must be sorted
// and within the BMP (fpdf reads only a format 4 cmap); glyphs[i] is the glyph of runes[i].
func subsetFont(data []byte, runes []rune, glyphs []uint16) ([]byte, error) {
	tables, err := readTables(data)
	if err != nil {
		return nil, err
	}
	head, hhea, maxp, hmtx, post := tables["head"], tables["hhea"], tables["maxp"], tables["hmtx"], tables["post"]
	glyf := tables["glyf"]
	if len(head) < 54 || len(hhea) < 36 || len(maxp) < 6 || len(post) < 32 || glyf == nil {
		return nil, errors.New("subset font: not a TrueType outline font")
	}
	be := binary.BigEndian
	numGlyphs := int(be.Uint16(maxp[4:]))
	offsets, err := glyphOffsets(tables["loca"], be.Uint16(head[50:]) == 1, numGlyphs, len(glyf))
	if err != nil {
		return nil, err
	}
	numMetrics := int(be.Uint16(hhea[34:]))
	if numMetrics == 0 || len(hmtx) < 4*numMetrics+2*(numGlyphs-numMetrics) {
		return nil, errors.New("subset font: short hmtx table")
	}

	// Glyph 0 is .notdef, which a font must have; composites pull in their components.
	keep := map[uint16]bool{}
	queue := append([]uint16{0}, glyphs...)
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		if keep[g] {
			continue
		}
		if int(g) >= numGlyphs {
			return nil, fmt.Errorf("subset font: glyph %d of %d", g, numGlyphs)
		}
		keep[g] = true
		glyph := glyf[offsets[g]:offsets[g+1]]
		for _, at := range componentOffsets(glyph) {
			queue = append(queue, be.Uint16(glyph[at:]))
		}
	}
	old := make([]uint16, 0, len(keep))
	for g := range keep {
		old = append(old, g)
	}
	slices.Sort(old)
	renumber := make(map[uint16]uint16, len(old))
	for i, g := range old {
		renumber[g] = uint16(i)
	}

	var newGlyf []byte
	newLoca := make([]byte, 4*(len(old)+1))
	newHmtx := make([]byte, 4*len(old))
	for i, g := range old {
		glyph := slices.Clone(glyf[offsets[g]:offsets[g+1]])
		for _, at := range componentOffsets(glyph) {
			be.PutUint16(glyph[at:], renumber[be.Uint16(glyph[at:])])
		}
		newGlyf = append(newGlyf, glyph...)
		for len(newGlyf)%4 != 0 {
			newGlyf = append(newGlyf, 0)
		}
		be.PutUint32(newLoca[4*(i+1):], uint32(len(newGlyf)))
		// Past numMetrics a glyph has the last advance and a left side bearing of its own.
		var advance, lsb []byte
		if int(g) < numMetrics {
			advance, lsb = hmtx[4*int(g):], hmtx[4*int(g)+2:]
		} else {
			advance, lsb = hmtx[4*(numMetrics-1):], hmtx[4*numMetrics+2*(int(g)-numMetrics):]
		}
		copy(newHmtx[4*i:], advance[:2])
		copy(newHmtx[4*i+2:], lsb[:2])
	}
	newGlyphs := make([]uint16, len(glyphs))
	for i, g := range glyphs {
		newGlyphs[i] = renumber[g]
	}

	out := map[string][]byte{
		"head": slices.Clone(head), "hhea": slices.Clone(hhea), "maxp": slices.Clone(maxp),
		"post": slices.Clone(post[:32]), "glyf": newGlyf, "loca": newLoca, "hmtx": newHmtx,
		"cmap": format4Cmap(runes, newGlyphs),
	}
	be.PutUint16(out["head"][50:], 1) // loca is in the long format
	be.PutUint32(out["head"][8:], 0)  // checkSumAdjustment: no reader checks it
	be.PutUint16(out["hhea"][34:], uint16(len(old)))
	be.PutUint16(out["maxp"][4:], uint16(len(old)))
	be.PutUint32(out["post"], 0x00030000) // version 3: no glyph names, which were per old glyph
	// The hinting programs the glyphs' instructions call, and what fpdf reads from the rest.
	for _, tag := range []string{"OS/2", "name", "cvt ", "fpgm", "prep", "gasp"} {
		if t, ok := tables[tag]; ok {
			out[tag] = t
		}
	}
	return writeTables(out), nil
}

// readTables splits a TrueType file into its tables by tag.
func readTables(data []byte) (map[string][]byte, error) {
	if len(data) < 12 || binary.BigEndian.Uint32(data) != 0x00010000 {
		return nil, errors.New("subset font: not a TrueType font")
	}
	n := int(binary.BigEndian.Uint16(data[4:]))
	if len(data) < 12+16*n {
		return nil, errors.New("subset font: truncated table directory")
	}
	tables := make(map[string][]byte, n)
	for i := range n {
		rec := data[12+16*i:]
		offset, length := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if offset+length > len(data) {
			return nil, fmt.Errorf("subset font: table %q beyond the end", rec[:4])
		}
		tables[string(rec[:4])] = data[offset : offset+length]
	}
	return tables, nil
}

// glyphOffsets decodes loca into numGlyphs+1 offsets into glyf.
func glyphOffsets(loca []byte, long bool, numGlyphs, glyfLen int) ([]int, error) {
	size := 2
	if long {
		size = 4
	}
	if len(loca) < size*(numGlyphs+1) {
		return nil, errors.New("subset font: short loca table")
	}
	offsets := make([]int, numGlyphs+1)
	for i := range offsets {
		if long {
			offsets[i] = int(binary.BigEndian.Uint32(loca[4*i:]))
		} else {
			offsets[i] = 2 * int(binary.BigEndian.Uint16(loca[2*i:]))
		}
		if offsets[i] > glyfLen || (i > 0 && offsets[i] < offsets[i-1]) {
			return nil, errors.New("subset font: bad loca table")
		}
	}
	return offsets, nil
}

// componentOffsets lists where a composite glyph stores the ids of the glyphs it is built from;
// a simple glyph has none.
func componentOffsets(glyph []byte) []int {
	if len(glyph) < 10 || int16(binary.BigEndian.Uint16(glyph)) >= 0 {
		return nil
	}
	const (
		argsAreWords   = 0x0001
		haveScale      = 0x0008
		moreComponents = 0x0020
		haveXYScale    = 0x0040
		haveTwoByTwo   = 0x0080
	)
	var list []int
	for p := 10; p+4 <= len(glyph); {
		flags := binary.BigEndian.Uint16(glyph[p:])
		list = append(list, p+2)
		p += 4
		if flags&argsAreWords != 0 {
			p += 4
		} else {
			p += 2
		}
		switch {
		case flags&haveScale != 0:
			p += 2
		case flags&haveXYScale != 0:
			p += 4
		case flags&haveTwoByTwo != 0:
			p += 8
		}
		if flags&moreComponents == 0 {
			break
		}
	}
	return list
}

// format4Cmap builds a cmap with one Windows Unicode BMP subtable mapping each rune to its glyph,
// one segment per rune, plus the 0xFFFF segment the format requires.
func format4Cmap(runes []rune, glyphs []uint16) []byte {
	segs := len(runes) + 1
	sub := make([]byte, 16+8*segs)
	be := binary.BigEndian
	be.PutUint16(sub[0:], 4)
	be.PutUint16(sub[2:], uint16(len(sub)))
	be.PutUint16(sub[6:], uint16(2*segs))
	searchRange, selector := 2, 0
	for searchRange*2 <= 2*segs {
		searchRange *= 2
		selector++
	}
	be.PutUint16(sub[8:], uint16(searchRange))
	be.PutUint16(sub[10:], uint16(selector))
	be.PutUint16(sub[12:], uint16(2*segs-searchRange))
	ends, starts, deltas := sub[14:], sub[16+2*segs:], sub[16+4*segs:] // idRangeOffsets stay 0
	for i, r := range runes {
		be.PutUint16(ends[2*i:], uint16(r))
		be.PutUint16(starts[2*i:], uint16(r))
		be.PutUint16(deltas[2*i:], glyphs[i]-uint16(r))
	}
	last := len(runes)
	be.PutUint16(ends[2*last:], 0xFFFF)
	be.PutUint16(starts[2*last:], 0xFFFF)
	be.PutUint16(deltas[2*last:], 1) // 0xFFFF + 1 wraps to glyph 0

	header := []byte{0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12} // version 0, one subtable: (3, 1) at 12
	return append(header, sub...)
}

// writeTables assembles a TrueType file from tables, each 4-byte aligned and checksummed.
func writeTables(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for tag := range tables {
		tags = append(tags, tag)
	}
	slices.Sort(tags)
	n := len(tags)
	searchRange, selector := 1, 0
	for searchRange*2 <= n {
		searchRange *= 2
		selector++
	}
	out := make([]byte, 12+16*n)
	be := binary.BigEndian
	be.PutUint32(out, 0x00010000)
	be.PutUint16(out[4:], uint16(n))
	be.PutUint16(out[6:], uint16(16*searchRange))
	be.PutUint16(out[8:], uint16(selector))
	be.PutUint16(out[10:], uint16(16*(n-searchRange)))
	for i, tag := range tags {
		data := tables[tag]
		rec := out[12+16*i:]
		copy(rec, tag)
		be.PutUint32(rec[4:], checksum(data))
		be.PutUint32(rec[8:], uint32(len(out)))
		be.PutUint32(rec[12:], uint32(len(data)))
		out = append(out, data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out
}

func checksum(data []byte) uint32 {
	var sum uint32
	for i := 0; i < len(data); i += 4 {
		var word [4]byte
		copy(word[:], data[i:])
		sum += binary.BigEndian.Uint32(word[:])
	}
	return sum
}
