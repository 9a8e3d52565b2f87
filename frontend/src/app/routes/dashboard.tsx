import { lazy } from 'react'
import { usePrefetchQuery } from '@tanstack/react-query'
import { Navigate } from 'react-router'
import { paths } from '@/config/paths'
import { startupDashboardQuery } from '@/features/startup/api/get-startup-dashboard'
import { studentDashboardQuery } from '@/features/student/api/get-student-dashboard'
import { useCurrentUser } from '@/lib/auth-store'
import { myRatingsQuery } from '@/lib/ratings/my-ratings'

// Each user type's dashboard is a chunk of its own: a student's first load carries neither the
// startup's dashboard nor the admin's. The route (in the entry) starts the dashboard's query and
// the ratings the user gave on the render that fetches the chunk, instead of after it: on a slow
// link each is a round trip, and the rating panels would ask only once the dashboard is in
// (docs/performance.md, "Web app: first load and LCP"). The page reads the same cache entries and
// shows its own loading state.
const StudentDashboard = lazy(() => import('./student-dashboard').then((m) => ({ default: m.StudentDashboard })))
const StartupDashboard = lazy(() => import('./startup-dashboard').then((m) => ({ default: m.StartupDashboard })))

/** /student/dashboard. */
export function StudentDashboardRoute() {
  usePrefetchQuery(studentDashboardQuery)
  usePrefetchQuery(myRatingsQuery)
  return <StudentDashboard />
}

/** /startup/dashboard. */
export function StartupDashboardRoute() {
  usePrefetchQuery(startupDashboardQuery)
  usePrefetchQuery(myRatingsQuery)
  return <StartupDashboard />
}

/** /admin/dashboard: the admin's dashboard page, a chunk of its own. */
export const AdminDashboardRoute = lazy(() => import('@/features/admin/routes/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })))

/** /dashboard: the student, startup or admin dashboard by userType; any other type goes to /. */
export function DashboardRoute() {
  const user = useCurrentUser()
  switch (user?.userType) {
    case 'student':
      return <StudentDashboardRoute />
    case 'startup':
      return <StartupDashboardRoute />
    case 'admin':
      return <AdminDashboardRoute />
    default:
      return <Navigate to={paths.home} replace />
  }
}
