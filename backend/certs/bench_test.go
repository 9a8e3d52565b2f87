package certs

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
)

// BenchmarkRenderPDF: the budget is 20 ms a certificate (docs/performance.md, "Certificates"). Each
// case is also reported as a multiple of a floor measured in the same run: the same page drawn with
// fpdf's core fonts, as certificates were before the embedded fonts, so the ratio holds on a slower
// or busier machine.
func BenchmarkRenderPDF(b *testing.B) {
	const url = "https://bridgework.example/verify/BW-ABCDEFGHIJKLMNOP"
	day := time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC)
	latin := Certificate{Number: "BW-ABCDEFGHIJKLMNOP", StudentName: "Zoë Ångström", StartupName: "Nimbus Labs",
		TaskTitle: "Build a landing page", Skills: []string{"React", "CSS"}, IssuedAt: day, CompletionDate: day}
	everyScript := latin
	everyScript.StudentName = "Łukasz 王小明 प्रिया Αλέξανδρος Анна"
	everyScript.StartupName = "Ilıca Yazılım 北京星辰科技 नवाचार लैब्स"
	everyScript.TaskTitle = "Σχεδίαση: разработка 设计移动应用的用户界面 वेबसाइट का डिज़ाइन"

	// Timed by hand: testing.Benchmark inside a benchmark would wait for the lock this one holds.
	start, n := time.Now(), 0
	for ; time.Since(start) < time.Second; n++ {
		if _, err := renderWithCoreFonts(latin, url); err != nil {
			b.Fatal(err)
		}
	}
	floorMs := float64(time.Since(start).Nanoseconds()) / float64(n) / 1e6
	b.Logf("floor (core fonts, same page): %.2f ms/PDF", floorMs)

	for _, bc := range []struct {
		name string
		cert Certificate
	}{{"latin", latin}, {"every-script", everyScript}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := RenderPDF(bc.cert, url, nil); err != nil {
					b.Fatal(err)
				}
			}
			ms := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / 1e6
			b.ReportMetric(ms, "ms/PDF")
			b.ReportMetric(ms/floorMs, "x-floor")
		})
	}
}

// renderWithCoreFonts is the floor: RenderPDF's page with the PDF core fonts, which need no
// embedding and print "?" for characters outside Windows-1252.
func renderWithCoreFonts(c Certificate, verifyURL string) ([]byte, error) {
	pdf := fpdf.New("L", "mm", "A4", "")
	pdf.SetCreationDate(c.IssuedAt)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(margin, margin, margin)
	pdf.AddPage()
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.Rect(margin, margin, pageW-2*margin, pageH-2*margin, "D")
	pdf.Rect(margin+3, margin+3, pageW-2*margin-6, pageH-2*margin-6, "D")
	cell := func(x, y, w, h float64, family, style string, size float64, align, text string) {
		pdf.SetFont(family, style, size)
		pdf.SetXY(x, y)
		pdf.CellFormat(w, h, tr(text), "", 0, align, false, 0, "")
	}
	centered := func(y float64, family, style string, size float64, text string) {
		cell(margin+10, y, pageW-2*margin-20, size*0.5, family, style, size, "C", text)
	}
	centered(26, "Helvetica", "B", 12, "BRIDGEWORK")
	centered(38, "Helvetica", "B", 30, "Certificate of Completion")
	centered(58, "Helvetica", "", 13, "This certifies that")
	centered(68, "Times", "BI", 30, c.StudentName)
	centered(88, "Helvetica", "", 13, "has successfully completed the task")
	pdf.SetFont("Helvetica", "B", 17)
	pdf.SetXY(margin+25, 96)
	pdf.MultiCell(pageW-2*margin-50, 8, tr(c.TaskTitle), "", "C", false)
	y := pdf.GetY() + 3
	centered(y, "Helvetica", "", 13, "for "+c.StartupName)
	centered(y+10, "Helvetica", "", 11, "Skills: "+strings.Join(c.Skills, ", "))
	footY := pageH - margin - 14 - qrSize
	cell(margin+12, footY+12, 150, 6, "Helvetica", "", 11, "L", "Date: "+c.CompletionDate.Format("2 January 2006"))
	cell(margin+12, footY+18, 150, 6, "Helvetica", "", 11, "L", "Certificate No. "+c.Number)
	cell(margin+12, footY+24, 150, 5, "Helvetica", "", 9, "L", "Issued by Bridgework on behalf of "+c.StartupName)
	if err := drawQR(pdf, verifyURL, pageW-margin-12-qrSize, footY, qrSize); err != nil {
		return nil, err
	}
	cell(pageW-margin-12-110, footY+qrSize+1, 110, 4, "Helvetica", "", 8, "R", "Verify at: "+verifyURL)
	var buf bytes.Buffer
	err := pdf.Output(&buf)
	return buf.Bytes(), err
}
