package realtime

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"bridgework/backend/jsonappend"
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

// BenchmarkHubFanoutAll measures one event for each of 10,000 users connected to one hub (a
// task alert to every student whose saved search matched), through PublishEach and the memory
// broker: one op is the whole fan-out, frames/s the deliveries. The sockets are real websockets
// over in-memory pipes (pipeListener): 10,000 over TCP would need 20,000 descriptors in this one
// process. scripts/bench-realtime.sh measures the same over TCP and Redis, against the floor.
func BenchmarkHubFanoutAll(b *testing.B) {
	const users = 10_000
	pipes := newPipeListener()
	hub, err := NewHub(NewMemoryBroker(), Options{Authenticate: testAuthenticate, SendBuffer: 64,
		Logger: slog.New(slog.NewTextHandler(b.Output(), &slog.HandlerOptions{Level: slog.LevelError}))})
	if err != nil {
		b.Fatal(err)
	}
	srv := &http.Server{Handler: hub}
	go srv.Serve(pipes)
	b.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = hub.Shutdown(ctx)
		_ = srv.Close()
	})
	dial := websocket.DialOptions{HTTPClient: &http.Client{Transport: &http.Transport{DialContext: pipes.dial}}}

	var received atomic.Int64
	var connecting sync.WaitGroup
	sem := make(chan struct{}, 64)
	envs := make([]Envelope, users)
	alert := map[string]string{"taskId": "0192c1d2-0000-7000-8000-000000000000",
		"title": "A typical task title", "savedSearchId": "0192c1d2-0000-7000-8000-000000000001"}
	for u := range users {
		envs[u] = Envelope{UserID: fmt.Sprint("user", u), Type: "task.alert", Data: alert}
		connecting.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			conn, err := connectWith(ctx, "ws://pipe/", envs[u].UserID, &dial)
			if err != nil {
				b.Error(err)
				return
			}
			go func() {
				for {
					if _, _, err := conn.Read(context.Background()); err != nil {
						return
					}
					received.Add(1)
				}
			}()
		})
	}
	connecting.Wait()
	if b.Failed() {
		return
	}
	ctx := context.Background()

	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := range b.N {
		if err := hub.PublishEach(ctx, envs); err != nil {
			b.Fatal(err)
		}
		for received.Load() < int64(i+1)*users {
			time.Sleep(50 * time.Microsecond)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(int64(b.N)*users)/time.Since(start).Seconds(), "frames/s")
	if dropped := hub.Stats().DroppedSlow; dropped != 0 {
		b.Fatalf("%d clients dropped as slow", dropped)
	}
}

// pipeListener is a net.Listener whose connections are in-memory pipes, dialled with dial.
type pipeListener struct {
	conns  chan net.Conn
	closed chan struct{}
	once   sync.Once
}

func newPipeListener() *pipeListener {
	return &pipeListener{conns: make(chan net.Conn), closed: make(chan struct{})}
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return nil
}

func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

func (l *pipeListener) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	client, server := net.Pipe()
	select {
	case l.conns <- server:
		return client, nil
	case <-l.closed:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "127.0.0.1:1" }

// alertLike is data shaped as a task alert (alerts.Alert, which this package cannot import), in
// the two ways an event's data can be: writing its own JSON, or left to json.Marshal.
type alertLike struct {
	TaskID        string `json:"taskId"`
	Title         string `json:"title"`
	SavedSearchID string `json:"savedSearchId"`
	Notification  struct {
		ID        string    `json:"_id"`
		Message   string    `json:"message"`
		Link      string    `json:"link,omitempty"`
		Read      bool      `json:"read"`
		CreatedAt time.Time `json:"createdAt"`
	} `json:"notification"`
}

type appendingAlert struct{ alertLike }

func (a appendingAlert) AppendJSON(b []byte) ([]byte, error) {
	b = jsonappend.String(append(b, `{"taskId":`...), a.TaskID)
	b = jsonappend.String(append(b, `,"title":`...), a.Title)
	b = jsonappend.String(append(b, `,"savedSearchId":`...), a.SavedSearchID)
	n := a.Notification
	b = jsonappend.String(append(b, `,"notification":{"_id":`...), n.ID)
	b = jsonappend.String(append(b, `,"message":`...), n.Message)
	b = jsonappend.String(append(b, `,"link":`...), n.Link)
	b = jsonappend.Bool(append(b, `,"read":`...), n.Read)
	b, err := jsonappend.Time(append(b, `,"createdAt":`...), n.CreatedAt)
	return append(b, "}}"...), err
}

// BenchmarkPublishEach_batchMessage builds the Redis message of one PublishEach chunk: 500 users'
// task alerts. "appended" is what RedisBroker.PublishEach does, each event written into the
// message by its data; "marshalled-then-copied" is the way before (docs/performance.md,
// "Fan-out"), each event's data through json.Marshal into a frame of its own, then copied.
func BenchmarkPublishEach_batchMessage(b *testing.B) {
	var alert alertLike
	alert.TaskID, alert.Title, alert.SavedSearchID = "0192c1d2-0000-7000-8000-000000000000", "Fan-out round 3", "0192c1d2-0000-7000-8000-000000000001"
	alert.Notification.ID, alert.Notification.Message = "0192c1d2-0000-7000-8000-000000000002", `New task matching "Web development": "Fan-out round 3".`
	alert.Notification.Link, alert.Notification.CreatedAt = "/tasks?search=Fan-out+round+3", time.Now().UTC()
	envs := make([]Envelope, PublishChunk)
	for i := range envs {
		envs[i] = Envelope{UserID: fmt.Sprintf("0192c1d2-0000-7000-8000-%012d", i), Type: "task.alert", Data: appendingAlert{alert}}
	}
	var buf []byte
	b.Run("appended", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var err error
			if buf, err = appendBatch(buf[:0], envs); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(buf))/PublishChunk, "bytes/event")
	})
	b.Run("marshalled-then-copied", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = buf[:0]
			for _, e := range envs {
				ev, err := NewEvent(e.Type, e.Data.(appendingAlert).alertLike)
				if err != nil {
					b.Fatal(err)
				}
				buf = append(append(append(append(buf, e.UserID...), 0), ev.encoded...), 0)
			}
		}
		b.ReportMetric(float64(len(buf))/PublishChunk, "bytes/event")
	})
}
