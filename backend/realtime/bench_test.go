package realtime

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkHubFanout measures delivery from Publish to real websocket
// clients through the memory broker and the hub: one op is one Publish.
func BenchmarkHubFanout(b *testing.B) {
	for _, shape := range []struct{ users, connsPerUser int }{{1, 1}, {1, 50}, {100, 1}} {
		b.Run(fmt.Sprintf("users=%d/conns=%d", shape.users, shape.connsPerUser), func(b *testing.B) {
			benchFanout(b, shape.users, shape.connsPerUser)
		})
	}
}

func benchFanout(b *testing.B, users, connsPerUser int) {
	// Big buffers: the benchmark measures throughput, not the slow-client rule.
	ts := startHub(b, NewMemoryBroker(), Options{SendBuffer: 4096})
	var received atomic.Int64
	var readers sync.WaitGroup
	for u := range users {
		for range connsPerUser {
			conn := mustConnect(b, ts.url, fmt.Sprint("user", u))
			readers.Go(func() {
				for {
					if _, _, err := conn.Read(context.Background()); err != nil {
						return
					}
					received.Add(1)
				}
			})
		}
	}
	ev := mustEventT(b, "chat.message", map[string]string{"text": "a typical chat message of some length"})
	ctx := context.Background()
	const window = 1024 // published but not yet read, so buffers never overflow

	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := range b.N {
		if err := ts.hub.Publish(ctx, fmt.Sprint("user", i%users), ev); err != nil {
			b.Fatal(err)
		}
		for int64(i+1-window)*int64(connsPerUser) > received.Load() {
			time.Sleep(50 * time.Microsecond)
		}
	}
	want := int64(b.N) * int64(connsPerUser)
	for received.Load() < want {
		time.Sleep(50 * time.Microsecond)
	}
	b.StopTimer()
	b.ReportMetric(float64(want)/time.Since(start).Seconds(), "frames/s")
	if dropped := ts.hub.Stats().DroppedSlow; dropped != 0 {
		b.Fatalf("%d clients dropped as slow", dropped)
	}
}
