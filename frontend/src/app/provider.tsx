import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { startTransition, useEffect, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { ShellLoading } from '@/components/layouts/main-layout'
import { paths } from '@/config/paths'
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@/config/toast'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { useSessionRefresh } from '@/lib/auth'
import { syncAuthAcrossTabs } from '@/lib/auth-store'
import { setNavigator } from '@/lib/navigation'
import { Toaster } from '@/lib/notify'
import { loginPath } from '@/lib/return-to'
import { RealtimeProvider } from '@/lib/realtime/realtime-provider'
import { registerRealtimeHandlers } from './realtime'

// Before the first socket opens: which feature handles which live event (./realtime.ts).
registerRealtimeHandlers()

type AppProviderProps = {
  queryClient: QueryClient
  /** A router holding <AppRoutes />: BrowserRouter in the app, MemoryRouter in tests. */
  children: ReactNode
}

/** Query cache, the live connection, toasts, and the router. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  useEffect(() => syncAuthAcrossTabs(), [])

  return (
    <QueryClientProvider client={queryClient}>
      {/* The live connection (students and startups only) keeps the query cache current. */}
      <RealtimeProvider>{children}</RealtimeProvider>
      {/* Below the sticky 64 px header, so a toast never hides the navigation or the bell. */}
      <Toaster
        position="top-right"
        offset={{ top: 76 }}
        mobileOffset={{ top: 72 }}
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_MAX_VISIBLE}
        richColors
        closeButton
      />
    </QueryClientProvider>
  )
}

/**
 * Inside the router: code outside the routes moves through it. A request the server refuses as
 * unauthenticated (api-client.ts) empties the cache and goes to /login (?next= this page); a toast's link
 * (lib/navigation.ts) opens its page without a reload.
 */
export function RouterHandlers() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { pathname, search, hash } = useLocation()
  const here = pathname + search + hash
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        queryClient.clear()
        // Signing in again comes back to the page the session ended on.
        void navigate(loginPath(here), { replace: true })
      }),
    [queryClient, navigate, here],
  )
  useEffect(() => setNavigator((to) => void navigate(to)), [navigate])
  return null
}

/**
 * Holds the routes back until the start-up session check (GET /api/me) has answered, showing the
 * header and navigation (of the stored session) with a spinner where the page goes. Their first
 * render is then a transition, so a page whose chunk is still on its way keeps this spinner on
 * screen until it is in (src/app/router.tsx places the Suspense boundary above it). Rendered at
 * once, the routes' "Loading…" would show, and React holds back a page that replaces a fallback
 * until 300 ms after the fallback appeared (FALLBACK_THROTTLE_MS in react-dom): on a dashboard whose
 * chunk the boot script had already fetched, 300 ms more before its first paint
 * (docs/performance.md, "Web app: first load and LCP").
 * The landing page alone is in the entry and renders at once, over its own HTML.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { isBooting } = useSessionRefresh()
  const atLandingPage = useLocation().pathname === paths.home
  const [routesShown, setRoutesShown] = useState(!isBooting && atLandingPage)
  useEffect(() => {
    if (!isBooting) startTransition(() => setRoutesShown(true))
  }, [isBooting])
  if (!routesShown) return <ShellLoading label={isBooting ? 'Loading your session' : 'Loading…'} />
  return <>{children}</>
}
