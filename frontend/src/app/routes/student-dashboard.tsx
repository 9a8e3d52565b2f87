import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { StudentDashboardPage } from '@/features/student/routes/student-dashboard-page'

// The dashboards show the notifications feature's bell; features do not import each other, so
// the two meet here. A module of its own: the student's dashboard chunk (./dashboard.tsx).

export function StudentDashboard() {
  return <StudentDashboardPage bell={<NotificationBell role="student" />} />
}
