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
	if Hash(a) != Hash(a) || Hash(a) == Hash(b) || Hash(a) == a {
		t.Fatalf("Hash must be stable, differ per token and not be the token")
	}
}
