import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
// From 'react-router' rather than 'react-router/dom': the same module as createMemoryRouter in
// tests (two copies would not share the router context); nothing here uses flushSync.
import { RouterProvider } from 'react-router'
import { FullPageSpinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@/config/toast'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { useSessionRefresh } from '@/lib/auth'
import { syncAuthAcrossTabs } from '@/lib/auth-store'
import { setNavigator } from '@/lib/navigation'
import { Toaster } from '@/lib/notify'
import { RealtimeProvider } from '@/lib/realtime/realtime-provider'
import { registerRealtimeHandlers } from './realtime'
import type { AppRouter } from './router'

// Before the first socket opens: which feature handles which live event (./realtime.ts).
registerRealtimeHandlers()

/** Holds the routes back until the start-up session check (GET /api/me) has answered. */
function SessionGate({ children }: { children: ReactNode }) {
  const { isBooting } = useSessionRefresh()
  if (isBooting) return <FullPageSpinner label="Loading your session" />
  return <>{children}</>
}

type AppProviderProps = { queryClient: QueryClient; router: AppRouter }

/** Query cache, toasts, session check and routes. Tests mount it with a memory router. */
export function AppProvider({ queryClient, router }: AppProviderProps) {
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        queryClient.clear()
        void router.navigate(paths.login, { replace: true })
      }),
    [queryClient, router],
  )
  useEffect(() => syncAuthAcrossTabs(), [])
  // Toasts live outside the routes; their links move through the router all the same.
  useEffect(() => setNavigator((to) => void router.navigate(to)), [router])

  return (
    <QueryClientProvider client={queryClient}>
      {/* The live connection (students and startups only) keeps the query cache current. */}
      <RealtimeProvider>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </RealtimeProvider>
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
