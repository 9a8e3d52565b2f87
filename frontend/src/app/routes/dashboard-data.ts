import type { QueryClient } from '@tanstack/react-query'
import { startupDashboardQuery } from '@/features/startup/api/get-startup-dashboard'
import { studentDashboardQuery } from '@/features/student/api/get-student-dashboard'
import { useAuthStore } from '@/lib/auth-store'
import { myRatingsQuery } from '@/lib/ratings/my-ratings'
import type { UserType } from '@/types/api'

/**
 * The loader of the dashboard routes: starts the signed-in user's dashboard query as soon as the
 * route matches, beside the session check (GET /api/me) and the download of the page's chunk,
 * instead of after both; on a slow link each is a round trip (issue 17, item 6). The ratings the
 * user gave start too: the dashboards' rating panels ask for them only once the dashboard's data
 * is in, one more round trip. Nothing is awaited: the page shows its own loading state and reads
 * the same cache entries. `only` is the user type the route admits; another type is sent away by
 * the route's guard, so nothing is fetched.
 */
export function prefetchDashboard(queryClient: QueryClient, only?: UserType) {
  return () => {
    const { token, user } = useAuthStore.getState()
    const userType = user?.userType
    if (!token || (only && userType !== only)) return null
    if (userType !== 'student' && userType !== 'startup') return null
    if (userType === 'student') void queryClient.prefetchQuery(studentDashboardQuery)
    else void queryClient.prefetchQuery(startupDashboardQuery)
    void queryClient.prefetchQuery(myRatingsQuery)
    return null
  }
}
