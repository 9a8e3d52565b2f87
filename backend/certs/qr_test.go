package certs

import (
	"bytes"
	"image/png"
	"os/exec"
	"testing"
	"time"

	"github.com/boombuler/barcode/qr"
)

// TestRenderPDF_qrCodeEncodesTheVerifyURL rasterizes the page (poppler's pdftoppm) and reads
// back every module of the drawn QR code: it must be the QR code of the verification URL.
func TestRenderPDF_qrCodeEncodesTheVerifyURL(t *testing.T) {
	const url = "https://bridgework.example/verify/BW-ABCDEFGHIJKLMNOP"
	pdf, err := RenderPDF(Certificate{Number: "BW-ABCDEFGHIJKLMNOP", StudentName: "Ada", TaskTitle: "T", StartupName: "S",
		IssuedAt: time.Now(), CompletionDate: time.Now()}, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	const dpi = 300
	cmd := exec.Command("pdftoppm", "-png", "-r", "300", "-singlefile", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftoppm (apt-get install poppler-utils): %v", err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	code, err := qr.Encode(url, qr.M, qr.Auto)
	if err != nil {
		t.Fatal(err)
	}
	n := code.Bounds().Dx()
	module := qrSize / float64(n)
	x0, y0 := pageW-margin-12-qrSize, pageH-margin-14-qrSize
	px := func(mm float64) int { return int(mm / 25.4 * dpi) }
	wrong := 0
	for row := range n {
		for col := range n {
			c := img.At(px(x0+(float64(col)+0.5)*module), px(y0+(float64(row)+0.5)*module))
			if isDark(c) != isDark(code.At(col, row)) {
				wrong++
			}
		}
	}
	if wrong > 0 {
		t.Errorf("%d of %d modules differ from the QR code of %s", wrong, n*n, url)
	}
}
