// The notification bell, used on both dashboards.
export { NotificationBell } from './components/notification-bell'
export type { Notification } from './api/get-notifications'
