import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'
import type { Paged } from './types'

export type AdminUsersPage = Paged<'users', User>

/** GET /api/admin/students|startups?page= → one page of users, newest first. */
export function getAdminUsers(kind: 'students' | 'startups', page: number): Promise<AdminUsersPage> {
  return api.get<AdminUsersPage>(`/admin/${kind}`, { query: { page } })
}

export function useAdminUsers(kind: 'students' | 'startups', page: number, enabled: boolean) {
  return useQuery({
    queryKey: kind === 'students' ? queryKeys.admin.students(page) : queryKeys.admin.startups(page),
    queryFn: () => getAdminUsers(kind, page),
    enabled,
    placeholderData: keepPreviousData,
  })
}
