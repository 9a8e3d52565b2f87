import type { components } from '@/types/api.gen'

// Chat's shapes. Live events carry the same shapes as the REST answers of /api/chat, so an event
// can go straight into a cached list.

/** Spec §3 Message, with the read receipt and the sender's idempotency key. */
export type ChatMessage = components['schemas']['ChatMessage']

/** A file of a message: `url` is a link signed for the reader that works for 15 minutes. */
export type ChatAttachment = components['schemas']['ChatAttachment']

/** Spec §3 Conversation partner, with whether they have the app open. */
export type ChatUser = components['schemas']['ChatUser']

/** A row of the /chat left column. */
export type ChatPartner = components['schemas']['ChatPartner']

/** A row of /messages: the partner, the latest message and how many of theirs are unread. */
export type Conversation = components['schemas']['Conversation']

/** chat.read: `readerId` has read `senderId`'s messages up to the message `upTo` (the REST answer adds `count`). */
export type ReadReceipt = Omit<components['schemas']['ReadReceipt'], 'count'>
