package realtime

import (
	"context"
	"fmt"
)

// PublishAll sends ev to every connection of each of userIDs, on every instance: one event for
// several users, such as a chat message for both parties. A broker that can batch (Redis:
// one pipelined round trip, one encoding) does; any other gets one Publish per user. Call it
// after the database commit the event reports.
func (h *Hub) PublishAll(ctx context.Context, userIDs []string, ev Event) error {
	if b, ok := h.broker.(interface {
		PublishAll(ctx context.Context, userIDs []string, ev Event) error
	}); ok {
		return b.PublishAll(ctx, userIDs, ev)
	}
	for _, id := range userIDs {
		if err := h.broker.Publish(ctx, id, ev); err != nil {
			return err
		}
	}
	return nil
}

// PublishAll publishes ev on the channel of each user, PublishChunk per pipelined round trip,
// in order.
func (b *RedisBroker) PublishAll(ctx context.Context, userIDs []string, ev Event) error {
	payload, err := ev.frame()
	if err != nil {
		return fmt.Errorf("realtime: marshal event: %w", err)
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

// Envelope is one event for one user, for PublishEach.
type Envelope struct {
	UserID string
	Event  Event
}

// PublishChunk bounds one pipelined round trip of PublishEach, so that Redis starts delivering
// the first events while the last are still being sent, and no buffer grows with the audience.
const PublishChunk = 500

// PublishEach sends each envelope's event to every connection of its user, on every instance:
// many users with an event of their own (a task alert names the search that matched it). A
// broker that can batch (Redis: pipelined, PublishChunk at a time) does; any other gets one
// Publish per envelope. Call it after the database commit the events report.
func (h *Hub) PublishEach(ctx context.Context, envs []Envelope) error {
	if b, ok := h.broker.(interface {
		PublishEach(ctx context.Context, envs []Envelope) error
	}); ok {
		return b.PublishEach(ctx, envs)
	}
	for _, e := range envs {
		if err := h.broker.Publish(ctx, e.UserID, e.Event); err != nil {
			return err
		}
	}
	return nil
}

// PublishEach publishes each envelope on its user's channel, PublishChunk per round trip.
func (b *RedisBroker) PublishEach(ctx context.Context, envs []Envelope) error {
	for start := 0; start < len(envs); start += PublishChunk {
		pipe := b.rdb.Pipeline()
		for _, e := range envs[start:min(start+PublishChunk, len(envs))] {
			payload, err := e.Event.frame()
			if err != nil {
				return fmt.Errorf("realtime: marshal event: %w", err)
			}
			pipe.Publish(ctx, b.Channel(e.UserID), payload)
		}
		if _, err := pipe.Exec(ctx); err != nil {
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
