package realtime

import (
	"bytes"
	"context"
	"fmt"
	"sync"
)

// PublishAll sends ev to every connection of each of userIDs, on every instance: one event for
// several users, such as a chat message for both parties. A broker that can batch (Redis:
// one pipelined round trip, one encoding) does; any other gets one Publish per user. Call it
// after the database commit the event reports.
func (h *Hub) PublishAll(ctx context.Context, userIDs []string, ev Event) error {
	return PublishAll(ctx, h.broker, userIDs, ev)
}

// PublishAll is Hub.PublishAll straight on broker, for a publisher built before the hub that
// delivers what broker hands back (every publish goes through the broker anyway).
func PublishAll(ctx context.Context, broker Broker, userIDs []string, ev Event) error {
	if b, ok := broker.(interface {
		PublishAll(ctx context.Context, userIDs []string, ev Event) error
	}); ok {
		return b.PublishAll(ctx, userIDs, ev)
	}
	for _, id := range userIDs {
		if err := broker.Publish(ctx, id, ev); err != nil {
			return err
		}
	}
	return nil
}

// PublishAll publishes ev on the channel of each user, PublishChunk per pipelined round trip,
// in order; to a few users, in one round trip with the others' made at the same moment.
func (b *RedisBroker) PublishAll(ctx context.Context, userIDs []string, ev Event) error {
	payload, err := ev.frame()
	if err != nil {
		return fmt.Errorf("realtime: marshal event: %w", err)
	}
	if len(userIDs) <= smallPublish {
		return b.publishSmall(ctx, userIDs, payload)
	}
	for start := 0; start < len(userIDs); start += PublishChunk {
		chunk := userIDs[start:min(start+PublishChunk, len(userIDs))]
		pipe := b.rdb.Pipeline()
		for _, id := range chunk {
			pipe.Publish(ctx, b.Channel(id), payload)
		}
		if _, err := pipe.Exec(ctx); err != nil {
			b.owe(userIDs[start:]...)
			return fmt.Errorf("realtime: redis publish: %w", err)
		}
	}
	return nil
}

// smallPublish is the most users a publish may have to share a round trip with others: a chat
// message has two; an audience as large as a task's alerts goes in chunks of its own.
const smallPublish = 8

// maxSmallBatch bounds the publishes that share one round trip (2,048 commands at most).
const maxSmallBatch = 256

// publication is a publish of one payload to a few users.
type publication struct {
	userIDs []string
	payload []byte
}

// publishSmall publishes payload to each of userIDs, in one pipelined round trip with the other
// small publishes made at the same moment (batch.Queue; at most maxSmallBatch of them).
// The round trip runs with the context of the call that leads the batch; every caller's is
// bounded the same way (app's publishContext, or the resyncs' health-check timeout). When it
// fails, every user in it is owed a resync.
func (b *RedisBroker) publishSmall(ctx context.Context, userIDs []string, payload []byte) error {
	return b.small.Do(publication{userIDs, payload}, func(pubs []publication) []error {
		pipe := b.rdb.Pipeline()
		for _, p := range pubs {
			for _, id := range p.userIDs {
				pipe.Publish(ctx, b.Channel(id), p.payload)
			}
		}
		errs := make([]error, len(pubs))
		if _, err := pipe.Exec(ctx); err != nil {
			for i, p := range pubs {
				b.owe(p.userIDs...)
				errs[i] = fmt.Errorf("realtime: redis publish: %w", err)
			}
		}
		return errs
	})
}

// Envelope is one user's event for PublishEach: its type and data, which PublishEach makes into an
// event (NewEvent).
type Envelope struct {
	UserID string
	Type   string
	Data   any
}

// PublishChunk bounds one pipelined round trip of PublishEach, so that Redis starts delivering
// the first events while the last are still being sent, and no buffer grows with the audience.
const PublishChunk = 500

// PublishEach sends each envelope's event to every connection of its user, on every instance:
// many users with an event of their own (a task alert names the search that matched it). A
// broker that can batch (Redis: pipelined, PublishChunk at a time) does; any other gets one
// Publish per envelope. Call it after the database commit the events report.
func (h *Hub) PublishEach(ctx context.Context, envs []Envelope) error {
	return PublishEach(ctx, h.broker, envs)
}

// PublishEach is Hub.PublishEach straight on broker, as PublishAll is.
func PublishEach(ctx context.Context, broker Broker, envs []Envelope) error {
	if b, ok := broker.(interface {
		PublishEach(ctx context.Context, envs []Envelope) error
	}); ok {
		return b.PublishEach(ctx, envs)
	}
	for _, e := range envs {
		ev, err := NewEvent(e.Type, e.Data)
		if err != nil {
			return err
		}
		if err := broker.Publish(ctx, e.UserID, ev); err != nil {
			return err
		}
	}
	return nil
}

// PublishEach publishes the envelopes PublishChunk at a time, each chunk as one message on the
// instances' shared channel (BatchChannel), which every instance holding users reads for its own.
// One PUBLISH per user meant a command to build, a message for Redis to copy and one to parse on
// the receiving side for every student a task alerted (docs/performance.md,
// "Fan-out").
func (b *RedisBroker) PublishEach(ctx context.Context, envs []Envelope) error {
	buf := batchBuffers.Get().(*[]byte)
	defer batchBuffers.Put(buf)
	for start := 0; start < len(envs); start += PublishChunk {
		payload, err := appendBatch((*buf)[:0], envs[start:min(start+PublishChunk, len(envs))])
		*buf = payload
		if err != nil {
			return err
		}
		// go-redis has written the payload to the connection when Publish returns.
		if err := b.rdb.Publish(ctx, b.BatchChannel(), payload).Err(); err != nil {
			lost := make([]string, 0, len(envs)-start)
			for _, e := range envs[start:] {
				lost = append(lost, e.UserID)
			}
			b.owe(lost...)
			return fmt.Errorf("realtime: redis publish: %w", err)
		}
	}
	return nil
}

// batchBuffers keep PublishEach's messages: grown from nothing for each chunk, they were a quarter of
// what an instance allocated sending one task's alerts to 10,000 students.
var batchBuffers = sync.Pool{New: func() any { return new([]byte) }}

// appendBatch appends the batch message of envs, their events made here: a sequence of user id,
// NUL, frame, NUL (neither a user id nor a JSON text holds a NUL byte: JSON escapes control
// characters in strings and allows none outside them). The frames are written straight into it:
// made apart and then copied, they were 14 % of what an instance allocated sending one task's
// alerts to 10,000 students (docs/performance.md, "Fan-out").
func appendBatch(b []byte, envs []Envelope) ([]byte, error) {
	for _, e := range envs {
		var err error
		if b, err = appendEvent(append(append(b, e.UserID...), 0), e.Type, e.Data); err != nil {
			return b, err
		}
		b = append(b, 0)
	}
	return b, nil
}

// nextBatched splits the first user id and frame off a batch message (appendBatch); ok is false
// once rest is empty or malformed.
func nextBatched(batch []byte) (userID string, frame, rest []byte, ok bool) {
	id, rest, ok := bytes.Cut(batch, []byte{0})
	if !ok {
		return "", nil, nil, false
	}
	frame, rest, ok = bytes.Cut(rest, []byte{0})
	return string(id), frame, rest, ok
}
