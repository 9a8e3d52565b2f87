import { api, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { StudentMatch } from '@/types/matching'

/** How many matched students the task page shows at a time. */
export const MATCHES_PER_PAGE = 10

/** GET /api/startup/tasks/{id}/matches: students ranked for one of the startup's tasks, best first. */
export function getTaskMatches(taskId: string, page: number): Promise<Paged<StudentMatch>> {
  return api.getPage<StudentMatch>(`/startup/tasks/${encodeURIComponent(taskId)}/matches`, { page, perPage: MATCHES_PER_PAGE })
}

export function useTaskMatches(taskId: string, page: number) {
  return usePagedQuery({ queryKey: queryKeys.matches.task(taskId, page), queryFn: () => getTaskMatches(taskId, page) })
}
