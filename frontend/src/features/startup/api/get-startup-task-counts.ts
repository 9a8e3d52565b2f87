import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'
import type { TaskQuery } from '@/types/tasks'

/** The My Works tab counts: all, open, under-review, completed. */
export type TabCounts = components['schemas']['TaskCounts']

/** The filters the counts follow: the list's search, without its tab and page. */
export type CountsQuery = Omit<TaskQuery, 'status' | 'page'>

/** GET /api/startup/tasks/counts: how many of the startup's tasks each tab holds under the same search. */
export function getStartupTaskCounts(query: CountsQuery): Promise<TabCounts> {
  return api.get<TabCounts>('/startup/tasks/counts', { query })
}

export function useStartupTaskCounts(query: CountsQuery = {}) {
  return useQuery({ queryKey: queryKeys.tasks.startupCounts(query), queryFn: () => getStartupTaskCounts(query) })
}
