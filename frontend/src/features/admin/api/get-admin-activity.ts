import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

export type AdminActivity = components['schemas']['AdminActivity']

export type AdminWeekActivity = components['schemas']['AdminWeekActivity']

/**
 * GET /api/admin/activity → submissions by status, and sign-ups, submissions and certificates
 * for each of the last 12 weeks (oldest first, this week last), with this week's open tasks.
 */
export function getAdminActivity(): Promise<AdminActivity> {
  return api.get<AdminActivity>('/admin/activity')
}

export function useAdminActivity() {
  return useQuery({ queryKey: queryKeys.admin.activity, queryFn: getAdminActivity })
}
