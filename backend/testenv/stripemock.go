package testenv

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// StripeMockVersion is the stripe-mock the tests run: it answers offline, validating each
// request against Stripe's OpenAPI and returning fixture objects. It keeps no state and sends no
// webhooks, so the tests sign the events they deliver themselves.
const StripeMockVersion = "v0.203.0"

// StripeMock is the URL of a real stripe-mock: STRIPE_MOCK_URL when set (./scripts/test.sh starts
// one for the whole run), else one started for this test on a free port. A missing binary fails
// the test, saying how to install it.
func StripeMock(t testing.TB) string {
	t.Helper()
	if u := os.Getenv("STRIPE_MOCK_URL"); u != "" {
		return u
	}
	bin, err := exec.LookPath("stripe-mock")
	if err != nil {
		bin = filepath.Join(goBin(), "stripe-mock")
		if _, statErr := os.Stat(bin); statErr != nil {
			t.Fatalf("stripe-mock is not installed (neither on PATH nor in %s): go install github.com/stripe/stripe-mock@%s, or run ./scripts/test.sh, which does",
				goBin(), StripeMockVersion)
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(bin, "-http-port", fmt.Sprint(port))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	WaitStripeMock(t, url)
	return url
}

// WaitStripeMock waits until the stripe-mock at url answers: it reads Stripe's whole OpenAPI
// document before it listens, a few seconds.
func WaitStripeMock(t testing.TB, url string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		res, err := http.Get(url + "/v1/accounts/acct_ready")
		if err == nil {
			res.Body.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("stripe-mock at %s did not answer: %v", url, err)
		}
	}
}

// goBin is where go install puts binaries: GOBIN, else GOPATH/bin, else ~/go/bin.
func goBin() string {
	if d := os.Getenv("GOBIN"); d != "" {
		return d
	}
	if d := os.Getenv("GOPATH"); d != "" {
		return filepath.Join(filepath.SplitList(d)[0], "bin")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, "go", "bin")
}
