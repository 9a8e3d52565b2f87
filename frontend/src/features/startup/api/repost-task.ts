import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Task } from '@/types/tasks'
import type { EditTaskInput } from './edit-task'

/** POST /api/startup/tasks/{id}/repost: a closed or completed task posted again, as a new open task, with the form's changes. */
export function repostTask({ id, input }: { id: string; input: Partial<EditTaskInput> }): Promise<Task> {
  return api.post<Task>(`/startup/tasks/${encodeURIComponent(id)}/repost`, input)
}

export function useRepostTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: repostTask,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.startup }),
      ]),
  })
}
