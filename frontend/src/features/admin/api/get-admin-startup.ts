import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { AdminStartupDashboard } from './types'

/** GET /api/admin/dashboard/startup/{id} → {startup, tasks with submissions} and its stats. */
export function getAdminStartup(id: string): Promise<AdminStartupDashboard> {
  return api.get<AdminStartupDashboard>(`/admin/dashboard/startup/${encodeURIComponent(id)}`)
}

export function useAdminStartup(id: string) {
  return useQuery({ queryKey: queryKeys.dashboard.admin('startup', id), queryFn: () => getAdminStartup(id) })
}
