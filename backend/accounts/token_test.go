package accounts

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func testTokens(now *time.Time) *Tokens {
	return &Tokens{Secret: []byte("token-test-secret-token-test-secret-01"), Issuer: "bw", Audience: "web",
		TTL: time.Hour, Now: func() time.Time { return *now }}
}

func TestTokens_verify(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	tokens := testTokens(&now)
	token, err := tokens.Issue(&User{ID: "u1", TokenVersion: 3}, "s1")
	if err != nil {
		t.Fatal(err)
	}
	// Twice: the second answer comes from the cache and must be the same.
	for range 2 {
		id, version, session, err := tokens.Verify(token)
		if err != nil || id != "u1" || version != 3 || session != "s1" {
			t.Fatalf("Verify = %q, %d, %q, %v; want u1, 3, s1", id, version, session, err)
		}
	}
	if _, ok := tokens.verified.entries[token]; !ok {
		t.Error("a verified token is not remembered")
	}

	refused := map[string]string{
		"another signature": token[:strings.LastIndexByte(token, '.')+1] + "AAAA",
		"empty":             "",
	}
	for _, other := range []*Tokens{
		{Secret: []byte("another-secret-another-secret-another-0"), Issuer: "bw", Audience: "web", TTL: time.Hour},
		{Secret: tokens.Secret, Issuer: "other", Audience: "web", TTL: time.Hour},
		{Secret: tokens.Secret, Issuer: "bw", Audience: "other", TTL: time.Hour},
	} {
		forged, err := other.Issue(&User{ID: "u1", TokenVersion: 3}, "s1")
		if err != nil {
			t.Fatal(err)
		}
		refused["issued by "+string(other.Secret[:7])+" for "+other.Issuer+"/"+other.Audience] = forged
	}
	for name, bad := range refused {
		if _, _, _, err := tokens.Verify(bad); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}

	// Expired: refused although the cache holds it.
	now = now.Add(time.Hour + time.Second)
	if _, _, _, err := tokens.Verify(token); err == nil {
		t.Error("accepted after it expired")
	}
}

func TestTokens_cacheStartsOverWhenFull(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	tokens := testTokens(&now)
	token, err := tokens.Issue(&User{ID: "u1"}, "s1")
	if err != nil {
		t.Fatal(err)
	}
	// The first Verify makes the cache; fill it, then verify a token it does not hold.
	if _, _, _, err := tokens.Verify("not a token"); err == nil {
		t.Fatal("accepted a malformed token")
	}
	tokens.verified.entries = map[string]cacheEntry[verifiedToken]{}
	for i := range maxCachedEntries {
		tokens.verified.entries[strconv.Itoa(i)] = cacheEntry[verifiedToken]{expires: now.Add(time.Hour)}
	}
	if _, _, _, err := tokens.Verify(token); err != nil {
		t.Fatal(err)
	}
	if len(tokens.verified.entries) != 1 {
		t.Errorf("%d tokens cached, want the new one alone", len(tokens.verified.entries))
	}
}

// BenchmarkTokens_verify: a token as every request sends it again, against parsing it each time.
func BenchmarkTokens_verify(b *testing.B) {
	now := time.Now()
	tokens := testTokens(&now)
	token, err := tokens.Issue(&User{ID: "u1"}, "s1")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("cached", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, _, err := tokens.Verify(token); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parsed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			clear(tokens.verified.entries)
			if _, _, _, err := tokens.Verify(token); err != nil {
				b.Fatal(err)
			}
		}
	})
}
