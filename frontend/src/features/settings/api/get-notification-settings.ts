import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { NotificationSettings } from './types'

/** GET /api/me/notification-settings → how often each kind of email is sent. */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return api.get<NotificationSettings>('/me/notification-settings')
}

export function useNotificationSettings() {
  return useQuery({ queryKey: queryKeys.notificationSettings, queryFn: getNotificationSettings })
}
