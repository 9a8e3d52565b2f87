package linktoken

import "testing"

func TestNew_distinctAndHashedStably(t *testing.T) {
	a, err := New()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := New()
	if a == b || len(a) != 43 {
		t.Fatalf("tokens %q and %q: want two distinct 43-character tokens", a, b)
	}
	if Hash(a) == Hash(b) || Hash(a) == a {
		t.Fatalf("Hash must differ per token and not be the token")
	}
	// The database keeps only hashes, so Hash must answer the same in every release, or links
	// mailed before an upgrade stop working: SHA-256 in hex, checked on FIPS 180-2's "abc".
	const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	if got := Hash("abc"); got != abc {
		t.Fatalf("Hash(%q) = %s, want %s: stored hashes would no longer match", "abc", got, abc)
	}
}
