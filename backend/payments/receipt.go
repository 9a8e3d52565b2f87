package payments

import (
	"bytes"
	"fmt"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"bridgework/backend/pdftext"
)

// Receipt geometry in millimetres: A4 portrait.
const (
	receiptW      = 210.0
	receiptMargin = 18.0
)

// methodNames are how a receipt writes a method.
var methodNames = map[string]string{"bank-transfer": "Bank transfer", "upi": "UPI", "paypal": "PayPal",
	"other": "Other", MethodStripe: "Stripe transfer"}

// statusNames are how a receipt writes a status.
var statusNames = map[string]string{Sent: "Sent by the startup, not yet confirmed by the student",
	Received: "Confirmed received by the student", Disputed: "Reported not received by the student",
	Transferred: "Transferred by Bridgework through Stripe"}

// RenderReceipt draws the receipt of a sent or transferred payment: who paid whom, for which
// approved work, how much, how and when, and each step both sides took. Names print in any of
// the common scripts (pdftext). The receipt states what the two sides recorded on Bridgework; it
// says so, and that Bridgework held the money only for a Stripe transfer.
func RenderReceipt(p *Payment, publicURL string) ([]byte, error) {
	if !HasReceipt(p.Status) {
		return nil, fmt.Errorf("payment %s has no receipt while %s", p.ID, p.Status)
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreationDate(p.UpdatedAt)
	pdf.SetModificationDate(p.UpdatedAt)
	pdf.SetTitle("Payment receipt "+p.ID, true)
	pdf.SetAuthor("Bridgework", true)
	pdf.SetAutoPageBreak(false, 0)
	pdf.AddPage()
	texts := []string{p.TaskTitle, p.StudentName(), p.CompanyName, p.Reference, publicURL}
	for _, e := range p.Events {
		texts = append(texts, e.Note)
	}
	w := pdftext.NewWriter(pdf, texts...)
	width := receiptW - 2*receiptMargin
	y := 22.0
	line := func(tf pdftext.Typeface, size float64, text string) {
		w.Line(receiptMargin, y, width, size*0.5, "L", tf, size, text)
		y += size*0.5 + 3
	}
	pdf.SetTextColor(67, 56, 202)
	line(pdftext.SansBold, 12, "BRIDGEWORK")
	pdf.SetTextColor(15, 23, 42)
	line(pdftext.SansBold, 22, "Payment receipt")
	y += 4
	for _, row := range [][2]string{
		{"Amount", p.Amount.Format(p.Currency)},
		{"For", p.TaskTitle + fmt.Sprintf(" (approved work, revision %d)", p.Revision)},
		{"Paid by", p.CompanyName},
		{"Paid to", p.StudentName()},
		{"Method", methodNames[p.Method]},
		{"Reference", p.Reference},
		{"Status", statusNames[p.Status]},
		{"Payment", p.ID},
	} {
		if row[1] == "" {
			continue
		}
		pdf.SetTextColor(71, 85, 105)
		w.Line(receiptMargin, y, 40, 5, "L", pdftext.Sans, 10, row[0])
		pdf.SetTextColor(15, 23, 42)
		w.Paragraph(receiptMargin+42, y, width-42, 5, pdftext.Sans, 11, row[1])
		y = max(pdf.GetY(), y+5) + 3
	}
	y += 4
	pdf.SetTextColor(15, 23, 42)
	line(pdftext.SansBold, 13, "Steps")
	for _, e := range p.Events {
		step := e.At.UTC().Format("2 January 2006, 15:04 UTC") + " · " + e.Status
		if e.Note != "" {
			step += " · " + e.Note
		}
		pdf.SetTextColor(51, 65, 85)
		w.Paragraph(receiptMargin, y, width, 5, pdftext.Sans, 10, step)
		y = max(pdf.GetY(), y+5) + 2
	}
	y += 6
	pdf.SetTextColor(100, 116, 139)
	held := "The startup paid the student directly; this receipt records what both sides told Bridgework."
	if p.Method == MethodStripe {
		held = "Bridgework held the startup's funds and transferred this amount to the student's account through Stripe."
	}
	w.Paragraph(receiptMargin, y, width, 4.5, pdftext.Sans, 9, held)
	y = pdf.GetY() + 2
	w.Paragraph(receiptMargin, y, width, 4.5, pdftext.Sans, 9,
		"Issued "+time.Now().UTC().Format("2 January 2006")+" by Bridgework · "+publicURL+"/payments")
	if err := w.Err(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("render receipt: %w", err)
	}
	return buf.Bytes(), nil
}
