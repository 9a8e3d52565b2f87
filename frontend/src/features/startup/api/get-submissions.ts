import { api, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { SubmissionRow } from '@/types/tasks'

export type SubmissionsQuery = { status?: string; page?: number }

/** The submissions table shows 12 rows a page. */
const SUBMISSIONS_PER_PAGE = 12

/** GET /api/startup/submissions: every submission to the startup's tasks, newest first, paged. */
export function getSubmissions({ page = 1, ...filters }: SubmissionsQuery): Promise<Paged<SubmissionRow>> {
  return api.getPage<SubmissionRow>('/startup/submissions', { query: filters, page, perPage: SUBMISSIONS_PER_PAGE })
}

export function useSubmissions(query: SubmissionsQuery) {
  return usePagedQuery({ queryKey: queryKeys.tasks.submissions(query), queryFn: () => getSubmissions(query) })
}
