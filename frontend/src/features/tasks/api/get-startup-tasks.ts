import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Page, Task, TaskQuery } from './types'

/** The My Works tab counts under the same search: all, open, under-review, completed. */
export type TabCounts = Record<'all' | 'open' | 'under-review' | 'completed', number>

export type StartupTaskPage = Page<Task> & { counts: TabCounts }

/** GET /api/startup/tasks: the startup's own tasks with every submission, paged, with tab counts. */
export function getStartupTasks(query: TaskQuery): Promise<StartupTaskPage> {
  return api.get<StartupTaskPage>('/startup/tasks', { query })
}

export function useStartupTasks(query: TaskQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.tasks.startupList(query),
    queryFn: () => getStartupTasks(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  })
}
