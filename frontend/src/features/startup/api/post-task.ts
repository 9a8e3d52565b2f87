import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Task } from '@/types/tasks'

export type PostTaskInput = {
  title: string
  description: string
  workType: string
  category: string
  skills: string[]
  estimatedHours: number
  deadline: string
  budget: { min: number; max: number }
  /** ISO 4217 code of the budget; the server's default (USD) when left out. */
  currency?: string
  priority: string
  imageUrl: string
  attachments: Array<{ name: string; url: string }>
  assignedStudent?: string
  /** 0 to 10; the server's default is 3. */
  revisionRounds?: number
  /** Paid places, 1 to 50: how many approved submissions the task pays; the server's default is 1. */
  seats?: number
}

/** POST /api/startup/tasks. */
export function postTask(input: PostTaskInput): Promise<Task> {
  return api.post<Task>('/startup/tasks', input)
}

export function usePostTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postTask,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.startup }),
      ]),
  })
}
