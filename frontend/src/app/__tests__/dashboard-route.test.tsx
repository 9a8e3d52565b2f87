import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { Suspense, type ComponentType } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { queryKeys } from '@/lib/query-keys'
import { seedAccount } from '@/testing/mocks/db'
import { createTestQueryClient } from '@/testing/test-utils'
import type { UserType } from '@/types/api'
import { DashboardRoute, StartupDashboardRoute, StudentDashboardRoute } from '../routes/dashboard'

function signIn(userType: UserType) {
  const { user, token } = seedAccount({ userType })
  useAuthStore.getState().login({ token, user }, { remember: true })
}

/** Renders `Route` as the app does, with a fallback that shows until its page's chunk is in. */
function renderRoute(Route: ComponentType) {
  const queryClient = createTestQueryClient()
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Suspense fallback={<p>The page is on its way</p>}>
          <Route />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return queryClient
}

const pageIn = () => waitFor(() => expect(screen.queryByText('The page is on its way')).not.toBeInTheDocument())

describe('the dashboard routes', () => {
  it.each([
    ['student', StudentDashboardRoute, queryKeys.dashboard.student],
    ['startup', StartupDashboardRoute, queryKeys.dashboard.startup],
  ] as const)('ask for the %s dashboard and the ratings given while the page’s chunk is still loading', async (userType, Route, queryKey) => {
    signIn(userType)
    const queryClient = renderRoute(Route)
    // The first render: the chunk is not in, the page's two queries are already on their way.
    expect(screen.getByText('The page is on its way')).toBeInTheDocument()
    expect(queryClient.isFetching({ queryKey })).toBe(1)
    expect(queryClient.isFetching({ queryKey: queryKeys.ratings.mine })).toBe(1)
    await pageIn()
    await waitFor(() => expect(queryClient.getQueryData(queryKey)).toBeDefined())
  })

  it('shows an admin the admin dashboard at /dashboard, without the student’s or the startup’s queries', async () => {
    signIn('admin')
    const queryClient = renderRoute(DashboardRoute)
    expect(queryClient.isFetching({ queryKey: queryKeys.dashboard.student })).toBe(0)
    expect(queryClient.isFetching({ queryKey: queryKeys.dashboard.startup })).toBe(0)
    expect(queryClient.isFetching({ queryKey: queryKeys.ratings.mine })).toBe(0)
    await pageIn()
    expect(await screen.findByRole('heading', { level: 1, name: /admin/i })).toBeInTheDocument()
  })
})
