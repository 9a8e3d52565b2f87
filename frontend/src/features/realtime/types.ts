import type { components } from '@/types/api.gen'

// The websocket's frames (DESIGN §4) and the chat shapes they carry. Chat events carry the same
// shapes as the REST answers of /api/chat, so an event can go straight into a cached list.

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

/** Server → client event types. */
export const EventType = {
  ready: 'ready',
  pong: 'pong',
  resync: 'resync',
  chatMessage: 'chat.message',
  chatRead: 'chat.read',
  chatTyping: 'chat.typing',
  presence: 'presence',
  notificationNew: 'notification.new',
  notificationCount: 'notification.count',
  submissionStatus: 'submission.status',
  taskUpdated: 'task.updated',
} as const

/** Spec §3 Message, with the read receipt and the sender's idempotency key. */
export type ChatMessage = components['schemas']['ChatMessage']

/** Spec §3 Conversation partner, with whether they have the app open. */
export type ChatUser = components['schemas']['ChatUser']

/** A row of the /chat left column. */
export type ChatPartner = components['schemas']['ChatPartner']

/** A row of /messages: the partner, the latest message and how many of theirs are unread. */
export type Conversation = components['schemas']['Conversation']

/** chat.read: `readerId` has read `senderId`'s messages up to the message `upTo` (the REST answer adds `count`). */
export type ReadReceipt = Omit<components['schemas']['ReadReceipt'], 'count'>

/** chat.typing: `from` is typing to `to`. */
export type TypingData = { from: string; to: string }

/** presence: a chat partner came online or went offline. */
export type PresenceData = { userId: string; online: boolean }
