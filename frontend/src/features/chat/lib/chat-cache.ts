import type { ChatMessage, Conversation, ReadReceipt } from '../api/types'

// Pure updates of cached chat data. Message ids are UUID v7: sorting them as text sorts by time.

const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)

/**
 * `list` with `incoming` added by id, in time order; the same array if nothing arrives. A cached
 * thread only grows and a read message stays read, so a late answer or a replayed event can
 * never take back what a newer one showed. Otherwise the incoming copy wins: a refetch brings
 * freshly signed links to the message's files (they work for 15 minutes).
 */
export function mergeMessages(list: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return list
  const merged = new Map(list.map((m) => [m._id, m]))
  for (const m of incoming) {
    const known = merged.get(m._id)
    merged.set(m._id, known?.readAt && !m.readAt ? { ...m, readAt: known.readAt } : m)
  }
  return [...merged.values()].sort(byId)
}

/** The thread with `receipt` applied: the reader's incoming messages up to `upTo` are read. */
export function applyReadReceipt(thread: ChatMessage[], receipt: ReadReceipt): ChatMessage[] {
  let changed = false
  const next = thread.map((m) => {
    if (m.sender !== receipt.senderId || m.receiver !== receipt.readerId || m.readAt || m._id > receipt.upTo) return m
    changed = true
    return { ...m, readAt: receipt.readAt }
  })
  return changed ? next : thread
}

/**
 * The conversation list after `message`, seen by `me`: the partner's row gets the message as its
 * last one and moves to the top; a message to me counts as unread. Returns null when the partner
 * has no row yet (the caller refetches the list, which knows the partner's name).
 */
export function applyMessageToConversations(list: Conversation[], message: ChatMessage, me: string): Conversation[] | null {
  const partnerId = message.sender === me ? message.receiver : message.sender
  const row = list.find((c) => c._id === partnerId)
  if (!row) return null
  if (row.lastMessage && row.lastMessage._id > message._id) return list // an older message
  const isNew = row.lastMessage?._id !== message._id
  const updated: Conversation = {
    ...row,
    lastMessage: message,
    unreadCount: row.unreadCount + (isNew && message.receiver === me && !message.readAt ? 1 : 0),
  }
  return [updated, ...list.filter((c) => c._id !== partnerId)].sort((a, b) => byId(b.lastMessage, a.lastMessage))
}

/** After I read `senderId`'s messages (in any tab), their row has nothing unread. */
export function clearUnread(list: Conversation[], receipt: ReadReceipt, me: string): Conversation[] {
  if (receipt.readerId !== me) return list
  return list.map((c) => (c._id === receipt.senderId && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c))
}

/** Rows of `userId` show them online or not. */
export function setOnline<T extends { _id: string; online: boolean }>(list: T[], userId: string, online: boolean): T[] {
  return list.some((u) => u._id === userId && u.online !== online) ? list.map((u) => (u._id === userId ? { ...u, online } : u)) : list
}
