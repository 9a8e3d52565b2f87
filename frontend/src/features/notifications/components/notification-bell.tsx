import { useMarkNotificationRead } from '../api/mark-notification-read'
import { useUnreadNotifications, type NotificationRole } from '../api/get-notifications'
import { NotificationBellView } from './notification-bell-view'

/**
 * The bell of the student and startup dashboards (placed there by src/app). It stays current
 * through ../realtime.ts, which invalidates queryKeys.notifications on notification.* events.
 */
export function NotificationBell({ role }: { role: NotificationRole }) {
  const notifications = useUnreadNotifications(role)
  const markRead = useMarkNotificationRead(role)
  return <NotificationBellView notifications={notifications.data ?? []} onRead={(id) => markRead.mutate(id)} />
}
