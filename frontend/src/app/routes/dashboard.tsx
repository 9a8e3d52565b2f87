import { Navigate } from 'react-router'
import { paths } from '@/config/paths'
import { AdminDashboardPage } from '@/features/admin/routes/admin-dashboard-page'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { StartupDashboardPage } from '@/features/startup/routes/startup-dashboard-page'
import { StudentDashboardPage } from '@/features/student/routes/student-dashboard-page'
import { useCurrentUser } from '@/lib/auth-store'

// The dashboards show the notifications feature's bell; features do not import each other, so
// the two meet here.

/** /student/dashboard: the student dashboard with the bell. */
export function StudentDashboardRoute() {
  return <StudentDashboardPage bell={<NotificationBell role="student" />} />
}

/** /startup/dashboard: the startup dashboard with the bell. */
export function StartupDashboardRoute() {
  return <StartupDashboardPage bell={<NotificationBell role="startup" />} />
}

/** /dashboard: the student, startup or admin dashboard by userType; any other type goes to /. */
export function DashboardRoute() {
  const user = useCurrentUser()
  switch (user?.userType) {
    case 'student':
      return <StudentDashboardRoute />
    case 'startup':
      return <StartupDashboardRoute />
    case 'admin':
      return <AdminDashboardPage />
    default:
      return <Navigate to={paths.home} replace />
  }
}
