import { PaymentStep } from '@/components/payments/payment-step'
import { RatingPanel } from '@/components/ratings/rate-form'
import { RevisionHistory, RevisionSummary } from '@/components/tasks/revision-history'
import { webHref } from '@/lib/files'
import type { PaymentsBy } from '@/lib/payments/get-payments'
import { formatDate, personName, submissionStatusOf } from '@/lib/tasks/status'
import type { Task } from '@/types/tasks'
import type { ReviewAction, ReviewHandler } from '../api/review-submission'
import { SubmissionActions } from './submission-actions'

type SubmissionListProps = {
  task: Task
  onAction: ReviewHandler
  busy?: string
  busyAction?: ReviewAction['kind']
  /** The startup's payments by submission: an approved one on paid work shows its payment's step. */
  payments?: PaymentsBy
}

/**
 * A task's submissions with their actions, revision, latest notes and History; approved work
 * offers Rate student and, on paid work, shows its payment. "No submissions yet." when there are none.
 */
export function SubmissionList({ task, onAction, busy, busyAction, payments }: SubmissionListProps) {
  if (task.submissions.length === 0) return <p className="text-sm text-slate-500">No submissions yet.</p>
  return (
    // A container query, not the viewport: in My Works' two columns a card is narrow on a wide screen.
    <ul aria-label={`Submissions for ${task.title}`} className="@container divide-y divide-slate-100 rounded-xl border border-slate-200">
      {task.submissions.map((sub) => {
        const studentId = sub.student?._id ?? ''
        const name = personName(sub.student)
        const href = webHref(sub.link)
        return (
          <li key={sub._id} aria-label={`${name}'s submission`} className="grid gap-2 p-3 @xl:grid-cols-[1fr_auto] @xl:items-start">
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium text-slate-900">{name}</p>
              {href ? (
                // One line, cut with an ellipsis: the whole link is its title and where it goes.
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  title={sub.link}
                  className="block truncate text-sm text-indigo-700 hover:underline"
                >
                  {sub.link}
                </a>
              ) : (
                <p title={sub.link} className="truncate text-sm">
                  {sub.link}
                </p>
              )}
              <p className="text-xs text-slate-500">Submitted {formatDate(sub.submittedAt)}</p>
              <RevisionSummary revision={sub.revision} reviewNotes={sub.reviewNotes} revisions={sub.revisions} />
              <RevisionHistory revisions={sub.revisions} whose={`${name}'s submission`} />
            </div>
            <div className="flex flex-col items-start gap-2 sm:items-end">
              <SubmissionActions
                status={sub.status}
                revision={sub.revision}
                studentName={name}
                taskTitle={task.title}
                taskId={task._id}
                terms={task}
                assigned={Boolean(studentId) && task.assignedStudent?._id === studentId}
                onAction={(action) => onAction(task._id, studentId, action)}
                busy={busy === `${task._id}:${studentId}` ? busyAction : undefined}
              />
              <PaymentStep payment={payments?.get(sub._id)} side="startup" />
              {submissionStatusOf(sub.status) === 'approved' && studentId && (
                <RatingPanel
                  label="Rate student"
                  taskId={task._id}
                  studentId={studentId}
                  rateeId={studentId}
                  rateeName={name}
                  closesAt={sub.ratingClosesAt}
                />
              )}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
