import type { QueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { registerCatchUp, registerRealtimeHandler, type RealtimeContext } from '@/lib/realtime/registry'

/** A new notification, or a changed unread count: the bell refetches, and so do the dashboards. */
function onNotification(_data: unknown, { queryClient }: RealtimeContext): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all })
  // What a notification announces (a submission, a decision) changes the dashboards' numbers.
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })
}

async function catchUpNotifications(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all })
}

/** The bell's live events. */
export function registerNotificationsRealtime(): void {
  registerRealtimeHandler('notification.new', onNotification)
  registerRealtimeHandler('notification.count', onNotification)
  registerCatchUp(catchUpNotifications)
}
