import { SubmissionsTable } from '@/components/tasks/submissions-table'
import { paths } from '@/config/paths'
import type { SubmissionRow } from '@/types/tasks'
import type { ReviewAction } from '../api/review-submission'
import { SubmissionActions } from './submission-actions'

type SubmissionsReviewTableProps = {
  rows: SubmissionRow[]
  onAction: (row: SubmissionRow, action: ReviewAction) => void
  /** "taskId:studentId" of the row being changed. */
  busy?: string
  busyAction?: ReviewAction['kind']
}

/** The startup's submissions table: titles open the task, and undecided rows can be decided. */
export function SubmissionsReviewTable({ rows, onAction, busy, busyAction }: SubmissionsReviewTableProps) {
  return (
    <SubmissionsTable
      rows={rows}
      taskHref={paths.startup.task}
      actions={(row, studentName) => (
        <SubmissionActions
          simple
          status={row.status}
          studentName={studentName}
          onAction={(action) => onAction(row, action)}
          busy={busy === `${row.task._id}:${row.student?._id}` ? busyAction : undefined}
        />
      )}
    />
  )
}
