import { useId, useState } from 'react'
import { TaskStatusBadge } from '@/components/tasks/task-status-badge'
import { Button } from '@/components/ui/button'
import { submissionStatusOf } from '@/lib/tasks/status'
import type { ReviewAction } from '../api/review-submission'

type SubmissionActionsProps = {
  status: string | undefined
  studentName: string
  onAction: (action: ReviewAction) => void
  /** The action in flight on this submission, if any. */
  busy?: ReviewAction['kind']
  /**
   * The simpler tables (dashboard, submissions) go straight from pending to approved or rejected,
   * without review or notes (spec §4).
   */
  simple?: boolean
}

/**
 * What a startup can do with one submission (spec §4): Move to Review while pending; Approve and
 * Reject, with optional notes, while pending or under review; a decided one shows its status.
 */
export function SubmissionActions({ status, studentName, onAction, busy, simple = false }: SubmissionActionsProps) {
  const current = submissionStatusOf(status)
  const [notes, setNotes] = useState('')
  const notesId = useId()
  if (current !== 'pending' && current !== 'under-review') return <TaskStatusBadge status={current} />
  const disabled = busy !== undefined
  return (
    <div className="flex flex-col gap-2">
      {!simple && (
        <div>
          <label htmlFor={notesId} className="sr-only">{`Review notes for ${studentName} (optional)`}</label>
          <input
            id={notesId}
            value={notes}
            maxLength={1000}
            onChange={(event) => setNotes(event.target.value)}
            placeholder="Review notes (optional)"
            className="block w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
          />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {!simple && current === 'pending' && (
          <Button size="sm" variant="outline" disabled={disabled} isLoading={busy === 'review'} onClick={() => onAction({ kind: 'review' })} aria-label={`Move ${studentName}'s submission to review`}>
            Move to Review
          </Button>
        )}
        <Button
          size="sm"
          disabled={disabled}
          isLoading={busy === 'approve'}
          onClick={() => onAction({ kind: 'approve', reviewNotes: notes.trim() })}
          aria-label={`Approve ${studentName}'s submission`}
        >
          Approve
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={disabled}
          isLoading={busy === 'reject'}
          onClick={() => onAction({ kind: 'reject', reviewNotes: notes.trim() })}
          aria-label={`Reject ${studentName}'s submission`}
        >
          Reject
        </Button>
      </div>
    </div>
  )
}
