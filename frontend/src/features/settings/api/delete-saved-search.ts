import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { SavedSearch } from '@/lib/tasks/saved-search'

/** DELETE /api/student/saved-searches/{id} → 200 {message}; 404 "Saved search not found." */
export function deleteSavedSearch(id: string): Promise<{ message: string }> {
  return api.delete(`/student/saved-searches/${encodeURIComponent(id)}`)
}

export function useDeleteSavedSearch(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: async (_answer, id) => {
      // Gone from the list at once; the refetch then confirms what the server keeps.
      queryClient.setQueryData<SavedSearch[]>(queryKeys.savedSearches, (list) => list?.filter((saved) => saved._id !== id))
      await queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches })
      options.onSuccess?.()
    },
    onError: async (error) => {
      // Already gone (deleted in another tab): the refetch shows what is left.
      await queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches })
      options.onError?.(error)
    },
  })
}
