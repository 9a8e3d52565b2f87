import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { paths } from '@/types/api.gen'

export type SubmitLinkInput = { taskId: string; link: string }

type SubmitLinkResult = paths['/api/student/tasks/{id}/submit-link']['post']['responses'][200]['content']['application/json']

/** POST /api/student/tasks/{id}/submit-link: a resubmission before review replaces the link. */
export function submitLink({ taskId, link }: SubmitLinkInput): Promise<SubmitLinkResult> {
  return api.post(`/student/tasks/${encodeURIComponent(taskId)}/submit-link`, { link })
}

export function useSubmitLink(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitLink,
    onSuccess: async () => {
      // The task leaves "available" and joins the student's own list; counts change too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.student }),
      ])
      options.onSuccess?.()
    },
    onError: (error) => options.onError?.(error),
  })
}
