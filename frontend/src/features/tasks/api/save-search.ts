import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { SavedSearch, SaveSearchInput } from '@/lib/tasks/saved-search'

/**
 * POST /api/student/saved-searches → 201 the saved search; 400 with `fields` (name, search, …);
 * 409 "You can keep at most 20 saved searches."
 */
export function saveSearch(input: SaveSearchInput): Promise<SavedSearch> {
  return api.post<SavedSearch>('/student/saved-searches', input)
}

export function useSaveSearch(options: { onSuccess?: (saved: SavedSearch) => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches })
      options.onSuccess?.(saved)
    },
  })
}
