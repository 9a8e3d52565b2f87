import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

export type StartupPageResponse = components['schemas']['StartupPage']

/** GET /api/startup/{id} → the startup's public profile. */
export function getStartup(id: string): Promise<StartupPageResponse> {
  return api.get<StartupPageResponse>(`/startup/${encodeURIComponent(id)}`)
}

export function useStartup(id: string) {
  return useQuery({ queryKey: queryKeys.startups.detail(id), queryFn: () => getStartup(id) })
}
