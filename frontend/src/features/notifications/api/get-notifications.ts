import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type Notification = {
  _id: string
  message: string
  link?: string
  read: boolean
  createdAt: string
}

export type NotificationRole = 'student' | 'startup'

/** GET /api/{role}/notifications?unread=true: the bell's unread items, newest first. */
export async function getUnreadNotifications(role: NotificationRole): Promise<Notification[]> {
  const data = await api.get<Notification[] | { notifications: Notification[] }>(`/${role}/notifications`, { query: { unread: true } })
  // Spec §7: an array, or an object with a notifications list.
  return Array.isArray(data) ? data : (data?.notifications ?? [])
}

export function useUnreadNotifications(role: NotificationRole) {
  return useQuery({
    queryKey: queryKeys.notifications.list(role),
    queryFn: () => getUnreadNotifications(role),
    // Spec §8: failed notification calls are swallowed; the bell shows what it has.
    retry: false,
  })
}
