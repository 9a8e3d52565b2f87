import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PayTerms } from '@/components/payments/pay-terms'
import { SkillList } from '@/components/tasks/skill-list'
import { TaskImages } from '@/components/tasks/task-images'
import { TaskStatusBadge } from '@/components/tasks/task-status-badge'
import { Card } from '@/components/ui/card'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { paths } from '@/config/paths'
import { labelOf } from '@/lib/tasks/constants'
import type { PaymentsBy } from '@/lib/payments/get-payments'
import { assigneeLabel, formatDate } from '@/lib/tasks/status'
import type { Task } from '@/types/tasks'
import type { ReviewAction, ReviewHandler } from '../api/review-submission'
import { FundTask } from './fund-task'
import { SubmissionList } from './submission-list'
import { TaskControls } from './task-controls'

type TaskDetailViewProps = {
  task: Task
  onAction: ReviewHandler
  busy?: string
  busyAction?: ReviewAction['kind']
  /** The startup's payments by submission, beside the approved ones. */
  payments?: PaymentsBy
  /** After Withdraw: the task is gone. */
  onWithdrawn?: () => void
  /** The students ranked for the task, to invite (the page's Find students panel). */
  matches?: ReactNode
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-800">{children}</dd>
    </div>
  )
}

/** The body of /startup/tasks/{id}: every field of one task, its images and its submissions with actions. */
export function TaskDetailView({ task, onAction, busy, busyAction, payments, onWithdrawn, matches }: TaskDetailViewProps) {
  return (
    <>
      <title>{`${task.title} · Bridgework`}</title>
      <Link to={paths.startup.tasks} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        My Works
      </Link>
      <Card className="space-y-5 p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="break-words text-2xl font-bold text-slate-900">{task.title}</h2>
            {task.startup?.verifiedDomain && <VerifiedBadge domain={task.startup.verifiedDomain} className="mt-1" />}
          </div>
          <TaskStatusBadge status={task.displayStatus} />
        </div>
        <TaskControls task={task} onWithdrawn={onWithdrawn} />
        {task.status === 'closed' && task.closedReason && (
          <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
            Closed{task.closedAt ? ` on ${formatDate(task.closedAt)}` : ''}: {task.closedReason}
          </p>
        )}
        <FundTask task={task} />
        <p className="whitespace-pre-line break-words text-slate-700">{task.description}</p>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact label="Work type">{labelOf(task.workType)}</Fact>
          <Fact label="Category">{labelOf(task.category)}</Fact>
          <Fact label="Deadline">{formatDate(task.deadline)}</Fact>
          <Fact label="Estimated hours">{task.estimatedHours}</Fact>
          <Fact label="Budget">
            <PayTerms task={task} />
          </Fact>
          <Fact label="Priority">{labelOf(task.priority || 'medium')}</Fact>
          <Fact label="Assigned to">{assigneeLabel(task)}</Fact>
          <Fact label="Posted">{formatDate(task.createdAt)}</Fact>
          {task.completedAt && <Fact label="Completed">{formatDate(task.completedAt)}</Fact>}
        </dl>
        <div>
          <h2 className="mb-2 text-sm font-semibold text-slate-700">Skills</h2>
          <SkillList skills={task.skills} shown={task.skills.length} />
        </div>
        <TaskImages task={task} />
      </Card>
      {matches}
      <section aria-labelledby="submissions-heading" className="space-y-3">
        <h2 id="submissions-heading" className="text-xl font-semibold text-slate-900">
          Submissions
        </h2>
        <SubmissionList task={task} onAction={onAction} busy={busy} busyAction={busyAction} payments={payments} />
      </section>
    </>
  )
}
