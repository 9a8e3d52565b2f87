package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"bridgework/backend/accounts"
	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// BenchmarkAuthenticatedRequest measures GET /api/me through the whole handler stack: JWT check,
// the user (from the user cache, or read from the database with the cache off, as on a user's
// first request), and JSON encoding. Every signed-in call pays it.
func BenchmarkAuthenticatedRequest(b *testing.B) {
	for _, kind := range testenv.Kinds() {
		for name, configure := range map[string]func(*config.Config){
			"cached": nil,
			"read":   func(c *config.Config) { c.UserCacheTTL = 0 },
		} {
			b.Run(string(kind)+"/"+name, func(b *testing.B) {
				e := newEnvWith(b, kind, configure)
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
