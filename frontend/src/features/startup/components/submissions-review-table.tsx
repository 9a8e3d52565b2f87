import { RatingPanel } from '@/components/ratings/rate-form'
import { SubmissionsTable } from '@/components/tasks/submissions-table'
import { paths } from '@/config/paths'
import type { PaymentsBy } from '@/lib/payments/get-payments'
import { submissionStatusOf } from '@/lib/tasks/status'
import type { SubmissionRow } from '@/types/tasks'
import type { ReviewAction, ReviewOutcome } from '../api/review-submission'
import { SubmissionActions } from './submission-actions'

type SubmissionsReviewTableProps = {
  rows: SubmissionRow[]
  onAction: (row: SubmissionRow, action: ReviewAction) => Promise<ReviewOutcome>
  /** "taskId:studentId" of the row being changed. */
  busy?: string
  busyAction?: ReviewAction['kind']
  /** The startup's payments by submission, shown on approved rows. */
  payments?: PaymentsBy
}

/**
 * The startup's submissions table: titles open the task, undecided rows can be decided, and
 * approved ones offer Rate student and show their payment.
 */
export function SubmissionsReviewTable({ rows, onAction, busy, busyAction, payments }: SubmissionsReviewTableProps) {
  return (
    <SubmissionsTable
      rows={rows}
      taskHref={paths.startup.task}
      payments={payments}
      actions={(row, studentName) => (
        <div className="flex flex-col items-start gap-2">
          <SubmissionActions
            simple
            status={row.status}
            revision={row.revision}
            studentName={studentName}
            taskTitle={row.task.title}
            taskId={row.task._id}
            onAction={(action) => onAction(row, action)}
            busy={busy === `${row.task._id}:${row.student?._id}` ? busyAction : undefined}
          />
          {submissionStatusOf(row.status) === 'approved' && row.student?._id && (
            <RatingPanel
              label="Rate student"
              taskId={row.task._id}
              studentId={row.student._id}
              rateeId={row.student._id}
              rateeName={studentName}
              closesAt={row.ratingClosesAt}
            />
          )}
        </div>
      )}
    />
  )
}
