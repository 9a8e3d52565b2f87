package doccheck

import (
	"bufio"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// maxPerformanceLines bounds docs/performance.md: a reference of each area's current figure,
// its floor, the command and the budget fits in it; a diary of runs does not.
const maxPerformanceLines = 300

// The trees whose comments are checked, from the repository's root.
var checkedTrees = []string{"backend", "scripts", "frontend/src", "frontend/e2e"}

var (
	// An issue's number, however written: the word and a number, or a number after "#".
	issueNumber = regexp.MustCompile(`(?i)\bissues?\s+#?\d+|(^|[\s(\[])#\d+\b`)
	// docs/performance.md, "A" · performance.md section "A" · performance.md, "A", "B" and "C".
	performanceCitation = regexp.MustCompile(`performance\.md(?:,\s*|,?\s+sections?\s+)("[^"]+"(?:(?:,\s*|,?\s+and\s+)"[^"]+")*)`)
	quoted              = regexp.MustCompile(`"([^"]+)"`)
	// A comment's marker at the start of a continued line, so that a citation wrapped over two
	// lines reads as one.
	continuedComment = regexp.MustCompile(`\n[ \t]*(?://+|#+|\*+)?[ \t]*`)
)

// A comment block of one file, its text without markers, lines joined by spaces.
type comment struct {
	line int
	text string
}

func TestPerformanceDoc_isAReference(t *testing.T) {
	lines := strings.Count(read(t, "docs/performance.md"), "\n")
	if lines > maxPerformanceLines {
		t.Errorf("docs/performance.md has %d lines, want at most %d: keep each area's current figure, floor, command and budget; its history belongs in git", lines, maxPerformanceLines)
	}
}

func TestComments_citeNoIssueNumbers(t *testing.T) {
	for path, comments := range commentsOf(t) {
		for _, c := range comments {
			if m := issueNumber.FindString(c.text); m != "" {
				t.Errorf("%s:%d: a comment cites %q; cite the spec, the design, a benchmark by name or a heading of docs/performance.md instead", path, c.line, strings.TrimSpace(m))
			}
		}
	}
}

func TestComments_citePerformanceHeadingsThatExist(t *testing.T) {
	headings := map[string]bool{}
	for _, line := range strings.Split(read(t, "docs/performance.md"), "\n") {
		if strings.HasPrefix(line, "#") {
			headings[strings.TrimSpace(strings.TrimLeft(line, "#"))] = true
		}
	}
	// Every line counts, not only comments: a script's usage text names headings too. This
	// package's own examples are not citations.
	for _, path := range sourceFiles(t) {
		if strings.HasPrefix(path, "scripts/doccheck/") {
			continue
		}
		text := continuedComment.ReplaceAllString(read(t, path), " ")
		for _, m := range performanceCitation.FindAllStringSubmatch(text, -1) {
			for _, q := range quoted.FindAllStringSubmatch(m[1], -1) {
				if !headings[q[1]] {
					t.Errorf("%s: cites docs/performance.md, %q, which has no such heading", path, q[1])
				}
			}
		}
	}
}

// root is the repository's root: tests run in this package's directory.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("no go.mod at %s: %v", dir, err)
	}
	return dir
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root(t), path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sourceFiles lists the checked trees' source files, relative to the root.
func sourceFiles(t *testing.T) []string {
	t.Helper()
	base := root(t)
	var files []string
	for _, tree := range checkedTrees {
		err := filepath.WalkDir(filepath.Join(base, tree), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "node_modules" || d.Name() == "dist" {
					return filepath.SkipDir
				}
				return nil
			}
			switch filepath.Ext(path) {
			case ".go", ".ts", ".tsx", ".js", ".mjs", ".cjs", ".sh", ".py":
				rel, err := filepath.Rel(base, path)
				if err != nil {
					return err
				}
				files = append(files, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) == 0 {
		t.Fatal("no source files found")
	}
	return files
}

// commentsOf reads every source file's comments: Go's through go/parser, the others' by their
// markers (a line that starts with one, or one after code), consecutive lines as one block.
func commentsOf(t *testing.T) map[string][]comment {
	t.Helper()
	out := map[string][]comment{}
	for _, path := range sourceFiles(t) {
		full := filepath.Join(root(t), path)
		switch filepath.Ext(path) {
		case ".go":
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, full, nil, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range f.Comments {
				out[path] = append(out[path], comment{fset.Position(g.Pos()).Line, strings.Join(strings.Fields(g.Text()), " ")})
			}
		case ".sh", ".py":
			out[path] = markedComments(t, full, []string{"#"}, []string{" # ", "\t# "})
		default:
			out[path] = markedComments(t, full, []string{"//", "/*", "*"}, []string{" // ", "\t// ", "{/* "})
		}
	}
	return out
}

func markedComments(t *testing.T, path string, starts, trailing []string) []comment {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		blocks []comment
		open   bool
	)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		text, ok := "", false
		for _, s := range starts {
			if strings.HasPrefix(line, s) && !strings.HasPrefix(line, "#!") {
				text, ok = strings.TrimLeft(line, "/*# "), true
				break
			}
		}
		if !ok {
			for _, s := range trailing {
				if i := strings.Index(line, s); i >= 0 {
					text, ok = line[i+len(s):], true
					break
				}
			}
		}
		if !ok {
			open = false
			continue
		}
		if open {
			blocks[len(blocks)-1].text += " " + text
		} else {
			blocks = append(blocks, comment{n, text})
		}
		open = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return blocks
}
