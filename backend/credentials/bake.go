package credentials

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
)

// Baking puts a signed credential inside a badge image, as Open Badges 3.0 says for PNG: one
// iTXt chunk with the keyword "openbadgecredential" whose text is the credential's JSON.

const bakedKeyword = "openbadgecredential"

// MaxCredentialSize bounds a credential read from an image or a PDF: a signed one is a few
// kilobytes, and a compressed chunk must not inflate without limit.
const MaxCredentialSize = 256 << 10

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// ErrNoCredential is the answer for an image or PDF that carries no credential.
var ErrNoCredential = errors.New("credentials: no credential in the file")

// Bake returns img, a PNG, with credential in an iTXt chunk just before IEND, any credential it
// carried before taken out.
func Bake(img, credential []byte) ([]byte, error) {
	var out bytes.Buffer
	out.Write(pngSignature)
	err := eachChunk(img, func(kind string, data []byte) error {
		if kind == "iTXt" && bytes.HasPrefix(data, []byte(bakedKeyword+"\x00")) {
			return nil
		}
		if kind == "IEND" {
			// Keyword, compression flag and method 0 (not compressed), no language tag, no
			// translated keyword, then the text.
			text := append([]byte(bakedKeyword+"\x00\x00\x00\x00\x00"), credential...)
			writeChunk(&out, "iTXt", text)
		}
		writeChunk(&out, kind, data)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Unbake returns the credential a baked PNG carries, ErrNoCredential when it has none.
func Unbake(img []byte) ([]byte, error) {
	var found []byte
	err := eachChunk(img, func(kind string, data []byte) error {
		rest, ok := bytes.CutPrefix(data, []byte(bakedKeyword+"\x00"))
		if kind != "iTXt" || !ok || found != nil {
			return nil
		}
		if len(rest) < 2 {
			return ErrNoCredential
		}
		compressed, text := rest[0] == 1, rest[2:]
		// Skip the language tag and the translated keyword, each ending in a zero byte.
		for range 2 {
			end := bytes.IndexByte(text, 0)
			if end < 0 {
				return ErrNoCredential
			}
			text = text[end+1:]
		}
		if !compressed {
			found = text
			return nil
		}
		r, err := zlib.NewReader(bytes.NewReader(text))
		if err != nil {
			return ErrNoCredential
		}
		found, err = io.ReadAll(io.LimitReader(r, MaxCredentialSize+1))
		if err != nil || len(found) > MaxCredentialSize {
			return ErrNoCredential
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if found == nil {
		return nil, ErrNoCredential
	}
	return found, nil
}

// eachChunk calls fn with every chunk of a PNG in order, up to and including IEND; a file that is
// not a whole PNG is ErrNoCredential.
func eachChunk(img []byte, fn func(kind string, data []byte) error) error {
	rest, ok := bytes.CutPrefix(img, pngSignature)
	if !ok {
		return ErrNoCredential
	}
	for len(rest) >= 12 {
		size := binary.BigEndian.Uint32(rest)
		if uint64(size) > uint64(len(rest)-12) {
			break
		}
		kind, data := string(rest[4:8]), rest[8:8+size]
		if crc32.ChecksumIEEE(rest[4:8+size]) != binary.BigEndian.Uint32(rest[8+size:]) {
			break
		}
		if err := fn(kind, data); err != nil || kind == "IEND" {
			return err
		}
		rest = rest[12+size:]
	}
	return ErrNoCredential
}

func writeChunk(w *bytes.Buffer, kind string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], kind)
	w.Write(head[:])
	w.Write(data)
	sum := crc32.NewIEEE()
	sum.Write(head[4:])
	sum.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], sum.Sum32())
	w.Write(tail[:])
}
