import { useState } from 'react'
import { TaskStatusBadge } from '@/components/tasks/task-status-badge'
import { Button } from '@/components/ui/button'
import { isUndecided, submissionStatusOf } from '@/lib/tasks/status'
import type { ReviewAction, ReviewOutcome } from '../api/review-submission'
import { ApproveDialog, RejectDialog, RequestChangesDialog } from './decision-dialogs'

type SubmissionActionsProps = {
  status: string | undefined
  /** The submission's current revision, kept live: a dialog knows when the student replaced the link. */
  revision?: number
  studentName: string
  /** The task's title, named in the confirmation dialogs. */
  taskTitle: string
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
export function SubmissionActions({ status, revision, studentName, taskTitle, onAction, busy, simple = false, assigned = false }: SubmissionActionsProps) {
  const current = submissionStatusOf(status)
  const [open, setOpen] = useState<Open>(null)
  const [seen, setSeen] = useState(revision)
  if (!isUndecided(current) && open === null) return <TaskStatusBadge status={current} />
  const disabled = busy !== undefined
  const show = (dialog: Open) => {
    setSeen(revision)
    setOpen(dialog)
  }
  const close = () => setOpen(null)
  const changedTo = revision !== undefined && seen !== undefined && revision !== seen ? revision : undefined
  const dialog = { studentName, taskTitle, changedTo, onConfirm: (action: ReviewAction) => onAction({ ...action, revision: seen }), onClose: close }
  return (
    <div className="flex flex-wrap gap-2">
      {!simple && current === 'pending' && (
        <Button size="sm" variant="outline" disabled={disabled} isLoading={busy === 'review'} onClick={() => void onAction({ kind: 'review', revision })} aria-label={`Move ${studentName}'s submission to review`}>
          Move to Review
        </Button>
      )}
      <Button size="sm" disabled={disabled} onClick={() => show('approve')} aria-label={`Approve ${studentName}'s submission`}>
        Approve
      </Button>
      <Button size="sm" variant="outline" disabled={disabled} onClick={() => show('request-changes')} aria-label={`Request changes on ${studentName}'s submission`}>
        Request changes
      </Button>
      <Button size="sm" variant="danger" disabled={disabled} onClick={() => show('reject')} aria-label={`Reject ${studentName}'s submission`}>
        Reject
      </Button>
      {open === 'approve' && <ApproveDialog {...dialog} assigned={assigned} busy={busy === 'approve'} />}
      {open === 'request-changes' && <RequestChangesDialog {...dialog} busy={busy === 'request-changes'} />}
      {open === 'reject' && <RejectDialog {...dialog} busy={busy === 'reject'} />}
    </div>
  )
}
