// The websocket's frames (DESIGN §4) as the transport sees them. What a frame's data means is the
// business of the feature that registered for its type (registry.ts).

/** Every frame: `{type, data, id, at}`. */
export type RealtimeEvent<T = unknown> = {
  type: string
  data: T
  id?: string
  at?: string
}

/** The hub's own close codes (backend/realtime/doc.go). */
export const CloseCode = {
  /** The session this socket signed in with ended (sign-out elsewhere, a password change). */
  sessionEnded: 4001,
  /** The user opened more sockets than the server allows; this one, the oldest, was closed. */
  tooManyConnections: 4008,
} as const

/** The frames of the connection itself; every other type goes to the registered handlers. */
export const TransportEvent = {
  /** Authenticated: events flow from here on. */
  ready: 'ready',
  pong: 'pong',
  /** The server may have dropped events for this socket: catch up. */
  resync: 'resync',
} as const
