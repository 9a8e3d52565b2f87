import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { queryKeys } from '@/lib/query-keys'

/** What a startup does to a submission (spec §4). */
export type ReviewAction = { kind: 'review' } | { kind: 'approve'; reviewNotes?: string } | { kind: 'reject'; reviewNotes?: string }

export type ReviewInput = { taskId: string; studentId: string; action: ReviewAction }

/**
 * POST /api/startup/tasks/{id}/review {studentId} (pending → under review), or
 * POST /api/startup/tasks/{id}/approve {studentId, approve, reviewNotes}.
 */
export function reviewSubmission({ taskId, studentId, action }: ReviewInput): Promise<unknown> {
  const base = `/startup/tasks/${encodeURIComponent(taskId)}`
  if (action.kind === 'review') return api.post(`${base}/review`, { studentId })
  return api.post(`${base}/approve`, { studentId, approve: action.kind === 'approve', reviewNotes: action.reviewNotes ?? '' })
}

/** After a decision every list that shows the submission reloads (spec §4). */
export function useReviewSubmission(options: { onSuccess?: (input: ReviewInput) => void; onError?: (error: unknown, input: ReviewInput) => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reviewSubmission,
    onSuccess: async (_, input) => {
      options.onSuccess?.(input)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.startup }),
      ])
    },
    onError: (error, input) => options.onError?.(error, input),
  })
}

const success: Record<ReviewAction['kind'], string> = {
  review: 'Submission moved to under review',
  approve: 'Work approved!',
  reject: 'Work rejected',
}

/** The review mutation with the spec's toasts (§8); `busy` names the submission being changed. */
export function useReviewWithToasts() {
  const mutation = useReviewSubmission({
    onSuccess: (input) => notify.success(success[input.action.kind]),
    onError: (_, input) =>
      notify.error(input.action.kind === 'review' ? 'Failed to move submission to review' : 'Failed to update submission status'),
  })
  const busy = mutation.isPending && mutation.variables ? `${mutation.variables.taskId}:${mutation.variables.studentId}` : undefined
  return {
    act: (taskId: string, studentId: string, action: ReviewAction) => mutation.mutate({ taskId, studentId, action }),
    busy,
    busyAction: mutation.isPending ? mutation.variables?.action.kind : undefined,
  }
}
