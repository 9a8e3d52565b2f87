import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, MAX_PER_PAGE } from './api-client'
import { queryKeys } from './query-keys'
import type { components } from '@/types/api.gen'

/** One signed-in device of the user (GET /api/sessions); `current` marks the session this tab signed in with. */
export type SessionInfo = components['schemas']['SessionInfo']

/** The user's signed-in devices, fetched while `enabled` (the user menu is open). */
export function useSessions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: async () => (await api.getPage<SessionInfo>('/sessions', { perPage: MAX_PER_PAGE })).items,
    enabled,
    staleTime: 0,
  })
}

/** Ends one of the user's other sessions: that device is signed out at once. */
export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  })
}

/** "Sign out of all devices": ends every session, this one included. */
export function endAllSessions() {
  return api.post<{ message: string }>('/sessions/end-all', undefined, { redirectOnUnauthorized: false })
}
