import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'

/** GET /api/users/{id}: for a thread's header when the partner is not in the loaded list. */
export function getUser(id: string): Promise<User> {
  return api.get<User>(`/users/${encodeURIComponent(id)}`)
}

export function useUser(id: string, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.users.detail(id), queryFn: () => getUser(id), enabled })
}
