import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { HelpRequest, Paged } from './types'

export type HelpRequestsPage = Paged<'helpRequests', HelpRequest>

/** GET /api/admin/help-requests?page= → call-back requests, newest first. */
export function getHelpRequests(page: number): Promise<HelpRequestsPage> {
  return api.get<HelpRequestsPage>('/admin/help-requests', { query: { page } })
}

export function useHelpRequests(page: number, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.admin.helpRequests(page), queryFn: () => getHelpRequests(page), enabled, placeholderData: keepPreviousData })
}
