package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"bridgework/backend/accounts"
	"bridgework/backend/testenv"
)

// BenchmarkAuthenticatedRequest measures GET /api/me through the whole handler stack: JWT check,
// the user lookup that enforces token revocation, and JSON encoding. Every signed-in call pays it.
func BenchmarkAuthenticatedRequest(b *testing.B) {
	for _, kind := range testenv.Kinds() {
		b.Run(string(kind), func(b *testing.B) {
			e := newEnv(b, kind)
			s := e.registerStudent("Bench")
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				req := httptest.NewRequest("GET", "/api/me", nil)
				req.Header.Set("Authorization", "Bearer "+s.Token)
				rec := httptest.NewRecorder()
				e.app.Handler.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("status %d", rec.Code)
				}
			}
		})
	}
}

// BenchmarkPasswordHash is the cost of one sign-in or registration at the production argon2id
// settings (19 MiB, 2 passes): deliberately slow, and what bounds sign-ins per core.
func BenchmarkPasswordHash(b *testing.B) {
	for b.Loop() {
		if _, err := accounts.HashPassword("correct horse battery staple", accounts.DefaultHashParams); err != nil {
			b.Fatal(err)
		}
	}
}
