import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Page, Task, TaskQuery } from './types'

/** GET /api/tasks: the open market, for anyone signed in or not (read-only, no submissions). */
export function getOpenTasks(query: TaskQuery): Promise<Page<Task>> {
  return api.get<Page<Task>>('/tasks', { query: { ...query, source: undefined } })
}

export function useOpenTasks(query: TaskQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.tasks.list({ scope: 'public', ...query }),
    queryFn: () => getOpenTasks(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  })
}
