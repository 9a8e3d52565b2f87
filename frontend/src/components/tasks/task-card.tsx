import { CalendarDays, Clock, Wallet } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PaymentRecordLine } from '@/components/payments/payment-record'
import { PayTerms } from '@/components/payments/pay-terms'
import { Card } from '@/components/ui/card'
import { ReadMore } from '@/components/ui/read-more'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { paths } from '@/config/paths'
import { labelOf, TASK_PAGE_SKILLS } from '@/lib/tasks/constants'
import { formatDate, personName } from '@/lib/tasks/status'
import type { Task } from '@/types/tasks'
import { SkillList } from './skill-list'
import { TaskImages } from './task-images'
import { TaskStatusBadge } from './task-status-badge'

type TaskCardProps = {
  task: Task
  /** Use the student's wording for the status (spec §4). */
  forStudent?: boolean
  skillsShown?: number
  /** Hide the posting startup (on the startup's own lists). */
  hideStartup?: boolean
  children?: ReactNode
}

/**
 * One task: title (a link to its page), the startup with its payment record, status,
 * description with Read more, facts with the pay terms (pay in its currency, paid places, who
 * holds the money), skills, images, then actions.
 */
export function TaskCard({ task, forStudent = false, skillsShown = TASK_PAGE_SKILLS, hideStartup = false, children }: TaskCardProps) {
  return (
    <Card role="article" aria-label={task.title} className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">
            <Link
              to={paths.task(task._id)}
              className="rounded hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {task.title}
            </Link>
          </h3>
          {!hideStartup && (
            <>
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
                {personName(task.startup)}
                {task.startup?.verifiedDomain && <VerifiedBadge domain={task.startup.verifiedDomain} />}
              </p>
              <PaymentRecordLine record={task.startup?.paymentRecord} className="text-xs" />
            </>
          )}
        </div>
        <TaskStatusBadge status={task.displayStatus || task.status} forStudent={forStudent} />
      </div>
      <ReadMore text={task.description} />
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <div className="flex items-center gap-1 font-medium text-slate-900">
          <Wallet className="size-3.5" aria-hidden="true" />
          <dt className="sr-only">Pay</dt>
          <dd>
            <PayTerms task={task} />
          </dd>
        </div>
        <div className="flex items-center gap-1">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          <dt className="sr-only">Due</dt>
          <dd>Due {formatDate(task.deadline)}</dd>
        </div>
        <div>
          <dt className="sr-only">Category</dt>
          <dd>{labelOf(task.category)}</dd>
        </div>
        <div>
          <dt className="sr-only">Work type</dt>
          <dd>{labelOf(task.workType)}</dd>
        </div>
        {task.estimatedHours > 0 && (
          <div className="flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            <dt className="sr-only">Estimated hours</dt>
            <dd>{task.estimatedHours} h</dd>
          </div>
        )}
      </dl>
      <SkillList skills={task.skills} shown={skillsShown} />
      <TaskImages task={task} />
      {children}
    </Card>
  )
}
