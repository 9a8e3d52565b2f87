import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Task } from '@/types/tasks'
import type { PostTaskInput } from './post-task'

/** What of the Post New Work form a startup may change later: currency, places, revision rounds and assignee stay as posted. */
export type EditTaskInput = Omit<PostTaskInput, 'currency' | 'assignedStudent' | 'revisionRounds' | 'seats'>

/** PUT /api/startup/tasks/{id}: the whole editable form, checked as posting checks it. */
export function editTask({ id, input }: { id: string; input: EditTaskInput }): Promise<Task> {
  return api.put<Task>(`/startup/tasks/${encodeURIComponent(id)}`, input)
}

export function useEditTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: editTask,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.startup }),
      ]),
  })
}
