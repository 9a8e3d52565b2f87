import { api, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { Task, TaskQuery } from '@/types/tasks'
import { TASKS_PER_PAGE } from './constants'

/** GET /api/startup/tasks: the startup's own tasks with every submission, paged. */
export function getStartupTasks({ page = 1, ...filters }: TaskQuery): Promise<Paged<Task>> {
  return api.getPage<Task>('/startup/tasks', { query: filters, page, perPage: TASKS_PER_PAGE })
}

export function useStartupTasks(query: TaskQuery, options: { enabled?: boolean } = {}) {
  return usePagedQuery({
    queryKey: queryKeys.tasks.startupList(query),
    queryFn: () => getStartupTasks(query),
    enabled: options.enabled ?? true,
  })
}
