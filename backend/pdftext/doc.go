// Package pdftext draws text in any of the common scripts on an fpdf page: the certificate
// (package certs) and the payment receipt (package payments) set names and titles typed in
// Latin, Greek, Cyrillic, Devanagari or CJK in embedded Noto and Droid Sans Fallback fonts, each
// cut to the characters of the document, so the text prints and stays extractable.
package pdftext
