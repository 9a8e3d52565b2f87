import { api, MAX_PER_PAGE, type Paged } from '@/lib/api-client'
import { signedLinkRefresh } from '@/lib/files'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'

/**
 * GET /api/startup/students[?skills=a,b] → students with any of the skills (all without), as
 * many a page as the server serves: the grid showed every student before the list was paged.
 */
export function getStudents(skills: string, page: number): Promise<Paged<User>> {
  return api.getPage<User>('/startup/students', { query: { skills: skills.trim() }, page, perPage: MAX_PER_PAGE })
}

export function useStudents(skills: string, page: number) {
  return usePagedQuery({ queryKey: queryKeys.students.list(skills.trim(), page), queryFn: () => getStudents(skills, page), ...signedLinkRefresh })
}
