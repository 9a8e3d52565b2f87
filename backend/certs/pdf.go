package certs

import (
	"bytes"
	"fmt"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"github.com/boombuler/barcode/qr"

	"bridgework/backend/pdftext"
)

// Page geometry in millimetres: A4 landscape.
const (
	pageW, pageH = 297.0, 210.0
	margin       = 12.0
	qrSize       = 34.0
	maxTitleLen  = 160
)

// RenderPDF draws the certificate on one landscape A4 page: who, what, for whom, the skills, the
// date and number, and a QR code with the verification URL printed beside it. Text is set in
// the embedded Unicode fonts (fonts.go), so names and titles print in any script those fonts
// cover and stay extractable by any PDF reader. The QR code is drawn as vector squares: crisp at
// any zoom and no image encoding on every download. A credential, when given, goes with the page
// as the embedded file credential.json (package credentials reads it back).
func RenderPDF(c Certificate, verifyURL string, credential []byte) ([]byte, error) {
	pdf := fpdf.New("L", "mm", "A4", "")
	if credential != nil {
		pdf.SetAttachments([]fpdf.Attachment{{Content: credential, Filename: "credential.json",
			Description: "The certificate as an Open Badges 3.0 credential, signed by Bridgework"}})
	}
	pdf.SetCreationDate(c.IssuedAt)
	pdf.SetModificationDate(c.IssuedAt)
	pdf.SetTitle("Certificate "+c.Number, true)
	pdf.SetAuthor("Bridgework", true)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(margin, margin, margin)
	pdf.AddPage()
	w := pdftext.NewWriter(pdf, c.StudentName, c.TaskTitle, c.StartupName, c.IssuerDomain, strings.Join(c.Skills, ", "), c.Number, verifyURL)

	// Frame.
	pdf.SetDrawColor(67, 56, 202)
	pdf.SetLineWidth(1.2)
	pdf.Rect(margin, margin, pageW-2*margin, pageH-2*margin, "D")
	pdf.SetLineWidth(0.3)
	pdf.Rect(margin+3, margin+3, pageW-2*margin-6, pageH-2*margin-6, "D")

	centered := func(y float64, tf pdftext.Typeface, size float64, r, g, b int, text string) {
		pdf.SetTextColor(r, g, b)
		w.Line(margin+10, y, pageW-2*margin-20, size*0.5, "C", tf, size, text)
	}

	centered(26, pdftext.SansBold, 12, 67, 56, 202, "BRIDGEWORK")
	centered(38, pdftext.SansBold, 30, 15, 23, 42, "Certificate of Completion")
	centered(58, pdftext.Sans, 13, 71, 85, 105, "This certifies that")
	centered(68, pdftext.SerifBoldItalic, 30, 15, 23, 42, c.StudentName)
	centered(88, pdftext.Sans, 13, 71, 85, 105, "has successfully completed the task")

	pdf.SetTextColor(15, 23, 42)
	w.Paragraph(margin+25, 96, pageW-2*margin-50, 8, pdftext.SansBold, 17, clip(c.TaskTitle, maxTitleLen))

	y := pdf.GetY() + 3
	centered(y, pdftext.Sans, 13, 71, 85, 105, "for "+c.StartupName)
	if len(c.Skills) > 0 {
		centered(y+10, pdftext.Sans, 11, 71, 85, 105, "Skills: "+clip(strings.Join(c.Skills, ", "), 140))
	}

	// Footer: date and number on the left, QR code and its URL on the right.
	footY := pageH - margin - 14 - qrSize
	pdf.SetTextColor(15, 23, 42)
	w.Line(margin+12, footY+12, 150, 6, "L", pdftext.Sans, 11, "Date: "+c.CompletionDate.UTC().Format("2 January 2006"))
	w.Line(margin+12, footY+18, 150, 6, "L", pdftext.Sans, 11, "Certificate No. "+c.Number)
	pdf.SetTextColor(71, 85, 105)
	w.Line(margin+12, footY+24, 150, 5, "L", pdftext.Sans, 9, "Issued by Bridgework on behalf of "+c.StartupName)
	// Who the issuer is worth: its verification state and age, and the task's dates.
	w.Line(margin+12, footY+29, 150, 5, "L", pdftext.Sans, 9, c.IssuerLine()+" · on Bridgework since "+c.IssuerSince.UTC().Format("January 2006"))
	w.Line(margin+12, footY+34, 150, 5, "L", pdftext.Sans, 9, "Task posted "+c.TaskPostedAt.UTC().Format("2 January 2006")+" · completed "+c.CompletionDate.UTC().Format("2 January 2006"))

	qrX := pageW - margin - 12 - qrSize
	if err := drawQR(pdf, verifyURL, qrX, footY, qrSize); err != nil {
		return nil, err
	}
	w.Line(pageW-margin-12-110, footY+qrSize+1, 110, 4, "R", pdftext.Sans, 8, "Verify at: "+verifyURL)
	// The code and the address open the verification page when clicked in a PDF reader.
	pdf.LinkString(qrX, footY, qrSize, qrSize, verifyURL)
	pdf.LinkString(pageW-margin-12-110, footY+qrSize+1, 110, 4, verifyURL)
	if err := w.Err(); err != nil {
		return nil, err
	}

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("render certificate: %w", err)
	}
	return buf.Bytes(), nil
}

// drawQR draws a QR code of text as filled squares in a size × size box at (x, y), one
// rectangle per horizontal run of dark modules.
func drawQR(pdf *fpdf.Fpdf, text string, x, y, size float64) error {
	code, err := qr.Encode(text, qr.M, qr.Auto)
	if err != nil {
		return fmt.Errorf("qr code: %w", err)
	}
	n := code.Bounds().Dx()
	module := size / float64(n)
	pdf.SetFillColor(0, 0, 0)
	for row := 0; row < n; row++ {
		for col := 0; col < n; {
			if !isDark(code.At(col, row)) {
				col++
				continue
			}
			start := col
			for col < n && isDark(code.At(col, row)) {
				col++
			}
			pdf.Rect(x+float64(start)*module, y+float64(row)*module, float64(col-start)*module, module, "F")
		}
	}
	return nil
}

func isDark(c interface{ RGBA() (r, g, b, a uint32) }) bool {
	r, _, _, _ := c.RGBA()
	return r < 0x8000
}

// clip shortens s to at most n characters, marking the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
