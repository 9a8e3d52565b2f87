import { api, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import { ADMIN_PER_PAGE, type HelpRequest } from './types'

/** GET /api/admin/help-requests?page=&per_page= → call-back requests, newest first. */
export function getHelpRequests(page: number): Promise<Paged<HelpRequest>> {
  return api.getPage<HelpRequest>('/admin/help-requests', { page, perPage: ADMIN_PER_PAGE })
}

export function useHelpRequests(page: number, enabled: boolean) {
  return usePagedQuery({ queryKey: queryKeys.admin.helpRequests(page), queryFn: () => getHelpRequests(page), enabled })
}
