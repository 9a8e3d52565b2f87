import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** DELETE /api/startup/tasks/{id}: a task nobody submitted to is deleted. */
export function withdrawTask(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/startup/tasks/${encodeURIComponent(id)}`)
}

export function useWithdrawTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: withdrawTask,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.startup }),
      ]),
  })
}
