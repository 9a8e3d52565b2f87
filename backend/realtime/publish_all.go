package realtime

import (
	"context"
	"encoding/json"
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

// PublishAll publishes ev on the channel of each user in one pipelined round trip, in order.
func (b *RedisBroker) PublishAll(ctx context.Context, userIDs []string, ev Event) error {
	payload, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("realtime: marshal event: %w", err)
	}
	pipe := b.rdb.Pipeline()
	for _, id := range userIDs {
		pipe.Publish(ctx, b.Channel(id), payload)
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("realtime: redis publish: %w", err)
	}
	return nil
}
