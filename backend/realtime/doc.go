// Package realtime pushes events to browsers over websockets (DESIGN.md §4):
// the frame type (Event), the Broker that carries events between instances
// (MemoryBroker for the single-process default, RedisBroker with one pub/sub
// channel per user when several instances run, and one channel all instances
// read for events to many users at once, PublishEach), and the Hub that holds
// this instance's sockets and serves /api/ws.
//
// It knows nothing about gin, gorm or the domain; the app wires it:
//
//	broker := realtime.NewMemoryBroker() // or realtime.NewRedisBroker(rdb, realtime.RedisOptions{
//	//	Prefix: "bridgework:", OnReconnect: func() { hub.BroadcastLocal(resync) }})
//	hub, err := realtime.NewHub(broker, realtime.Options{
//		Authenticate:   sessions.Check,         // JWT → user id and session id
//		AllowedOrigins: cfg.AllowedOrigins,     // e.g. "app.example.com"
//		OnConnect:      presence.Online,        // first socket of a user on this instance
//		OnDisconnect:   presence.Offline,       // last one gone
//		ClientFrames:   []string{"typing", "read"},
//		OnClientEvent:  handleChatFrame,        // gets those frames
//	})
//	router.GET("/api/ws", gin.WrapH(hub))
//	// after each commit: ev, _ := realtime.NewEvent("chat.message", msg); hub.Publish(ctx, userID, ev)
//	// on exit: hub.Shutdown(ctx), then close the broker and the HTTP server.
//
// Protocol. The client's first frame is {"type":"auth","data":{"token":"<jwt>"}}
// (never a URL parameter: URLs end up in logs). The server answers
// {"type":"ready","data":{"userId":"..."}}; from then on every event published
// for that user reaches the socket. Clients may send "ping" (answered with
// "pong") and the frames named in ClientFrames (passed to OnClientEvent).
//
// Delivery is at most once. Events are not stored here: the database is the
// source of truth, and a client that reconnects, or receives "resync", refetches
// what it missed. Close codes the client may see:
//
//	1001 going away         server shutting down: reconnect (another instance will answer)
//	1008 policy violation   no or bad auth frame, slow consumer, heartbeat timeout
//	1009 message too big    a frame over Options.ReadLimit
//	1013 try again later    the broker could not subscribe (Redis down)
//	4001 session ended      the session of the socket's token ended (sign-out, sign-out
//	                        everywhere, a password change): sign out, do not reconnect
//	4008 too many           the user opened more than Options.MaxPerUser sockets here; the
//	                        oldest is closed: do not reconnect it
//
// Limits. Before the upgrade, Options.Admit may refuse a client address (a handshake rate,
// descriptor headroom: 429 or 503 with Retry-After), and an address with Options.MaxPerIP
// sockets open gets 429. The client address comes from WithClientIP (the router's, behind
// trusted proxies) or the peer.
//
// Origins. Accept compares the Origin header with Options.AllowedOrigins (a
// foreign Origin gets HTTP 403). An Origin whose host equals the request's Host
// is always allowed, so the SPA served by the same host needs no entry; behind
// nginx, keep the Host header (proxy_set_header Host $host). A Vite dev server
// on another port does need one ("localhost:5173").
package realtime
