import { useEffect } from 'react'
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { isAuthenticated, useAuthStore } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { afterSignIn, loginPath } from '@/lib/return-to'
import type { UserType } from '@/types/api'

const roleNames: Record<UserType, { one: string; many: string }> = {
  student: { one: 'a student', many: 'students' },
  startup: { one: 'a startup', many: 'startups' },
  admin: { one: 'an admin', many: 'admins' },
}

/** Why a signed-in user cannot open a page, e.g. "That page is for startups. You're signed in as a student." */
export function wrongRoleMessage(allow: readonly UserType[], userType: UserType): string {
  const whose = allow.map((type) => roleNames[type]?.many ?? type).join(' and ')
  return `That page is for ${whose}. You're signed in as ${roleNames[userType]?.one ?? userType}.`
}

/**
 * Layout route for signed-in screens (spec §2 "Guards"): a visitor who is not signed in goes to
 * /login, carrying the page asked for so that signing in lands there; a signed-in user whose
 * type is not in `allow` goes to /, as the spec has it, told why (the landing page then offers
 * their dashboard).
 */
export function RequireAuth({ allow }: { allow?: readonly UserType[] }) {
  const location = useLocation()
  const token = useAuthStore((state) => state.token)
  const user = useAuthStore((state) => state.user)

  if (!isAuthenticated({ token, user })) {
    return <Navigate to={loginPath(location.pathname + location.search + location.hash)} replace />
  }
  if (allow && !user) return <Navigate to={paths.home} replace />
  if (allow && user && !allow.includes(user.userType)) {
    return <WrongRole message={wrongRoleMessage(allow, user.userType)} />
  }
  return <Outlet />
}

/** Says why the page did not open, once (the id keeps a second effect run from repeating it). */
function WrongRole({ message }: { message: string }) {
  useEffect(() => notify.notice(message, { id: 'wrong-role' }), [message])
  return <Navigate to={paths.home} replace />
}

/**
 * Layout route for /login, /register and the password screens: signed-in users go on to the
 * page `next` names, or /dashboard.
 */
export function PublicOnlyRoute() {
  const signedIn = useAuthStore(isAuthenticated)
  const [params] = useSearchParams()
  if (signedIn) return <Navigate to={afterSignIn(params)} replace />
  return <Outlet />
}
