import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { NotificationSettings } from './types'

/**
 * PUT /api/me/notification-settings with every field → 200 the saved settings; 400 with
 * `fields` ("Choose immediate, hourly, daily or off").
 */
export function updateNotificationSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  return api.put<NotificationSettings>('/me/notification-settings', settings)
}

export function useUpdateNotificationSettings(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.notificationSettings, saved)
      options.onSuccess?.()
    },
    onError: (error) => options.onError?.(error),
  })
}
