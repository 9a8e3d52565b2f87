import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

export type Notification = components['schemas']['Notification']

export type NotificationRole = 'student' | 'startup'

/** The bell lists the 50 newest unread items; reading them makes room for older ones. */
const BELL_SIZE = 50

/** GET /api/{role}/notifications?unread=true: the bell's unread items, newest first. */
export async function getUnreadNotifications(role: NotificationRole): Promise<Notification[]> {
  const { items } = await api.getPage<Notification>(`/${role}/notifications`, { query: { unread: true }, perPage: BELL_SIZE })
  return items
}

export function useUnreadNotifications(role: NotificationRole) {
  return useQuery({
    queryKey: queryKeys.notifications.list(role),
    queryFn: () => getUnreadNotifications(role),
    // Spec §8: failed notification calls are swallowed; the bell shows what it has.
    retry: false,
  })
}
