import { Navigate, Outlet, useLocation } from 'react-router'
import { paths } from '@/config/paths'
import { isAuthenticated, useAuthStore } from '@/lib/auth-store'
import type { UserType } from '@/types/api'

/**
 * Layout route for signed-in screens (spec §2 "Guards"): a visitor who is not signed in goes to
 * /login; a signed-in user whose type is not in `allow` goes to /.
 */
export function RequireAuth({ allow }: { allow?: readonly UserType[] }) {
  const location = useLocation()
  const token = useAuthStore((state) => state.token)
  const user = useAuthStore((state) => state.user)

  if (!isAuthenticated({ token, user })) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname }} />
  }
  if (allow && !(user && allow.includes(user.userType))) {
    return <Navigate to={paths.home} replace />
  }
  return <Outlet />
}

/** Layout route for /login, /register and the password screens: signed-in users go to /dashboard. */
export function PublicOnlyRoute() {
  const signedIn = useAuthStore(isAuthenticated)
  if (signedIn) return <Navigate to={paths.dashboard} replace />
  return <Outlet />
}
