import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { SavedSearch } from '@/lib/tasks/saved-search'

/** GET /api/student/saved-searches → the student's saved searches, newest first (20 at most). */
export function getSavedSearches(): Promise<SavedSearch[]> {
  return api.get<SavedSearch[]>('/student/saved-searches')
}

export function useSavedSearches(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.savedSearches, queryFn: getSavedSearches, enabled: options.enabled ?? true })
}
