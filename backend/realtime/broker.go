package realtime

import "context"

// Handler receives every event the broker sees on a subscribed user channel.
// A broker calls it from its own goroutine(s); it must not block for long. An event that
// came over the network may hold only its encoding (Event.frame), not its decoded fields.
type Handler func(userID string, ev Event)

// Broker carries events between publishers and the instances holding the
// recipients' sockets, in the style of centrifugal/centrifuge. Every publish
// goes through the broker, even when the recipient is connected to this very
// instance, and the hub only delivers what the broker hands back: that way a
// socket never gets an event twice, whatever the number of instances.
//
// Subscribe and Unsubscribe are idempotent set operations, not counters; the
// hub calls Subscribe when a user's first local connection appears and
// Unsubscribe after the last one goes. When Subscribe returns nil, events
// published afterwards are delivered. A broker instance serves one hub.
type Broker interface {
	// SetHandler installs the function called for every event on a
	// subscribed channel. NewHub calls it once, before any Subscribe.
	SetHandler(h Handler)
	Publish(ctx context.Context, userID string, ev Event) error
	Subscribe(ctx context.Context, userID string) error
	Unsubscribe(ctx context.Context, userID string) error
}
