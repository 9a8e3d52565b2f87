import { api, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { Invitation } from '@/types/matching'

export const INVITATIONS_PER_PAGE = 20

/** GET /api/student/invitations: the tasks startups invited the student to, newest first. */
export function getInvitations(page: number): Promise<Paged<Invitation>> {
  return api.getPage<Invitation>('/student/invitations', { page, perPage: INVITATIONS_PER_PAGE })
}

export function useInvitations(page: number) {
  return usePagedQuery({ queryKey: queryKeys.invitations.student(page), queryFn: () => getInvitations(page) })
}
