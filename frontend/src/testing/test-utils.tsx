import { QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitForElementToBeRemoved } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { AppProvider } from '@/app/provider'
import { createRoutes } from '@/app/router'
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
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] })
  const events = userEvent.setup()
  const view = render(<AppProvider queryClient={queryClient} router={router} />)
  // With a session, the app first checks it (GET /api/me) behind a spinner.
  const spinner = screen.queryByRole('status', { name: 'Loading your session' })
  if (spinner && options.waitForSession !== false) await waitForElementToBeRemoved(spinner)
  // Pages other than the landing page load lazily (src/app/router.tsx): wait until the first
  // match's page module is in, as the browser does behind "Loading…", so tests see the page.
  if (options.waitForSession !== false) await routerReady(router)
  return { ...view, router, queryClient, user, events }
}

/**
 * Resolves once the router has loaded the lazy routes of its location and rendered them,
 * including a guard's redirect on the first render (another lazy page).
 */
async function routerReady(router: ReturnType<typeof createMemoryRouter>) {
  const settled = () => router.state.initialized && router.state.navigation.state === 'idle'
  for (;;) {
    if (!settled()) {
      await new Promise<void>((resolve) => {
        const unsubscribe = router.subscribe(() => {
          if (!settled()) return
          unsubscribe()
          resolve()
        })
      })
    }
    // The new state renders on React's next pass; its effects may navigate again.
    await act(async () => {})
    if (settled()) return
  }
}

/** Renders one element (a page view) inside a router and a query client. */
export function renderWithRouter(ui: ReactElement, { url = '/' }: { url?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
      { path: '/dashboard', element: <p>Dashboard route</p> },
    ],
    { initialEntries: [url] },
  )
  const events = userEvent.setup()
  const view = render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, router, events }
}
