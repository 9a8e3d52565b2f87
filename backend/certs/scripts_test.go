package certs_test

import (
	"bytes"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"unicode"

	"bridgework/backend/certs"
)

// In each script: a student, a startup and a task title, as a user would type them.
var scriptSamples = []struct {
	script                      string
	student, startup, taskTitle string
}{
	{"Polish", "Łukasz Żółkiewski-Wąsik", "Gdańskie Źródła sp. z o.o.", "Przegląd łączności i ćwiczeń"},
	{"Turkish", "Şükrü Çağlayan İnanç", "Ilıca Yazılım A.Ş.", "Öğrenci portalı için ğüşıöç testleri"},
	{"Greek", "Αλέξανδρος Παπαδόπουλος", "Ωμέγα Λύσεις", "Σχεδίαση ιστοσελίδας για το ξενοδοχείο"},
	{"Cyrillic", "Анна Ковалёва-Щербакова", "Северный Ветер", "Разработка мобильного приложения"},
	{"Hindi", "प्रिया शर्मा", "नवाचार लैब्स", "वेबसाइट का डिज़ाइन और विकास"},
	{"Chinese", "王小明", "北京星辰科技有限公司", "设计移动应用的用户界面"},
	{"mixed", "Anna 王小明 प्रिया Ωμέγα", "Nimbus Лабс 星辰", "Build a 网站 for Ελλάδα"},
}

// TestRenderPDF_everyScript renders a certificate in each script and reads its text back with
// pdftotext: names and titles must come out exactly as they went in, and poppler must draw the
// page without complaining about a font.
func TestRenderPDF_everyScript(t *testing.T) {
	for _, s := range scriptSamples {
		t.Run(s.script, func(t *testing.T) {
			c := sample
			c.StudentName, c.StartupName, c.TaskTitle, c.Title = s.student, s.startup, s.taskTitle, s.taskTitle
			c.Skills = []string{s.script, "CSS"}
			pdf, err := certs.RenderPDF(c, "https://bridgework.example/verify/"+c.Number, nil)
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, pdf)
			for _, want := range []string{s.student, s.startup, s.taskTitle, "for " + s.startup,
				"Issued by Bridgework on behalf of " + s.startup, "Skills: " + s.script + ", CSS", "Certificate of Completion"} {
				if !strings.Contains(text, want) {
					t.Errorf("text lacks %q: %s", want, text)
				}
			}
			if strings.ContainsAny(text, "?\uFFFD") {
				t.Errorf("text has a replacement character: %s", text)
			}
			assertRendersCleanly(t, pdf)
		})
	}
}

// TestRenderPDF_longCJKTitleWraps: Chinese is written without spaces, so a long title must wrap
// between characters, filling the line after its Latin words rather than leaving them alone on
// the first line, and still read back whole.
func TestRenderPDF_longCJKTitleWraps(t *testing.T) {
	c := sample
	c.TaskTitle = "Redesign the onboarding: " + strings.Repeat("设计移动应用的用户界面并完成测试", 5)
	pdf, err := certs.RenderPDF(c, "https://bridgework.example/verify/"+c.Number, nil)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	var titleLines []string
	for line := range strings.Lines(string(out)) {
		if strings.Contains(line, "Redesign") || strings.ContainsFunc(line, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			titleLines = append(titleLines, strings.Join(strings.Fields(line), ""))
		}
	}
	if len(titleLines) < 2 || !strings.HasPrefix(titleLines[0], "Redesigntheonboarding:设计") {
		t.Errorf("title lines %q: want it wrapped, the first line filled with Chinese", titleLines)
	}
	if got, want := strings.Join(titleLines, ""), strings.Join(strings.Fields(c.TaskTitle), ""); got != want {
		t.Errorf("title reads back as %q, want %q", got, want)
	}
}

// TestRenderPDF_uncoveredCharacters: a character no embedded font has (Hangul, an emoji beyond
// the BMP, a control character) prints as U+FFFD, and everything around it still prints; an
// invisible one (the emoji presentation selector) is left out.
func TestRenderPDF_uncoveredCharacters(t *testing.T) {
	c := sample
	c.StudentName = "Kim 김민준 😀\uFE0F Lee"
	c.StartupName = "Seoul\x07Soft"
	c.TaskTitle = "Fix 🐛 in the 王 app"
	pdf, err := certs.RenderPDF(c, "https://bridgework.example/verify/"+c.Number, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"Kim \uFFFD\uFFFD\uFFFD \uFFFD Lee", "Seoul\uFFFDSoft", "Fix \uFFFD in the 王 app"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q: %s", want, text)
		}
	}
	assertRendersCleanly(t, pdf)
}

// assertRendersCleanly rasterizes the PDF with poppler, which reports broken embedded fonts on
// stderr.
func assertRendersCleanly(t *testing.T, pdf []byte) {
	t.Helper()
	cmd := exec.Command("pdftoppm", "-r", "40", "-png", "-singlefile", "-", "/dev/null")
	cmd.Stdin = bytes.NewReader(pdf)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Errorf("pdftoppm: %v %s", err, stderr.String())
	}
}

// TestRenderPDF_concurrent: downloads render in parallel and share the process-wide fonts;
// run with -race.
func TestRenderPDF_concurrent(t *testing.T) {
	var wg sync.WaitGroup
	pdfs := make([][]byte, 2*len(scriptSamples))
	for i := range pdfs {
		wg.Go(func() {
			c := sample
			c.StudentName = scriptSamples[i%len(scriptSamples)].student
			var err error
			if pdfs[i], err = certs.RenderPDF(c, "https://bridgework.example/verify/"+c.Number, nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for i, pdf := range pdfs {
		if want := scriptSamples[i%len(scriptSamples)].student; !strings.Contains(pdfText(t, pdf), want) {
			t.Errorf("certificate %d lacks %q", i, want)
		}
	}
}
