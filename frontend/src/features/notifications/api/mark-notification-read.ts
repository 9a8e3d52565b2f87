import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { removeFromBell } from '../lib/bell-cache'
import type { Bell, NotificationRole } from './get-notifications'

/** PATCH /api/{role}/notifications/{id}/read. */
export function markNotificationRead(role: NotificationRole, id: string): Promise<unknown> {
  return api.patch(`/${role}/notifications/${encodeURIComponent(id)}/read`)
}

/** Spec §4: reading or removing an item marks it read and removes it from the list at once. */
export function useMarkNotificationRead(role: NotificationRole) {
  const queryClient = useQueryClient()
  const key = queryKeys.notifications.list(role)
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(role, id),
    onMutate: (id) => {
      queryClient.setQueryData<Bell>(key, (bell) => bell && removeFromBell(bell, id))
    },
    // Failures are swallowed (spec §8); the next fetch shows the truth.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}
