import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, errorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { queryKeys } from '@/lib/query-keys'

/** What a startup does to a submission (spec §4, issue 15's changes and closing). */
export type ReviewAction =
  | { kind: 'review' }
  | { kind: 'approve'; reviewNotes?: string; closeTask?: boolean }
  | { kind: 'reject'; reviewNotes?: string }
  | { kind: 'request-changes'; reviewNotes: string }

export type ReviewInput = { taskId: string; studentId: string; action: ReviewAction }

/** How a decision ended: nothing when it was taken, else the API's error. */
export type ReviewOutcome = { error?: unknown }

/**
 * POST /api/startup/tasks/{id}/review {studentId} (pending → under review),
 * POST /api/startup/tasks/{id}/approve {studentId, approve, reviewNotes, closeTask}, or
 * POST /api/startup/tasks/{id}/request-changes {studentId, reviewNotes}.
 */
export function reviewSubmission({ taskId, studentId, action }: ReviewInput): Promise<unknown> {
  const base = `/startup/tasks/${encodeURIComponent(taskId)}`
  switch (action.kind) {
    case 'review':
      return api.post(`${base}/review`, { studentId })
    case 'request-changes':
      return api.post(`${base}/request-changes`, { studentId, reviewNotes: action.reviewNotes })
    case 'approve':
      return api.post(`${base}/approve`, { studentId, approve: true, reviewNotes: action.reviewNotes ?? '', closeTask: action.closeTask ?? false })
    case 'reject':
      return api.post(`${base}/approve`, { studentId, approve: false, reviewNotes: action.reviewNotes ?? '' })
  }
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
  'request-changes': 'Changes requested',
}

const failure: Record<ReviewAction['kind'], string> = {
  review: 'Failed to move submission to review',
  approve: 'Failed to update submission status',
  reject: 'Failed to update submission status',
  'request-changes': 'Failed to request changes',
}

/** The review mutation with the spec's toasts (§8); `busy` names the submission being changed. */
export function useReviewWithToasts() {
  const mutation = useReviewSubmission({
    onSuccess: (input) => notify.success(success[input.action.kind]),
    // The spec's texts for its own actions; a refused request for changes (all revision rounds
    // used) says why. The dialogs also show the server's reason beside their fields.
    onError: (error, input) =>
      notify.error(input.action.kind === 'request-changes' ? errorMessage(error, failure[input.action.kind]) : failure[input.action.kind]),
  })
  const busy = mutation.isPending && mutation.variables ? `${mutation.variables.taskId}:${mutation.variables.studentId}` : undefined
  return {
    /** Resolves once the decision was taken or refused; a dialog stays open on a refusal. */
    act: (taskId: string, studentId: string, action: ReviewAction): Promise<ReviewOutcome> =>
      mutation.mutateAsync({ taskId, studentId, action }).then(
        () => ({}),
        (error: unknown) => ({ error }),
      ),
    busy,
    busyAction: mutation.isPending ? mutation.variables?.action.kind : undefined,
  }
}

export type ReviewHandler = (taskId: string, studentId: string, action: ReviewAction) => Promise<ReviewOutcome>
