// Package doccheck holds the tests that keep the docs a reference: comments in the product and
// its scripts cite the spec, the design, a benchmark by name or a heading of
// docs/performance.md, never an issue number (issues close, their numbers say nothing to the
// next reader) nor a heading the file no longer has; and docs/performance.md stays a reference
// of current figures, at most maxPerformanceLines long, its history left to git.
package doccheck
