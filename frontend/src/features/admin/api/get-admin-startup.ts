import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { AdminStartupDashboard } from './types'

/** GET /api/admin/startups/{id}/dashboard → {startup, tasks with submissions} and its stats. */
export function getAdminStartup(id: string): Promise<AdminStartupDashboard> {
  return api.get<AdminStartupDashboard>(`/admin/startups/${encodeURIComponent(id)}/dashboard`)
}

export function useAdminStartup(id: string) {
  return useQuery({ queryKey: queryKeys.dashboard.admin('startup', id), queryFn: () => getAdminStartup(id) })
}
