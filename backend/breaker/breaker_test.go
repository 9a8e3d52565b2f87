package breaker

import (
	"testing"
	"time"
)

func TestBreaker(t *testing.T) {
	now := time.Unix(0, 0)
	var changes []string
	b := &Breaker{Threshold: 3, Cooldown: time.Second, Now: func() time.Time { return now },
		OnChange: func(from, to State) { changes = append(changes, from.String()+"→"+to.String()) }}
	call := func(failed bool) bool {
		if !b.Allow() {
			return false
		}
		b.Done(failed)
		return true
	}

	// Failures below the threshold, or broken by a success, leave it closed.
	call(true)
	call(true)
	call(false)
	call(true)
	call(true)
	if b.State() != Closed {
		t.Fatalf("after 2 failures in a row: %s", b.State())
	}
	call(true)
	if b.State() != Open {
		t.Fatalf("after 3 failures in a row: %s", b.State())
	}
	// Open: refused at once, until the cooldown ends.
	now = now.Add(999 * time.Millisecond)
	if call(false) {
		t.Fatal("a call went through an open breaker")
	}
	// Half-open: one probe through, the others refused while it runs.
	now = now.Add(time.Millisecond)
	if !b.Allow() {
		t.Fatal("no probe after the cooldown")
	}
	if b.State() != HalfOpen || b.Allow() {
		t.Fatalf("a second call during the probe: state %s", b.State())
	}
	b.Done(true) // the probe failed: open again, for a whole cooldown
	if b.State() != Open || call(false) {
		t.Fatalf("after a failed probe: %s", b.State())
	}
	now = now.Add(time.Second)
	if !call(false) || b.State() != Closed {
		t.Fatalf("after a good probe: %s", b.State())
	}
	// A single failure after recovery does not reopen it.
	call(true)
	if b.State() != Closed {
		t.Fatalf("one failure after recovery: %s", b.State())
	}
	want := []string{"closed→open", "open→half-open", "half-open→open", "open→half-open", "half-open→closed"}
	if len(changes) != len(want) {
		t.Fatalf("changes %v, want %v", changes, want)
	}
	for i := range want {
		if changes[i] != want[i] {
			t.Fatalf("changes %v, want %v", changes, want)
		}
	}
}
