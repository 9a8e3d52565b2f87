import { Navigate } from 'react-router'
import { paths } from '@/config/paths'
import { AdminDashboardPage } from '@/features/admin/routes/admin-dashboard-page'
import { StartupDashboardPage } from '@/features/startup/routes/startup-dashboard-page'
import { StudentDashboardPage } from '@/features/student/routes/student-dashboard-page'
import { useCurrentUser } from '@/lib/auth-store'

/** /dashboard: the student, startup or admin dashboard by userType; any other type goes to /. */
export function DashboardRoute() {
  const user = useCurrentUser()
  switch (user?.userType) {
    case 'student':
      return <StudentDashboardPage />
    case 'startup':
      return <StartupDashboardPage />
    case 'admin':
      return <AdminDashboardPage />
    default:
      return <Navigate to={paths.home} replace />
  }
}
