import { useEffect } from 'react'
import { Navigate, useLocation } from 'react-router'
import { notify } from '@/lib/notify'

/**
 * An unknown path goes home, as the spec says, and says why: a link that leads nowhere should
 * not look like a link that leads home. The toast's id keeps it single under StrictMode.
 */
export function NotFoundRedirect() {
  const { pathname } = useLocation()
  useEffect(() => {
    notify.error('Page not found', { id: 'page-not-found', description: `There is no page at ${pathname}.` })
  }, [pathname])
  return <Navigate to="/" replace />
}
