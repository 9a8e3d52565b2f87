package httpapi_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"bridgework/backend/testenv"
)

// BenchmarkChatSend measures POST /api/chat/send through the whole stack: authentication, the
// partner check, the insert and its commit, and the two chat.message publishes (in-process
// broker on SQLite, Redis on PostgreSQL). The delivery side is measured by scripts/wsload.
func BenchmarkChatSend(b *testing.B) {
	for _, kind := range testenv.Kinds() {
		b.Run(string(kind), func(b *testing.B) {
			// No send limit: it would throttle the benchmark. No commit interval either: one
			// sender's sends come one after the other, so each would wait for the interval after
			// the one before. This measures what one send costs; what batching saves under load,
			// scripts/bench-realtime.sh does.
			b.Setenv("CHAT_MAX_MESSAGES_PER_MINUTE", "0")
			b.Setenv("CHAT_COMMIT_INTERVAL", "0")
			e := newEnv(b, kind)
			student, startup := e.registerStudent("Bench"), e.registerStartup("Bench Inc")
			b.ReportAllocs()
			b.ResetTimer()
			i := 0
			for b.Loop() {
				i++
				body := fmt.Sprintf(`{"receiver":%q,"content":"message %d"}`, startup.ID, i)
				req := httptest.NewRequest("POST", "/api/chat/send", strings.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+student.Token)
				rec := httptest.NewRecorder()
				e.app.Handler.ServeHTTP(rec, req)
				if rec.Code != http.StatusCreated {
					b.Fatalf("status %d %s", rec.Code, rec.Body)
				}
			}
		})
	}
}
