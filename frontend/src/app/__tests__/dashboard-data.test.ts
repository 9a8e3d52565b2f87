import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { queryKeys } from '@/lib/query-keys'
import { seedAccount } from '@/testing/mocks/db'
import { createTestQueryClient } from '@/testing/test-utils'
import type { UserType } from '@/types/api'
import { prefetchDashboard } from '../routes/dashboard-data'

function signIn(userType: UserType) {
  const { user, token } = seedAccount({ userType })
  useAuthStore.getState().login({ token, user }, { remember: true })
}

describe('prefetchDashboard, the dashboard routes’ loader', () => {
  it.each([
    ['student', queryKeys.dashboard.student],
    ['startup', queryKeys.dashboard.startup],
  ] as const)('fills the %s dashboard query and the ratings query the page reads', async (userType, queryKey) => {
    signIn(userType)
    const queryClient = createTestQueryClient()
    expect(prefetchDashboard(queryClient)()).toBeNull()
    await waitFor(() => expect(queryClient.getQueryData(queryKey)).toBeDefined())
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.ratings.mine)).toBeDefined())
  })

  it('fetches nothing for a visitor, an admin, or a route of the other user type', () => {
    const queryClient = createTestQueryClient()
    prefetchDashboard(queryClient)()
    signIn('admin')
    prefetchDashboard(queryClient)()
    signIn('student')
    prefetchDashboard(queryClient, 'startup')()
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
  })
})
