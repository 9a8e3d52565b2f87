import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import type { User } from '@/types/api'
import { api, errorMessage } from './api-client'
import { useAuthStore } from './auth-store'
import { queryKeys } from './query-keys'
import { notify } from './notify'
import { endAllSessions } from './sessions'

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

/**
 * Sign out: ends the session on the server (POST /api/logout, so a copy of the token stops working
 * too), clears stored auth and the query cache, says so, and goes to /login. The page does not
 * wait for the server: the request carries the token it read before the store was cleared, and a
 * failure (offline) still signs this tab out.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(() => {
    if (useAuthStore.getState().token) {
      api.post('/logout', undefined, { redirectOnUnauthorized: false }).catch(() => {})
    }
    useAuthStore.getState().logout()
    queryClient.clear()
    notify.success('Logged out successfully!')
    navigate(paths.login, { replace: true })
  }, [navigate, queryClient])
}

/**
 * "Sign out of all devices": ends every session on the server, then signs this tab out as Sign
 * out does. If the server cannot be reached nothing changes and the user is told so.
 */
export function useLogoutEverywhere(): () => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    try {
      await endAllSessions()
    } catch (error) {
      notify.error(errorMessage(error, 'Could not sign out of all devices. Try again.'))
      return
    }
    useAuthStore.getState().logout()
    queryClient.clear()
    notify.success('Signed out of all devices.')
    navigate(paths.login, { replace: true })
  }, [navigate, queryClient])
}
