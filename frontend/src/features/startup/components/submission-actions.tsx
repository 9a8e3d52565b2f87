import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { TaskStatusBadge } from '@/components/tasks/task-status-badge'
import { Button } from '@/components/ui/button'
import { notify } from '@/lib/notify'
import { isUndecided, submissionStatusOf } from '@/lib/tasks/status'
import type { ReviewAction, ReviewOutcome } from '../api/review-submission'
import { startupTaskQuery } from '../api/get-task'
import type { PayTerms } from '../lib/pay-range'
import { ApproveDialog, RejectDialog, RequestChangesDialog } from './decision-dialogs'

type SubmissionActionsProps = {
  status: string | undefined
  /** The submission's current revision, kept live: a dialog knows when the student replaced the link. */
  revision?: number
  studentName: string
  /** The task's title, named in the confirmation dialogs. */
  taskTitle: string
  taskId: string
  /**
   * The task's pay and places, which Approve asks about. A row of a table without them (the
   * submissions table's rows name only the task) reads the task when Approve is pressed.
   */
  terms?: PayTerms
  onAction: (action: ReviewAction) => Promise<ReviewOutcome>
  /** The action in flight on this submission, if any. */
  busy?: ReviewAction['kind']
  /** The simpler tables (dashboard, submissions) have no Move to Review (spec §4). */
  simple?: boolean
  /** The task is assigned to this one student: approving closes it. */
  assigned?: boolean
}

type Open = 'approve' | 'reject' | 'request-changes' | null

/**
 * What a startup can do with one submission: Move to Review while pending; Approve, Request
 * changes and Reject while pending or under review, each asking first in a dialog (with notes);
 * a decided one, or one waiting for the student's changes, shows its status. Every decision
 * names the revision the startup saw; a dialog whose revision the student replaced meanwhile
 * says so and decides nothing.
 */
export function SubmissionActions({
  status,
  revision,
  studentName,
  taskTitle,
  taskId,
  terms,
  onAction,
  busy,
  simple = false,
  assigned = false,
}: SubmissionActionsProps) {
  const queryClient = useQueryClient()
  const current = submissionStatusOf(status)
  const [open, setOpen] = useState<Open>(null)
  const [seen, setSeen] = useState(revision)
  const [loaded, setLoaded] = useState<PayTerms>()
  const [loadingTerms, setLoadingTerms] = useState(false)
  if (!isUndecided(current) && open === null) return <TaskStatusBadge status={current} />
  const disabled = busy !== undefined || loadingTerms
  const show = (dialog: Open) => {
    setSeen(revision)
    setOpen(dialog)
  }
  const approve = async () => {
    if (terms) return show('approve')
    setLoadingTerms(true)
    try {
      // Read now, not from a list cached earlier: another approval may have filled a place.
      setLoaded(await queryClient.fetchQuery({ ...startupTaskQuery(taskId), staleTime: 0 }))
      show('approve')
    } catch {
      notify.error('Failed to load the task')
    } finally {
      setLoadingTerms(false)
    }
  }
  const close = () => setOpen(null)
  const approveTerms = terms ?? loaded
  const changedTo = revision !== undefined && seen !== undefined && revision !== seen ? revision : undefined
  const dialog = { studentName, taskTitle, changedTo, onConfirm: (action: ReviewAction) => onAction({ ...action, revision: seen }), onClose: close }
  return (
    <div className="flex flex-wrap gap-2">
      {!simple && current === 'pending' && (
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          isLoading={busy === 'review'}
          onClick={() => void onAction({ kind: 'review', revision })}
          aria-label={`Move to Review: ${studentName}'s submission`}
        >
          Move to Review
        </Button>
      )}
      <Button
        size="sm"
        disabled={disabled}
        isLoading={loadingTerms}
        onClick={() => void approve()}
        aria-label={`Approve ${studentName}'s submission`}
      >
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={disabled}
        onClick={() => show('request-changes')}
        aria-label={`Request changes on ${studentName}'s submission`}
      >
        Request changes
      </Button>
      <Button size="sm" variant="danger" disabled={disabled} onClick={() => show('reject')} aria-label={`Reject ${studentName}'s submission`}>
        Reject
      </Button>
      {open === 'approve' && approveTerms && <ApproveDialog {...dialog} assigned={assigned} terms={approveTerms} busy={busy === 'approve'} />}
      {open === 'request-changes' && <RequestChangesDialog {...dialog} busy={busy === 'request-changes'} />}
      {open === 'reject' && <RejectDialog {...dialog} busy={busy === 'reject'} />}
    </div>
  )
}
