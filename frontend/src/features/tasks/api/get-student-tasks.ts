import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Page, Task, TaskQuery } from './types'

export type StudentScope = 'available' | 'mine'

/**
 * GET /api/student/tasks/all: `available` is the open market minus what the student already
 * submitted to; `mine` is their assigned and submitted tasks, each with their own submission.
 */
export function getStudentTasks(scope: StudentScope, query: TaskQuery): Promise<Page<Task>> {
  return api.get<Page<Task>>('/student/tasks/all', { query: { scope, ...query } })
}

export function useStudentTasks(scope: StudentScope, query: TaskQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.tasks.studentList(scope, query),
    queryFn: () => getStudentTasks(scope, query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  })
}
