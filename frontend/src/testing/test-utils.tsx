import { QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitForElementToBeRemoved } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLayoutEffect, type ReactElement, type ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location } from 'react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { AppProvider } from '@/app/provider'
import { AppRoutes } from '@/app/router'
import { useAuthStore } from '@/lib/auth-store'
import type { User } from '@/types/api'
import { seedAccount } from './mocks/db'

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  })
}

type RenderAppOptions = {
  /** Sign in as a new account of this type (known to the mock API) before rendering. */
  as?: User['userType'] | Partial<User>
  /** Return at once instead of waiting for the start-up session check to finish. */
  waitForSession?: boolean
  /**
   * Navigate in transitions, as the app's BrowserRouter does: a page then renders with the URL
   * it had until a navigation's render commits, however many events come before.
   */
  transitions?: boolean
}

/** The test's view of the router: where it is, and a way to go elsewhere as a link would. */
export type TestRouter = {
  location: Location
  /** Resolves once the page at `to` is in. */
  navigate: (to: string) => Promise<void>
}

/** Keeps `router` current from inside the router's tree. */
function RouterProbe({ router }: { router: TestRouter }) {
  const location = useLocation()
  const navigate = useNavigate()
  useLayoutEffect(() => {
    router.location = location
    router.navigate = async (to) => {
      act(() => void navigate(to))
      await pageLoaded()
    }
  }, [router, location, navigate])
  return null
}

/**
 * A memory router at `url` holding `children`, and its TestRouter. Without transitions unless
 * asked: the browser keeps the previous page on screen while the next one's chunk loads; here the
 * routes' "Loading…" (src/app/router.tsx) shows instead, which tells a test when a page is on its
 * way.
 */
function memoryRouter(url: string, children: ReactNode, transitions = false) {
  const router: TestRouter = {
    location: { pathname: '', search: '', hash: '', state: null, key: '' },
    navigate: () => Promise.reject(new Error('the router has not rendered yet')),
  }
  const element = (
    <MemoryRouter initialEntries={[url]} useTransitions={transitions}>
      <RouterProbe router={router} />
      {children}
    </MemoryRouter>
  )
  return { router, element }
}

/** Mounts the whole app (providers, guards, layout) at `url` in a memory router. */
export async function renderApp(url: string, options: RenderAppOptions = {}) {
  let user: User | null = null
  if (options.as) {
    const overrides = typeof options.as === 'string' ? { userType: options.as } : options.as
    const seeded = seedAccount(overrides)
    user = seeded.user
    useAuthStore.getState().login({ token: seeded.token, user }, { remember: true })
  }
  const queryClient = createTestQueryClient()
  const { router, element } = memoryRouter(url, <AppRoutes />, options.transitions)
  const events = userEvent.setup()
  const view = render(<AppProvider queryClient={queryClient}>{element}</AppProvider>)
  // With a session, the app first checks it (GET /api/me) behind a spinner.
  const spinner = screen.queryByRole('status', { name: 'Loading your session' })
  if (spinner && options.waitForSession !== false) await waitForElementToBeRemoved(spinner)
  // Pages other than the landing page load lazily (src/app/router.tsx): wait until the page's
  // module is in, so tests see the page.
  if (options.waitForSession !== false) await pageLoaded()
  return { ...view, router, queryClient, user, events }
}

/**
 * Resolves once the page at the router's location is in, including a guard's redirect on the
 * first render (to another lazy page).
 */
async function pageLoaded() {
  const loading = () => screen.queryByRole('status', { name: 'Loading…' })
  for (;;) {
    // A render's effects (a redirect) run, and a loaded module's page renders.
    await act(async () => {})
    if (!loading()) return
    await waitForElementToBeRemoved(loading)
  }
}

/** Renders one element (a page view) inside a router and a query client. */
export function renderWithRouter(ui: ReactElement, { url = '/', transitions = false }: { url?: string; transitions?: boolean } = {}) {
  const { router, element } = memoryRouter(
    url,
    <Routes>
      <Route path="*" element={ui} />
      <Route path="/dashboard" element={<p>Dashboard route</p>} />
    </Routes>,
    transitions,
  )
  const events = userEvent.setup()
  const view = render(<QueryClientProvider client={createTestQueryClient()}>{element}</QueryClientProvider>)
  return { ...view, router, events }
}
