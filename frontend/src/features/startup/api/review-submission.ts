import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, errorMessage, isApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { queryKeys } from '@/lib/query-keys'

/**
 * What a startup does to a submission (spec §4, with changes asked for and closing). `revision`
 * is the revision the startup saw: the server refuses the decision (409) once the student has
 * sent a newer link, so no decision vouches for a link its reviewer did not open.
 */
export type ReviewAction = { revision?: number } & (
  | { kind: 'review' }
  | {
      kind: 'approve'
      reviewNotes?: string
      /** true completes the task now, false keeps it open (adding a place on the last); left out, it fills one place. */
      closeTask?: boolean
      /** What the approval pays, in the budget's units; left out on unpaid work. */
      payAmount?: number
    }
  | { kind: 'reject'; reviewNotes?: string }
  | { kind: 'request-changes'; reviewNotes: string }
)

export type ReviewInput = { taskId: string; studentId: string; action: ReviewAction }

/** How a decision ended: nothing when it was taken, else the API's error. */
export type ReviewOutcome = { error?: unknown }

/**
 * POST /api/startup/tasks/{id}/review {studentId, revision} (pending → under review),
 * POST /api/startup/tasks/{id}/approve {studentId, approve: true, reviewNotes, closeTask, payAmount, revision},
 * POST /api/startup/tasks/{id}/reject {studentId, reviewNotes, revision}, or
 * POST /api/startup/tasks/{id}/request-changes {studentId, reviewNotes, revision}.
 */
export function reviewSubmission({ taskId, studentId, action }: ReviewInput): Promise<unknown> {
  const base = `/startup/tasks/${encodeURIComponent(taskId)}`
  const { revision } = action
  switch (action.kind) {
    case 'review':
      return api.post(`${base}/review`, { studentId, revision })
    case 'request-changes':
      return api.post(`${base}/request-changes`, { studentId, reviewNotes: action.reviewNotes, revision })
    case 'approve':
      return api.post(`${base}/approve`, {
        studentId,
        approve: true,
        reviewNotes: action.reviewNotes ?? '',
        closeTask: action.closeTask,
        payAmount: action.payAmount,
        revision,
      })
    case 'reject':
      return api.post(`${base}/reject`, { studentId, reviewNotes: action.reviewNotes ?? '', revision })
  }
}

/** After a decision every list that shows the submission reloads (spec §4), and the payments: an approval of paid work opens one. */
export function useReviewSubmission(
  options: { onSuccess?: (input: ReviewInput) => void; onError?: (error: unknown, input: ReviewInput) => void } = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reviewSubmission,
    onSuccess: async (_, input) => {
      options.onSuccess?.(input)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.startup }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments.all }),
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

/** A refusal because the submission changed state, or revision, since the startup saw it. */
function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409
}

/** The review mutation with the spec's toasts (§8); `busy` names the submission being changed. */
export function useReviewWithToasts() {
  const mutation = useReviewSubmission({
    onSuccess: (input) => notify.success(success[input.action.kind]),
    // The spec's texts for its own actions; a refused request for changes (all revision rounds
    // used) and a decision on a revision the student has replaced say why. The dialogs also show
    // the server's reason beside their fields.
    onError: (error, input) =>
      notify.error(
        input.action.kind === 'request-changes' || isConflict(error) ? errorMessage(error, failure[input.action.kind]) : failure[input.action.kind],
      ),
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
