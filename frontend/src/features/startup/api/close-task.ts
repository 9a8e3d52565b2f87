import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Task } from '@/types/tasks'

/** The server's limit on the reason (backend/tasks, MaxCloseReasonLen). */
export const CLOSE_REASON_MAX = 500
export const CLOSE_REASON_REQUIRED = 'Say why you are closing this task'

/** POST /api/startup/tasks/{id}/close: the task ends unfilled; its students with open work are told the reason. */
export function closeTask({ id, reason }: { id: string; reason: string }): Promise<Task> {
  return api.post<Task>(`/startup/tasks/${encodeURIComponent(id)}/close`, { reason })
}

export function useCloseTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: closeTask,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.startup }),
      ]),
  })
}
