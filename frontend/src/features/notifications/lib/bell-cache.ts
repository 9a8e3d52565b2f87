import { BELL_SIZE, type Bell, type Notification } from '../api/get-notifications'

// Pure changes to the cached bell, for the live events (../realtime.ts) and marking read.

/**
 * Puts a new notification in its place by time (newest first), counted once: one the bell
 * already lists changes nothing. The bell keeps its BELL_SIZE newest.
 */
export function addToBell(bell: Bell, notification: Notification): Bell {
  if (bell.items.some((item) => item._id === notification._id)) return bell
  const at = Date.parse(notification.createdAt)
  const older = bell.items.findIndex((item) => Date.parse(item.createdAt) <= at)
  const index = older < 0 ? bell.items.length : older
  const items = [...bell.items.slice(0, index), notification, ...bell.items.slice(index)]
  return { items: items.slice(0, BELL_SIZE), unread: bell.unread + 1 }
}

/** Takes a notification out as read. */
export function removeFromBell(bell: Bell, id: string): Bell {
  const items = bell.items.filter((item) => item._id !== id)
  return items.length === bell.items.length ? bell : { items, unread: Math.max(0, bell.unread - 1) }
}
