import { api, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import { TASKS_PER_PAGE } from '@/lib/tasks/constants'
import type { Task, TaskQuery } from '@/types/tasks'

export type StudentScope = 'available' | 'mine'

/**
 * GET /api/student/tasks/all: `available` is the open market minus what the student already
 * submitted to; `mine` is their assigned and submitted tasks, each with their own submission.
 */
export function getStudentTasks(scope: StudentScope, { page = 1, ...filters }: TaskQuery): Promise<Paged<Task>> {
  return api.getPage<Task>('/student/tasks/all', { query: { scope, ...filters }, page, perPage: TASKS_PER_PAGE })
}

export function useStudentTasks(scope: StudentScope, query: TaskQuery, options: { enabled?: boolean } = {}) {
  return usePagedQuery({
    queryKey: queryKeys.tasks.studentList(scope, query),
    queryFn: () => getStudentTasks(scope, query),
    enabled: options.enabled ?? true,
  })
}
