import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

export type AdminTotals = components['schemas']['AdminTotals']

/** GET /api/admin/stats → totals of students, startups and tasks. */
export function getAdminStats(): Promise<AdminTotals> {
  return api.get<AdminTotals>('/admin/stats')
}

export function useAdminStats() {
  return useQuery({ queryKey: queryKeys.admin.stats, queryFn: getAdminStats })
}
