import { api, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'
import { ADMIN_PER_PAGE } from './types'

export type AdminUsersKind = 'students' | 'startups'

/** The orders the people tables offer; the server's default is newest. */
export type AdminUsersSort = 'newest' | 'name'

export type AdminUsersParams = { page: number; search: string; sort: AdminUsersSort }

/**
 * GET /api/admin/students|startups?page=&per_page=&search=&sort= → one page of users whose name,
 * e-mail or company holds the search, newest first or by name. Defaults stay out of the URL.
 */
export function getAdminUsers(kind: AdminUsersKind, { page, search, sort }: AdminUsersParams): Promise<Paged<User>> {
  const query: Record<string, string> = {}
  if (search.trim()) query.search = search.trim()
  if (sort !== 'newest') query.sort = sort
  return api.getPage<User>(`/admin/${kind}`, { page, perPage: ADMIN_PER_PAGE, query })
}

export function useAdminUsers(kind: AdminUsersKind, params: AdminUsersParams, enabled: boolean) {
  return usePagedQuery({
    queryKey: queryKeys.admin.users(kind, params),
    queryFn: () => getAdminUsers(kind, params),
    enabled,
  })
}
