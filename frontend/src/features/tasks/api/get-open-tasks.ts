import { api, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import { TASKS_PER_PAGE } from '@/lib/tasks/constants'
import type { Task, TaskQuery } from '@/types/tasks'

/**
 * GET /api/tasks: the open market, for anyone signed in or not (read-only, no submissions). The
 * server counts only a few pages ahead, so a page may come without its total.
 */
export function getOpenTasks({ page = 1, ...filters }: TaskQuery): Promise<Paged<Task>> {
  return api.getPage<Task>('/tasks', { query: { ...filters, source: undefined }, page, perPage: TASKS_PER_PAGE })
}

export function useOpenTasks(query: TaskQuery, options: { enabled?: boolean } = {}) {
  return usePagedQuery({
    queryKey: queryKeys.tasks.list({ scope: 'public', ...query }),
    queryFn: () => getOpenTasks(query),
    enabled: options.enabled ?? true,
  })
}
