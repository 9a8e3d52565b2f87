import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

export type Notification = components['schemas']['Notification']

export type NotificationRole = 'student' | 'startup'

/** The bell lists the 50 newest unread items; reading them makes room for older ones. */
export const BELL_SIZE = 50

/**
 * The bell as cached: its newest unread items and how many are unread in all, the badge's
 * number, which may be more than it lists. Live events change both in place (../realtime.ts).
 */
export type Bell = { items: Notification[]; unread: number }

/** GET /api/{role}/notifications?unread=true: the bell's unread items, newest first, and their count. */
export async function getUnreadNotifications(role: NotificationRole): Promise<Bell> {
  const { items, total } = await api.getPage<Notification>(`/${role}/notifications`, { query: { unread: true }, perPage: BELL_SIZE })
  // The server counts the unread list (X-Total-Count); without a count, what it listed.
  return { items, unread: total ?? items.length }
}

export function useUnreadNotifications(role: NotificationRole) {
  return useQuery({
    queryKey: queryKeys.notifications.list(role),
    queryFn: () => getUnreadNotifications(role),
    // Spec §8: failed notification calls are swallowed; the bell shows what it has.
    retry: false,
  })
}
