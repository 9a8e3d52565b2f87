import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { StartupDashboardPage } from '@/features/startup/routes/startup-dashboard-page'

// The dashboards show the notifications feature's bell; features do not import each other, so
// the two meet here. A module of its own: the startup's dashboard chunk (./dashboard.tsx).

export function StartupDashboard() {
  return <StartupDashboardPage bell={<NotificationBell role="startup" />} />
}
