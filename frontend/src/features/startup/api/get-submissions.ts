import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Page, SubmissionRow } from '@/features/tasks'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type SubmissionsQuery = { status?: string; page?: number }

/** GET /api/startup/submissions: every submission to the startup's tasks, newest first, paged. */
export function getSubmissions(query: SubmissionsQuery): Promise<Page<SubmissionRow>> {
  return api.get<Page<SubmissionRow>>('/startup/submissions', { query })
}

export function useSubmissions(query: SubmissionsQuery) {
  return useQuery({ queryKey: queryKeys.tasks.submissions(query), queryFn: () => getSubmissions(query), placeholderData: keepPreviousData })
}
