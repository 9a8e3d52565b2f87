package uploads

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/webp"
)

// Images are decoded before they are kept: a file that only starts like an image, that would
// take gigabytes to draw, or that carries something after the image's end (a ZIP or a script
// riding on a valid picture) is refused.

var (
	errNotAnImage    = errors.New("not a decodable image")
	errTrailingBytes = errors.New("bytes after the image's end")
	errTooManyPixels = errors.New("too many pixels")
)

// checkImage decodes data of the detected contentType, refusing more than maxPixels pixels
// (width × height; 0: no limit) before it draws anything, and any byte after the image's end.
func checkImage(data []byte, contentType string, maxPixels int) error {
	decodeConfig, decode, end := codec(contentType)
	if decode == nil {
		return errNotAnImage
	}
	cfg, err := decodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return errNotAnImage
	}
	if maxPixels > 0 && int64(cfg.Width)*int64(cfg.Height) > int64(maxPixels) {
		return errTooManyPixels
	}
	if err := decode(bytes.NewReader(data)); err != nil {
		return errNotAnImage
	}
	n, ok := end(data)
	if !ok {
		return errNotAnImage
	}
	if n != len(data) {
		return errTrailingBytes
	}
	return nil
}

type (
	configFunc func(r *bytes.Reader) (image.Config, error)
	decodeFunc func(r *bytes.Reader) error
	endFunc    func(data []byte) (int, bool) // offset just past the image's last byte
)

func codec(contentType string) (configFunc, decodeFunc, endFunc) {
	switch contentType {
	case PNG:
		return func(r *bytes.Reader) (image.Config, error) { return png.DecodeConfig(r) },
			func(r *bytes.Reader) error { _, err := png.Decode(r); return err }, pngEnd
	case JPEG:
		return func(r *bytes.Reader) (image.Config, error) { return jpeg.DecodeConfig(r) },
			func(r *bytes.Reader) error { _, err := jpeg.Decode(r); return err }, jpegEnd
	case GIF:
		return func(r *bytes.Reader) (image.Config, error) { return gif.DecodeConfig(r) },
			func(r *bytes.Reader) error { _, err := gif.DecodeAll(r); return err }, gifEnd
	case WebP:
		return func(r *bytes.Reader) (image.Config, error) { return webp.DecodeConfig(r) },
			func(r *bytes.Reader) error { _, err := webp.Decode(r); return err }, webpEnd
	}
	return nil, nil, nil
}

// pngEnd walks the chunks to the end of IEND and its checksum.
func pngEnd(data []byte) (int, bool) {
	pos := 8 // signature
	for pos+12 <= len(data) {
		length := int(binary.BigEndian.Uint32(data[pos:]))
		if length < 0 || length > len(data) {
			return 0, false
		}
		next := pos + 12 + length // length, type, data, CRC
		if next > len(data) {
			return 0, false
		}
		if string(data[pos+4:pos+8]) == "IEND" {
			return next, true
		}
		pos = next
	}
	return 0, false
}

// jpegEnd walks the segments and entropy-coded scans to the end of the EOI marker. Inside a scan
// a 0xFF data byte is always followed by 0x00, and restart markers belong to the scan, so the
// first other marker ends it; an EOI inside an APP segment (an embedded thumbnail) is skipped
// with its segment.
func jpegEnd(data []byte) (int, bool) {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 0, false
	}
	pos := 2
	for pos+1 < len(data) {
		if data[pos] != 0xFF {
			return 0, false
		}
		marker := data[pos+1]
		switch {
		case marker == 0xFF: // fill byte
			pos++
			continue
		case marker == 0xD9: // EOI
			return pos + 2, true
		case marker == 0x01 || marker >= 0xD0 && marker <= 0xD7: // no length
			pos += 2
			continue
		}
		if pos+4 > len(data) {
			return 0, false
		}
		pos += 2 + int(binary.BigEndian.Uint16(data[pos+2:]))
		if marker != 0xDA { // not the start of a scan
			continue
		}
		for pos+1 < len(data) && (data[pos] != 0xFF || data[pos+1] == 0x00 || data[pos+1] >= 0xD0 && data[pos+1] <= 0xD7) {
			pos++
		}
	}
	return 0, false
}

// gifEnd walks the blocks to the trailer byte.
func gifEnd(data []byte) (int, bool) {
	if len(data) < 13 {
		return 0, false
	}
	pos := 13
	if flags := data[10]; flags&0x80 != 0 { // global colour table
		pos += 3 << (flags&7 + 1)
	}
	skipSubBlocks := func() bool {
		for pos < len(data) {
			size := int(data[pos])
			pos += 1 + size
			if size == 0 {
				return true
			}
		}
		return false
	}
	for pos < len(data) {
		switch data[pos] {
		case 0x3B: // trailer
			return pos + 1, true
		case 0x21: // extension: label, then sub-blocks
			pos += 2
			if !skipSubBlocks() {
				return 0, false
			}
		case 0x2C: // image descriptor, local colour table, LZW minimum code size, sub-blocks
			if pos+10 > len(data) {
				return 0, false
			}
			flags := data[pos+9]
			pos += 10
			if flags&0x80 != 0 {
				pos += 3 << (flags&7 + 1)
			}
			pos++
			if !skipSubBlocks() {
				return 0, false
			}
		default:
			return 0, false
		}
	}
	return 0, false
}

// webpEnd is the RIFF container's declared size.
func webpEnd(data []byte) (int, bool) {
	if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		return 0, false
	}
	size := int(binary.LittleEndian.Uint32(data[4:]))
	return 8 + size + size%2, true
}
