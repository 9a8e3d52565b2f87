import { api, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'
import { ADMIN_PER_PAGE } from './types'

/** GET /api/admin/students|startups?page=&per_page= → one page of users, newest first. */
export function getAdminUsers(kind: 'students' | 'startups', page: number): Promise<Paged<User>> {
  return api.getPage<User>(`/admin/${kind}`, { page, perPage: ADMIN_PER_PAGE })
}

export function useAdminUsers(kind: 'students' | 'startups', page: number, enabled: boolean) {
  return usePagedQuery({
    queryKey: kind === 'students' ? queryKeys.admin.students(page) : queryKeys.admin.startups(page),
    queryFn: () => getAdminUsers(kind, page),
    enabled,
  })
}
