import { useMarkNotificationRead } from '../api/mark-notification-read'
import { useUnreadNotifications, type NotificationRole } from '../api/get-notifications'
import { NotificationBellView } from './notification-bell-view'

/**
 * The bell of the student and startup dashboards (placed there by src/app). It stays current
 * through ../realtime.ts, which puts notification.new and notification.count into its cache.
 */
export function NotificationBell({ role }: { role: NotificationRole }) {
  const bell = useUnreadNotifications(role)
  const markRead = useMarkNotificationRead(role)
  return <NotificationBellView notifications={bell.data?.items ?? []} unread={bell.data?.unread ?? 0} onRead={(id) => markRead.mutate(id)} />
}
