import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import type { User } from '@/types/api'
import { api } from './api-client'
import { useAuthStore } from './auth-store'
import { queryKeys } from './query-keys'
import { notify } from './notify'

export const meQueryKey = queryKeys.me

/** GET /api/me. Accepts the bare user (contract) or a `{user}` envelope. */
export async function getMe(): Promise<User> {
  const data = await api.get<User | { user: User }>('/me', { redirectOnUnauthorized: false })
  return 'user' in data && data.user && typeof data.user === 'object' ? data.user : (data as User)
}

/**
 * Refreshes the stored user from the server while a token exists. `isBooting` is true only
 * until the first check on start has answered: guards wait for it, later refreshes (after a
 * login) happen in the background.
 */
export function useSessionRefresh(): { isBooting: boolean } {
  const token = useAuthStore((state) => state.token)
  const setUser = useAuthStore((state) => state.setUser)
  const me = useQuery({ queryKey: meQueryKey, queryFn: getMe, enabled: Boolean(token) })

  useEffect(() => {
    if (me.data && useAuthStore.getState().token) setUser(me.data)
  }, [me.data, setUser])

  const isSettled = !token || !me.isPending || me.fetchStatus === 'idle'
  const [hasBooted, setHasBooted] = useState(isSettled)
  useEffect(() => {
    if (isSettled) setHasBooted(true)
  }, [isSettled])

  return { isBooting: !hasBooted && !isSettled }
}

/** Sign out: clears stored auth and the query cache, says so, and goes to /login. */
export function useLogout(): () => void {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(() => {
    useAuthStore.getState().logout()
    queryClient.clear()
    notify.success('Logged out successfully!')
    navigate(paths.login, { replace: true })
  }, [navigate, queryClient])
}
