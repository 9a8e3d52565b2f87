package uploads

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"
)

func picture(w, h int) *image.Paletted {
	img := image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.White, color.Black})
	for i := range img.Pix {
		img.Pix[i] = uint8(i % 2)
	}
	return img
}

func encoded(t *testing.T, contentType string, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	var err error
	switch contentType {
	case PNG:
		err = png.Encode(&buf, picture(w, h))
	case JPEG:
		err = jpeg.Encode(&buf, picture(w, h), nil)
	case GIF:
		err = gif.Encode(&buf, picture(w, h), nil)
	case WebP:
		// A lossless 1×1 WebP (RIFF, WEBP, VP8L chunk): the standard library has no encoder.
		return []byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00")
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestCheckImage(t *testing.T) {
	for _, contentType := range []string{PNG, JPEG, GIF, WebP} {
		t.Run(contentType, func(t *testing.T) {
			good := encoded(t, contentType, 64, 48)
			if contentType == WebP {
				good = encoded(t, contentType, 1, 1)
			}
			if err := checkImage(good, contentType, 4096*4096); err != nil {
				t.Fatalf("a plain image: %v", err)
			}
			for name, tail := range map[string][]byte{
				"a zip":        []byte("PK\x03\x04 hidden archive"),
				"a script":     []byte("<script>alert(1)</script>"),
				"one byte":     {0},
				"another copy": good,
			} {
				withTail := append(append([]byte(nil), good...), tail...)
				if err := checkImage(withTail, contentType, 0); !errors.Is(err, errTrailingBytes) && !errors.Is(err, errNotAnImage) {
					t.Errorf("followed by %s: %v, want refused", name, err)
				}
			}
			if err := checkImage(good[:len(good)/2], contentType, 0); err == nil {
				t.Error("a truncated image was accepted")
			}
		})
	}
}

func TestCheckImage_pixels(t *testing.T) {
	for _, contentType := range []string{PNG, JPEG, GIF} {
		img := encoded(t, contentType, 300, 200)
		if err := checkImage(img, contentType, 300*200); err != nil {
			t.Errorf("%s at the limit: %v", contentType, err)
		}
		if err := checkImage(img, contentType, 300*200-1); !errors.Is(err, errTooManyPixels) {
			t.Errorf("%s past the limit: %v, want errTooManyPixels", contentType, err)
		}
	}
	// A tiny file that claims to be huge is refused from its header, before anything is drawn.
	bomb := pngHeader(20000, 20000)
	if err := checkImage(bomb, PNG, 4096*4096); !errors.Is(err, errTooManyPixels) {
		t.Errorf("a PNG of %d bytes claiming 20000×20000: %v", len(bomb), err)
	}
}

// pngHeader is a PNG signature and IHDR chunk claiming w×h 8-bit grey pixels, and nothing else.
func pngHeader(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32([]byte("IHDR"), w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 0, 0, 0, 0) // bit depth, grey, deflate, adaptive filter, no interlace
	out := append([]byte("\x89PNG\r\n\x1a\n"), 0, 0, 0, 13)
	out = append(out, ihdr...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(ihdr))
}

func TestJPEGEnd_skipsAThumbnailsEOI(t *testing.T) {
	thumb := encoded(t, JPEG, 8, 8)
	main := encoded(t, JPEG, 32, 32)
	// An APP1 segment right after SOI carrying a whole JPEG, as EXIF thumbnails do.
	app1 := append([]byte{0xFF, 0xE1, byte((len(thumb) + 2) >> 8), byte(len(thumb) + 2)}, thumb...)
	withThumb := append(append(append([]byte{}, main[:2]...), app1...), main[2:]...)
	if end, ok := jpegEnd(withThumb); !ok || end != len(withThumb) {
		t.Errorf("end = %d, %v; want %d", end, ok, len(withThumb))
	}
	if err := checkImage(withThumb, JPEG, 0); err != nil {
		t.Errorf("a JPEG with a thumbnail: %v", err)
	}
}
